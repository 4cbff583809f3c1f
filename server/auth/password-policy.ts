/**
 * The tenant's password policy (issue 26), within SPEC §5's rule: required character classes,
 * expiry with a change forced at login, no reuse of the latest N passwords.
 */
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/types';
import type {} from '../db/types-security';
import { ACCOUNT_FIELD_LABELS } from '../../model/account';
import { missingClasses, type PasswordClass } from '../../model/security';
import type { Translator } from '../i18n';
import { ValidatedError } from '../http';
import { verifyPassword } from './password';
import { writeHistory, type AuditActor } from '../audit/write';
import { accountOf } from '../audit/accounts';

export interface PasswordPolicy {
  classes: PasswordClass[];
  maxAgeDays: number;
  history: number;
}

export async function passwordPolicy(db: Kysely<DB> | Transaction<DB>, tenantId: string): Promise<PasswordPolicy> {
  const row = await db
    .selectFrom('tenant_security_policy')
    .select(['password_classes', 'password_max_age_days', 'password_history'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return {
    classes: (row?.password_classes ?? []) as PasswordClass[],
    maxAgeDays: row?.password_max_age_days ?? 0,
    history: row?.password_history ?? 0,
  };
}

export function passwordExpired(changedAt: Date | string, policy: PasswordPolicy, now = Date.now()): boolean {
  return policy.maxAgeDays > 0 && new Date(changedAt).getTime() + policy.maxAgeDays * 86_400_000 <= now;
}

/** 400 on `newPassword` with a message in the caller's language. */
function refuse(tr: Translator, key: string, extra: Record<string, unknown> = {}): ValidatedError {
  const message = tr.tm(key, { field: tr.tm(ACCOUNT_FIELD_LABELS.newPassword ?? 'account.newPassword'), ...extra });
  return new ValidatedError(message, { errors: [{ field: 'newPassword', key, message }] });
}

/** The classes a password lacks, listed in the caller's language; null when it has them all. */
export function missingClassesText(tr: Translator, policy: PasswordPolicy, password: string): string | null {
  const missing = missingClasses(password, policy.classes);
  return missing.length
    ? missing.map((c) => tr.tm(`security.classes.${c}`)).join(tr.tm('security.listSeparator'))
    : null;
}

/**
 * Refuses a new password the policy does not allow: a required class missing, or one of the latest
 * `history` passwords (the current one always counts).
 */
export async function checkNewPassword(
  db: Kysely<DB>,
  tr: Translator,
  policy: PasswordPolicy,
  user: { tenantId: string; userId: string; currentHash: string },
  password: string,
): Promise<void> {
  const classes = missingClassesText(tr, policy, password);
  if (classes) throw refuse(tr, 'validation.passwordClasses', { classes });
  const earlier =
    policy.history > 1
      ? await db
          .selectFrom('password_history')
          .select('password_hash')
          .where('tenant_id', '=', user.tenantId)
          .where('user_id', '=', user.userId)
          .orderBy('created_at', 'desc')
          .limit(policy.history - 1)
          .execute()
      : [];
  for (const hash of [user.currentHash, ...earlier.map((r) => r.password_hash)]) {
    if (await verifyPassword(password, hash))
      throw refuse(tr, policy.history > 1 ? 'validation.passwordReused' : 'validation.passwordSame', {
        count: policy.history,
      });
  }
}

/** Sets a user's password, keeping the old hash in the history (the latest 24). */
export async function setPassword(
  trx: Transaction<DB>,
  tenantId: string,
  userId: string,
  oldHash: string,
  newHash: string,
  actor: AuditActor,
): Promise<void> {
  await trx
    .insertInto('password_history')
    .values({ tenant_id: tenantId, user_id: userId, password_hash: oldHash })
    .execute();
  await trx
    .updateTable('app_user')
    .set({ password_hash: newHash, password_changed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
  await trx
    .deleteFrom('password_history')
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where(
      'id',
      'not in',
      trx
        .selectFrom('password_history')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(24),
    )
    .execute();
  await writeHistory(trx, actor, [
    {
      action: 'update',
      entity: 'app-user',
      recordId: userId,
      recordCode: await accountOf(trx, tenantId, userId),
      changes: [{ field: 'password', before: null, after: null, secret: true }],
    },
  ]);
}
