/**
 * Maintenance of the audit trail (issue 25), for the owner role (never the serving role): monthly
 * partitions made ahead, entries past each tenant's retention removed (never sooner than the legal
 * minimum it set), after which verification starts at the first kept entry.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type {} from '../db/types-audit';
import { changeRetention, readRetention } from './retention';
import { systemActor } from './write';

export interface Maintenance {
  partitionsMade: number;
  removed: number;
}

/** Makes the monthly partitions from this month to `monthsAhead` months on; how many were made. */
export async function makePartitions(db: Kysely<DB>, monthsAhead = 3): Promise<number> {
  const made = await sql<{ n: number }>`select audit_entry_add_partitions(${monthsAhead}::int) as n`.execute(db);
  // Their import-key index gets the pending list the import's keys are settled from (migration 039).
  await sql`select audit_batch_index_tune()`.execute(db);
  return Number(made.rows[0]?.n ?? 0);
}

/** Removes the entries past each tenant's retention; how many were removed. */
export async function purgeExpired(db: Kysely<DB>): Promise<number> {
  const purged = await sql<{ n: string }>`select audit_purge() as n`.execute(db);
  return Number(purged.rows[0]?.n ?? 0);
}

export async function maintainAuditTrail(db: Kysely<DB>, monthsAhead = 3): Promise<Maintenance> {
  return { partitionsMade: await makePartitions(db, monthsAhead), removed: await purgeExpired(db) };
}

export { RetentionRefused } from './retention';

/**
 * Sets a tenant's retention (months) and, when given, its legal minimum, with the same rules as the
 * screen (the minimum is never lowered, the retention never shorter than it) and its history entry.
 */
export async function setRetention(
  db: Kysely<DB>,
  tenantId: string,
  months: number,
  legalMinMonths?: number,
  tenantCode: string | null = null,
): Promise<void> {
  const current = await readRetention(db, tenantId);
  await changeRetention(db, systemActor(tenantId), tenantCode, {
    months,
    legalMinMonths: legalMinMonths ?? current.legalMinMonths,
  });
}
