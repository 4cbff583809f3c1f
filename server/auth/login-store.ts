/**
 * The SQL of finding who logs in: the tenant by its code, the user by account, mobile number or an
 * SSO claim; and renewing a password hash of an older setting.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/types';

/** The tenant named at a password login, whatever its state (refusals for it come after the password). */
export async function loginTenant(db: Kysely<DB>, code: string) {
  return db
    .selectFrom('tenant')
    .select(['id', 'status'])
    .select(sql<boolean>`expires_at is not null and expires_at <= now()`.as('expired'))
    .where('code', '=', code)
    .executeTakeFirst();
}

/** The tenant of a code when it is enabled and its term not over. */
export async function enabledTenant(db: Kysely<DB>, code: string) {
  return db
    .selectFrom('tenant')
    .select(['id', 'code'])
    .where('code', '=', code)
    .where('status', '=', 'enabled')
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirst();
}

export async function accountUser(db: Kysely<DB>, tenantId: string, account: string) {
  return db
    .selectFrom('app_user')
    .select(['id', 'tenant_id', 'password_hash', 'status', 'type'])
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .executeTakeFirst();
}

/** Every user of the tenant with this mobile number, whatever their status. */
export async function mobileUsers(db: Kysely<DB>, tenantId: string, mobile: string) {
  return db
    .selectFrom('app_user')
    .select(['id', 'status', 'type'])
    .where('tenant_id', '=', tenantId)
    .where('mobile', '=', mobile)
    .execute();
}

export async function enabledMobileUser(db: Kysely<DB>, tenantId: string, mobile: string) {
  return db
    .selectFrom('app_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('mobile', '=', mobile)
    .where('status', '=', 'enabled')
    .executeTakeFirst();
}

/** The users of the tenant whose account, email or mobile number is `value`. */
export async function usersWith(
  db: Kysely<DB>,
  tenantId: string,
  column: 'account' | 'email' | 'mobile',
  value: string,
) {
  return db.selectFrom('app_user').select('id').where('tenant_id', '=', tenantId).where(column, '=', value).execute();
}

/** Replaces the user's password hash unless it changed since `user` was read. */
export async function renewPasswordHash(
  db: Kysely<DB>,
  user: { id: string; tenant_id: string; password_hash: string },
  hash: string,
): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ password_hash: hash })
    .where('tenant_id', '=', user.tenant_id)
    .where('id', '=', user.id)
    .where('password_hash', '=', user.password_hash)
    .execute();
}
