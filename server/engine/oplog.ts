/** The operation log: one row per write through the engine, in the write's own transaction. */
import type { OperationType } from '../db/types';
import type {} from '../db/types-api-keys';
import type { Caller } from './scope';
import type { Db } from './table';
import { emitRecordChanged } from '../webhooks/emit';
import { writeAtCommit } from '../db/tenant-scope';

export interface Operation {
  type: OperationType;
  method: string;
  path: string;
  resource: string;
  ids: readonly string[];
  /** Rows concerned when not every id is listed (exports). */
  count?: number;
}

/** The method and path (without its query) an operation is logged under. */
export const requestLine = (request: { method: string; url: string }) => ({
  method: request.method,
  path: request.url.split('?')[0] ?? request.url,
});

const MAX_IDS = 1000;

/** Logs a write in its transaction; the row goes with the COMMIT (nothing in the transaction reads it). */
export async function logOperation(db: Db, caller: Caller, op: Operation): Promise<void> {
  const insert = db.insertInto('operation_log').values({
    tenant_id: caller.tenantId,
    factory_id: caller.factoryId,
    user_id: caller.userId,
    account: caller.account,
    operation_id: caller.operationId,
    type: op.type,
    method: op.method,
    path: op.path.slice(0, 500),
    resource: op.resource,
    record_ids: JSON.stringify(op.ids.slice(0, MAX_IDS)),
    record_count: op.count ?? op.ids.length,
    api_key_name: caller.apiKeyName ?? null,
  });
  await writeAtCommit(db, insert);
  // Every write of the engine is logged here, in its transaction: the same place reports it to webhooks.
  if (op.type !== 'export' && op.ids.length > 0) {
    await emitRecordChanged(db, caller.tenantId, {
      resource: op.resource,
      type: op.type,
      ids: op.ids,
      userId: caller.userId,
      factoryId: caller.factoryId,
    });
  }
}
