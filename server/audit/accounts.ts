/** Names of the people history refers to. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { AuditActor } from './write';

/** A user's account, to name the user in history. */
export async function accountOf(db: Kysely<DB>, tenantId: string, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('app_user')
    .select('account')
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.account ?? null;
}

/** A user acting before a session exists (a password change or enrolment forced at login). */
export function userActor(tenantId: string, userId: string, account: string | null, ip: string | null): AuditActor {
  return {
    tenantId,
    factoryId: null,
    userId,
    userName: account,
    apiKeyName: null,
    ip: ip?.slice(0, 64) ?? null,
    operationId: null,
  };
}

/** A user acting outside a request of theirs (the handler whose decision ended a process), named by their account. */
export async function accountActor(db: Kysely<DB>, tenantId: string, userId: string): Promise<AuditActor> {
  return userActor(tenantId, userId, await accountOf(db, tenantId, userId), null);
}
