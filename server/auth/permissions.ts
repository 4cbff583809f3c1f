/** A user's permission codes and factories: what a session may do, and the ceiling of the user's API keys. */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../db/types';
import { UUID_RE } from '../http';

/** Every permission code of a user: admins get every code of the menu; staff those of their enabled roles. */
export async function loadPermissions(
  db: Kysely<DB>,
  tenantId: string,
  userId: string,
  type: 'admin' | 'staff',
): Promise<Set<string>> {
  if (type === 'admin') {
    const rows = await db.selectFrom('menu').select('perms').where('perms', 'is not', null).execute();
    return new Set(rows.map((r) => r.perms as string));
  }
  const rows = await db
    .selectFrom('role_member as ur')
    .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'ur.tenant_id').onRef('r.id', '=', 'ur.role_id'))
    .innerJoin('role_menu as rm', (j) => j.onRef('rm.tenant_id', '=', 'r.tenant_id').onRef('rm.role_id', '=', 'r.id'))
    .innerJoin('menu as m', 'm.id', 'rm.menu_id')
    .select('m.perms')
    .distinct()
    .where('ur.tenant_id', '=', tenantId)
    .where('ur.user_id', '=', userId)
    .where('r.enabled', '=', true)
    .where('m.perms', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.perms as string));
}

/** The user (alias `u`) and the tenant (alias `t`) may work: both enabled, the tenant's term not over. */
export const accountMayWork = sql<SqlBool>`u.status = 'enabled' and t.status = 'enabled' and (t.expires_at is null or t.expires_at > now())`;

/** The tenant's factories the user may work in, as a query over `factory as f`: those assigned to the user (admins: all). */
export function usableFactories(db: Kysely<DB>, tenantId: string, userId: string, type: 'admin' | 'staff') {
  const q = db.selectFrom('factory as f').where('f.tenant_id', '=', tenantId);
  if (type === 'admin') return q;
  return q.where((eb) =>
    eb.exists(
      eb
        .selectFrom('user_factory as uf')
        .select('uf.factory_id')
        .whereRef('uf.tenant_id', '=', 'f.tenant_id')
        .whereRef('uf.factory_id', '=', 'f.id')
        .where('uf.user_id', '=', userId),
    ),
  );
}

/** Whether the user may work in the factory. */
export async function canUseFactory(
  db: Kysely<DB>,
  tenantId: string,
  userId: string,
  type: 'admin' | 'staff',
  factoryId: string,
): Promise<boolean> {
  if (!UUID_RE.test(factoryId)) return false;
  return (
    (await usableFactories(db, tenantId, userId, type)
      .select('f.id')
      .where('f.id', '=', factoryId)
      .executeTakeFirst()) !== undefined
  );
}
