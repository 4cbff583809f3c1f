/** The statements that write BOM lines; the caller holds the tenant's BOM lock (underBomLock) and its transaction. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';

/** Serialises every BOM write of a tenant (the cycle check reads, then writes). */
async function lockBom(db: Kysely<DB>, tenantId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`bom:${tenantId}`}))`.execute(db);
}

/**
 * Runs `write` in a transaction that first takes the tenant's BOM lock: two writers cannot each add
 * half of a loop (A → B and B → A) after each checked the other's absence.
 */
export function underBomLock<T>(
  db: Kysely<DB>,
  tenantId: string,
  write: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockBom(trx, tenantId);
    return write(trx);
  });
}

/** A line's values as the API and the sheet give them. */
export interface LineValues {
  componentId: string;
  lineNo: number;
  dosage: number;
  dosageUnitId: string | null;
  lossRate: number | null;
  priority: number | null;
  ecnNumber: string | null;
}

const lineColumns = (v: LineValues, userId: string) => ({
  component_material_id: v.componentId,
  line_no: v.lineNo,
  dosage: v.dosage,
  dosage_unit_id: v.dosageUnitId,
  loss_rate: v.lossRate ?? 0,
  priority: v.priority,
  ecn_number: v.ecnNumber,
  updated_by: userId,
  updated_at: new Date(),
});

/** The other lines under `parentId` (their numbers and components), for the checks of a new or edited line. */
export function siblingLines(db: Kysely<DB>, tenantId: string, parentId: string) {
  return db
    .selectFrom('bom_line')
    .select(['id', 'line_no', 'component_material_id'])
    .where('tenant_id', '=', tenantId)
    .where('parent_material_id', '=', parentId)
    .execute();
}

/** Inserts lines in statements of 500 rows; their ids in order. */
export async function insertLines(
  db: Kysely<DB>,
  tenantId: string,
  userId: string,
  lines: readonly (LineValues & { parentId: string })[],
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < lines.length; i += 500) {
    const chunk = lines.slice(i, i + 500).map((l) => ({
      tenant_id: tenantId,
      parent_material_id: l.parentId,
      created_by: userId,
      ...lineColumns(l, userId),
    }));
    ids.push(...(await db.insertInto('bom_line').values(chunk).returning('id').execute()).map((r) => r.id));
  }
  return ids;
}

export async function updateLine(db: Kysely<DB>, tenantId: string, userId: string, id: string, v: LineValues) {
  await db
    .updateTable('bom_line')
    .set(lineColumns(v, userId))
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute();
}

/** Deletes the tenant's lines among `ids`; the ids that were there. */
export async function deleteLines(db: Kysely<DB>, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const gone = await db
    .deleteFrom('bom_line')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .returning('id')
    .execute();
  return gone.map((r) => r.id);
}
