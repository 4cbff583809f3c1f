import type { Kysely } from 'kysely';
import type { CurrentUser } from '../../model/auth';
import type { DB } from '../db/types';

/** The current user of a tenant as answered by `platform-system/user` and login. */
export async function loadCurrentUser(db: Kysely<DB>, tenantId: string, userId: string): Promise<CurrentUser> {
  const u = await db
    .selectFrom('app_user as u')
    .innerJoin('tenant as t', 't.id', 'u.tenant_id')
    .select([
      'u.id',
      'u.account',
      'u.nickname',
      'u.email',
      'u.mobile',
      'u.type',
      't.id as tenantId',
      't.code as tenantCode',
      't.name as tenantName',
    ])
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  const roles = await db
    .selectFrom('role_member as ur')
    .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'ur.tenant_id').onRef('r.id', '=', 'ur.role_id'))
    .select(['r.id', 'r.code', 'r.name'])
    .where('ur.tenant_id', '=', tenantId)
    .where('ur.user_id', '=', userId)
    .orderBy('r.sort')
    .orderBy('r.code')
    .execute();
  return { ...u, roles };
}
