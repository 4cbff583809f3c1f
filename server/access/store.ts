/** The rows behind roles' menu permissions and a user's password reset. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

/** The menu entries a role holds. */
export async function roleMenuIds(db: Kysely<DB>, tenantId: string, roleId: string): Promise<string[]> {
  const held = await db
    .selectFrom('role_menu')
    .select('menu_id')
    .where('tenant_id', '=', tenantId)
    .where('role_id', '=', roleId)
    .execute();
  return held.map((h) => h.menu_id);
}

/** Every menu entry's place in the tree and its codes. */
export function menuLinks(db: Kysely<DB>) {
  return db.selectFrom('menu').select(['id', 'parent_id', 'code', 'perms']).execute();
}

/** Gives a role exactly `menuIds`; the entries it held before. */
export async function replaceRoleMenus(
  db: Kysely<DB>,
  tenantId: string,
  roleId: string,
  menuIds: ReadonlySet<string>,
): Promise<string[]> {
  const held = await db
    .deleteFrom('role_menu')
    .where('tenant_id', '=', tenantId)
    .where('role_id', '=', roleId)
    .returning('menu_id')
    .execute();
  if (menuIds.size > 0) {
    await db
      .insertInto('role_menu')
      .values([...menuIds].map((menuId) => ({ tenant_id: tenantId, role_id: roleId, menu_id: menuId })))
      .execute();
  }
  return held.map((h) => h.menu_id);
}

export async function setPasswordHash(
  db: Kysely<DB>,
  tenantId: string,
  userId: string,
  hash: string,
  by: string,
): Promise<void> {
  await db
    .updateTable('app_user')
    .set({ password_hash: hash, updated_at: new Date(), updated_by: by })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', userId)
    .execute();
}
