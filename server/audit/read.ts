/** Reading a record's history (issue 25): the tenant's entries of one record, newest first. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditAction, AuditChange, AuditEntry } from '../../model/audit';
import type { DB } from '../db/types';
import type { AuditEntryTable } from '../db/types-audit';
import { itemId, recordKey, unpackRecord, type BatchChanges } from './batch';
import { contentOf } from './verify';

export interface HistoryScope {
  tenantId: string;
  /** The caller's factory: entries of another factory stay hidden; entries of no factory are shown. */
  factoryId: string | null;
}

type BatchRow = Pick<
  Selectable<AuditEntryTable>,
  | 'id'
  | 'seq'
  | 'at'
  | 'action'
  | 'entity'
  | 'factory_id'
  | 'user_id'
  | 'user_name'
  | 'api_key_name'
  | 'ip'
  | 'operation_id'
  | 'import_job_id'
> & { batch: string };

const newestFirst = (a: { at: string; seq: number }, b: { at: string; seq: number }) =>
  a.at === b.at ? b.seq - a.seq : a.at < b.at ? 1 : -1;

/**
 * Entries of the record's own rows, read through the index on (tenant_id, entity, record_id, at), and
 * of the batch rows naming it (an import's chunks, migration 037), found through the GIN index on
 * `record_keys` (`audit_batch_seqs`).
 */
export async function recordHistory(
  db: Kysely<DB>,
  scope: HistoryScope,
  entity: string,
  recordId: string,
  limit: number,
): Promise<AuditEntry[]> {
  let q = db
    .selectFrom('audit_entry')
    .selectAll()
    .where('tenant_id', '=', scope.tenantId)
    .where('entity', '=', entity)
    .where('record_id', '=', recordId);
  q = scope.factoryId
    ? q.where((eb) => eb.or([eb('factory_id', 'is', null), eb('factory_id', '=', scope.factoryId)]))
    : q.where('factory_id', 'is', null);
  const factory = scope.factoryId
    ? sql`(factory_id is null or factory_id = ${scope.factoryId})`
    : sql`factory_id is null`;
  const [own, batches] = await Promise.all([
    q.orderBy('at', 'desc').orderBy('seq', 'desc').limit(limit).execute(),
    // Rows whose keys include the record's; a key two ids share is told apart by the ids.
    sql<BatchRow>`select id, seq, at, action, entity, factory_id, user_id, user_name, api_key_name, ip, operation_id, import_job_id, batch
      from audit_entry
      where tenant_id = ${scope.tenantId} and seq in (select audit_batch_seqs(${scope.tenantId}::uuid, ${entity}, ${recordKey(recordId)})) and entity = ${entity} and ${factory}
      order by at desc, seq desc limit ${limit}`.execute(db),
  ]);
  const entries: (AuditEntry & { seq: number })[] = own.map((r) => {
    const c = contentOf(scope.tenantId, r);
    return {
      seq: Number(r.seq),
      id: c.id,
      at: c.at,
      action: c.action as AuditAction,
      entity: c.entity,
      recordId: c.recordId,
      recordCode: c.recordCode,
      factoryId: c.factoryId,
      userId: c.userId,
      userName: c.userName,
      apiKeyName: c.apiKeyName,
      ip: c.ip,
      operationId: c.operationId,
      importJobId: c.importJobId,
      changes: c.changes as AuditChange[],
      signature: c.signature,
    };
  });
  for (const b of batches.rows) {
    const packed = JSON.parse(b.batch) as BatchChanges;
    const n = packed.ids?.indexOf(recordId) ?? -1;
    if (n < 0) continue;
    const { recordCode, changes } = unpackRecord(packed.fields, packed.records[n]);
    entries.push({
      seq: Number(b.seq),
      id: itemId(b.id, n + 1),
      at: new Date(b.at).toISOString(),
      action: b.action as AuditAction,
      entity: b.entity,
      recordId,
      recordCode,
      factoryId: b.factory_id,
      userId: b.user_id,
      userName: b.user_name,
      apiKeyName: b.api_key_name,
      ip: b.ip,
      operationId: b.operation_id,
      importJobId: b.import_job_id,
      changes,
      signature: null,
    });
  }
  return entries
    .sort(newestFirst)
    .slice(0, limit)
    .map(({ seq: _seq, ...e }) => e);
}
