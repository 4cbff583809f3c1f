/** The SQL of the shell's own calls (SPEC §7): the tenant, the app registry, factories, visits. */
import type { Kysely } from 'kysely';
import type { Factory } from '../../model/auth';
import type { DB } from '../db/types';
import { usableFactories } from '../auth/permissions';

export async function tenantCorp(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('tenant')
    .select(['code', 'name', 'languages'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
}

/** The registered apps (every one, or the enabled ones), in the registry's order. */
export async function appRows(db: Kysely<DB>, opts: { enabledOnly?: boolean } = {}) {
  let q = db.selectFrom('app').selectAll();
  if (opts.enabledOnly) q = q.where('status', '=', 'enabled');
  return q.orderBy('sort').orderBy('app_type').execute();
}

/** The factories the user may switch to, in their order. */
export async function factoryList(
  db: Kysely<DB>,
  tenantId: string,
  userId: string,
  userType: 'admin' | 'staff',
): Promise<Factory[]> {
  return usableFactories(db, tenantId, userId, userType)
    .select(['f.id', 'f.code', 'f.name', 'f.status'])
    .orderBy('f.sort')
    .orderBy('f.code')
    .execute();
}

/** Records a visit of a menu entry in a factory; false when there is no such menu entry. */
export async function recordVisit(
  db: Kysely<DB>,
  visit: { tenantId: string; userId: string; factoryId: string; functionId: string },
): Promise<boolean> {
  const menu = await db.selectFrom('menu').select('id').where('id', '=', visit.functionId).executeTakeFirst();
  if (!menu) return false;
  await db
    .insertInto('menu_access_record')
    .values({
      tenant_id: visit.tenantId,
      user_id: visit.userId,
      factory_id: visit.factoryId.toLowerCase(),
      function_id: menu.id,
    })
    .execute();
  return true;
}
