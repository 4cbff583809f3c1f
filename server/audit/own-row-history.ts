/** A tenant's content row edited or deleted by id together with its history entry, in the caller's transaction. */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DB } from '../db/types';
import { deleteOwnRow, lockOwnRow, updateOwnRow, type OwnRow, type TenantTable } from '../db/own-row';
import { recordRows } from './record';
import type { AuditActor } from './write';

/** Where the row's history goes: its entity, and the code an entry names the row by. */
export interface RowHistory<T extends TenantTable> {
  entity: string;
  codeOf: (row: Selectable<DB[T]>) => string;
}

/** Sets `values` on the actor's tenant's row `id` of `table` and records before and after; 404 when there is none. */
export async function updateRecorded<T extends TenantTable>(
  trx: Kysely<DB>,
  actor: AuditActor,
  table: T,
  id: string,
  values: Updateable<DB[T]>,
  history: RowHistory<T>,
): Promise<OwnRow<T>> {
  const before = await lockOwnRow(trx, table, actor.tenantId, id);
  const after = await updateOwnRow(trx, table, actor.tenantId, id, values);
  await recordRows(trx, actor, history.entity, 'update', [
    { id: after.id, code: history.codeOf(after), before, after },
  ]);
  return after;
}

/** Deletes the actor's tenant's row `id` of `table` and records what it held; 404 when there is none. */
export async function deleteRecorded<T extends TenantTable>(
  trx: Kysely<DB>,
  actor: AuditActor,
  table: T,
  id: string,
  history: RowHistory<T>,
): Promise<void> {
  const row = await deleteOwnRow(trx, table, actor.tenantId, id);
  await recordRows(trx, actor, history.entity, 'delete', [
    { id: row.id, code: history.codeOf(row), before: row, after: null },
  ]);
}
