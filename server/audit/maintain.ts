/**
 * Maintenance of the audit trail (issue 25), for the owner role (never the serving role): monthly
 * partitions made ahead, entries past each tenant's retention removed (never sooner than the legal
 * minimum it set), after which verification starts at the first kept entry.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type {} from '../db/types-audit';

export interface Maintenance {
  partitionsMade: number;
  removed: number;
}

export async function maintainAuditTrail(db: Kysely<DB>, monthsAhead = 3): Promise<Maintenance> {
  const made = await sql<{ n: number }>`select audit_entry_add_partitions(${monthsAhead}::int) as n`.execute(db);
  const purged = await sql<{ n: string }>`select audit_purge() as n`.execute(db);
  return { partitionsMade: Number(made.rows[0]?.n ?? 0), removed: Number(purged.rows[0]?.n ?? 0) };
}

export class RetentionRefused extends Error {}

/**
 * Sets a tenant's retention (months) and, when given, its legal minimum; the retention may never be
 * shorter than the minimum (the table's check refuses it too).
 */
export async function setRetention(db: Kysely<DB>, tenantId: string, months: number, legalMinMonths?: number): Promise<void> {
  const current = await db.selectFrom('audit_retention').select('legal_min_months').where('tenant_id', '=', tenantId).executeTakeFirst();
  const min = legalMinMonths ?? current?.legal_min_months ?? 0;
  if (!Number.isInteger(months) || months < 1 || months < min) throw new RetentionRefused(`retention ${months} months is below the legal minimum of ${min}`);
  await db.insertInto('audit_retention').values({ tenant_id: tenantId, months, legal_min_months: min })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ months, legal_min_months: min, updated_at: sql<Date>`now()` })).execute();
}
