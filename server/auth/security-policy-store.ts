/** The SQL of saving a tenant's security policy (read by two-factor.ts and password-policy.ts). */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { SecurityPolicyInput } from '../../model/security';
import type { DB } from '../db/types';
import type {} from '../db/types-security';
import type { AuditActor } from '../audit/write';
import { recordRows } from '../audit/record';

/** Creates or replaces the tenant's policy and writes its history, in one transaction. */
export async function saveSecurityPolicy(
  db: Kysely<DB>,
  tenant: { id: string; code: string },
  policy: SecurityPolicyInput,
  updatedBy: string,
  actor: AuditActor,
): Promise<void> {
  const next = {
    two_factor: policy.twoFactor,
    password_classes: [...new Set(policy.passwordClasses)],
    password_max_age_days: policy.passwordMaxAgeDays,
    password_history: policy.passwordHistory,
    updated_by: updatedBy,
  };
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('tenant_security_policy')
      .selectAll()
      .where('tenant_id', '=', tenant.id)
      .forUpdate()
      .executeTakeFirst();
    const after = await trx
      .insertInto('tenant_security_policy')
      .values({ tenant_id: tenant.id, ...next })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...next, updated_at: sql<Date>`now()` }))
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordRows(trx, actor, 'security-policy', before ? 'update' : 'create', [
      { id: tenant.id, code: tenant.code, before: before ?? null, after },
    ]);
  });
}
