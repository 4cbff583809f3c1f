/**
 * A tenant's retention of its history (issue 25): how many months entries are kept, never fewer than
 * the legal minimum the tenant sets, which may be raised and never lowered. Each change leaves its own
 * history entry (entity `audit-retention`) in the same transaction. The removal itself is the
 * maintenance's (maintain.ts, the owner role).
 */
import { sql, type Kysely } from 'kysely';
import type { AuditRetention, AuditRetentionInput } from '../../model/audit';
import type { DB } from '../db/types';
import type {} from '../db/types-audit';
import { inTransaction } from '../db/in-transaction';
import { recordRows } from './record';
import type { AuditActor } from './write';

/** For the maintenance script's output (the API answers in the user's language). */
const ENGLISH: Record<string, string> = {
  'validation.tooSmall': 'too small',
  'validation.legalMinLowered': 'the legal minimum cannot be lowered below the one already set',
  'validation.retentionBelowMinimum': 'the retention cannot be shorter than the legal minimum',
};

/** A refused change: the field it concerns, a message key of the `model` namespace and its values. */
export class RetentionRefused extends Error {
  constructor(
    readonly field: 'months' | 'legalMinMonths',
    readonly key: string,
    readonly params: Record<string, number> = {},
  ) {
    super(`${field}: ${ENGLISH[key] ?? key}${params.min === undefined ? '' : ` (${params.min} months)`}`);
    this.name = 'RetentionRefused';
  }
}

const answer = (
  row: { months: number; legal_min_months: number; updated_at: unknown } | undefined,
): AuditRetention => ({
  months: row?.months ?? null,
  legalMinMonths: row?.legal_min_months ?? 0,
  updatedAt: row ? new Date(row.updated_at as Date | string).toISOString() : null,
});

export async function readRetention(db: Kysely<DB>, tenantId: string): Promise<AuditRetention> {
  const row = await db
    .selectFrom('audit_retention')
    .select(['months', 'legal_min_months', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return answer(row);
}

/** The rules of a change against what is set now (the input's own shape is the schema's). */
export function retentionRefusal(next: AuditRetentionInput, currentMin: number): RetentionRefused | null {
  if (!Number.isInteger(next.legalMinMonths) || next.legalMinMonths < 0)
    return new RetentionRefused('legalMinMonths', 'validation.tooSmall');
  if (next.legalMinMonths < currentMin)
    return new RetentionRefused('legalMinMonths', 'validation.legalMinLowered', { min: currentMin });
  if (!Number.isInteger(next.months) || next.months < 1) return new RetentionRefused('months', 'validation.tooSmall');
  if (next.months < next.legalMinMonths)
    return new RetentionRefused('months', 'validation.retentionBelowMinimum', { min: next.legalMinMonths });
  return null;
}

/** Sets the tenant's retention and legal minimum, with its history entry; throws RetentionRefused. */
export async function changeRetention(
  db: Kysely<DB>,
  actor: AuditActor,
  tenantCode: string | null,
  next: AuditRetentionInput,
): Promise<AuditRetention> {
  return inTransaction(db, async (trx) => {
    const tenantId = actor.tenantId;
    // Locked: two administrators saving at once cannot lower the minimum between a read and a write.
    const before = await trx
      .selectFrom('audit_retention')
      .select(['months', 'legal_min_months'])
      .where('tenant_id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
    const refused = retentionRefusal(next, before?.legal_min_months ?? 0);
    if (refused) throw refused;
    const values = { months: next.months, legal_min_months: next.legalMinMonths };
    const after = await trx
      .insertInto('audit_retention')
      .values({ tenant_id: tenantId, ...values })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }))
      .returning(['months', 'legal_min_months', 'updated_at'])
      .executeTakeFirstOrThrow();
    await recordRows(trx, actor, 'audit-retention', before ? 'update' : 'create', [
      {
        id: tenantId,
        code: tenantCode,
        before: before ?? null,
        after: { months: after.months, legal_min_months: after.legal_min_months },
      },
    ]);
    return answer(after);
  });
}
