/** The SQL of a tenant's user rows as auth reads and writes them: the password hash, state, the own profile. */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { UpdateProfileInput } from '../../model/account';
import type { DB } from '../db/types';
import type { AuditActor } from '../audit/write';
import { recordRows } from '../audit/record';

/** The user's current password hash (the user must exist). */
export async function passwordHashOf(db: Kysely<DB>, tenantId: string, userId: string): Promise<string> {
  const row = await db
    .selectFrom('app_user')
    .select('password_hash')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

/** The id of the tenant's user `id`, as stored; null when the tenant has no such user. */
export async function userIdOf(db: Kysely<DB>, tenantId: string, id: string): Promise<string | null> {
  const user = await db
    .selectFrom('app_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  return user?.id ?? null;
}

export async function userStatus(db: Kysely<DB>, tenantId: string, userId: string) {
  return db
    .selectFrom('app_user')
    .select(['status', 'account'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Saves the user's own profile and its history, in one transaction. */
export async function saveOwnProfile(
  db: Kysely<DB>,
  tenantId: string,
  userId: string,
  profile: UpdateProfileInput,
  actor: AuditActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const fields = ['id', 'account', 'nickname', 'email', 'mobile', 'remark'] as const;
    const before = await trx
      .selectFrom('app_user')
      .select(fields)
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const after = await trx
      .updateTable('app_user')
      .set({
        nickname: profile.nickname,
        email: profile.email ?? null,
        mobile: profile.mobile ?? null,
        remark: profile.remark ?? '',
        updated_at: sql<Date>`now()`,
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .returning(fields)
      .executeTakeFirstOrThrow();
    await recordRows(trx, actor, 'app-user', 'update', [{ id: userId, code: after.account, before, after }]);
  });
}
