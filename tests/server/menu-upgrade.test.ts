/**
 * The product's menu entries reach existing databases (issue 4, menus): an entry a new version adds
 * is inserted under its parent at the next start and granted to every tenant's administrator role;
 * an entry an operator deleted is not brought back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMenu } from '../../server/seed/menu';
import { createTenant } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, startHarness, type Harness } from './harness';

describe.each(DIALECTS)('menu upgrade [%s]', (kind) => {
  let h: Harness;
  const db = () => h.database.db;

  beforeAll(async () => {
    h = await startHarness(kind);
    await createTenant(db(), { code: 'older', name: 'Older tenant', adminPassword: PASSWORD });
  });
  afterAll(async () => {
    await h?.close();
  });

  const menuOf = (code: string) =>
    db().selectFrom('menu').select(['id', 'parent_id']).where('code', '=', code).executeTakeFirst();
  const adminsHolding = async (menuId: string) =>
    (
      await db()
        .selectFrom('role_menu as rm')
        .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'rm.tenant_id').onRef('r.id', '=', 'rm.role_id'))
        .select('r.tenant_id')
        .where('rm.menu_id', '=', menuId)
        .where('r.code', '=', 'admin')
        .execute()
    ).length;

  it('records every entry of a fresh database, and inserts nothing at the next start', async () => {
    const menus = await db().selectFrom('menu').select('code').execute();
    const seeded = await db().selectFrom('seeded_menu').select('code').execute();
    expect(seeded.map((s) => s.code).sort()).toEqual(menus.map((m) => m.code).sort());
    expect(await seedMenu(db())).toBe(0);
  });

  it('inserts an entry new to this version under its parent, for every tenant administrator role', async () => {
    const parent = (await menuOf('platform:app'))!;
    // As if the database came from a version without the delete button of the app registry.
    await db().deleteFrom('menu').where('code', '=', 'platform:app:delete').execute();
    await db().deleteFrom('seeded_menu').where('code', '=', 'platform:app:delete').execute();
    expect(await menuOf('platform:app:delete')).toBeUndefined();

    expect(await seedMenu(db())).toBe(1);
    const added = (await menuOf('platform:app:delete'))!;
    expect(added.parent_id).toBe(parent.id);
    const tenants = await db().selectFrom('tenant').select('id').execute();
    expect(await adminsHolding(added.id)).toBe(tenants.length);
    expect(await seedMenu(db())).toBe(0);
  });

  it('leaves an entry an operator deleted deleted', async () => {
    await db().deleteFrom('menu').where('code', '=', 'platform:app:delete').execute();
    expect(await seedMenu(db())).toBe(0);
    expect(await menuOf('platform:app:delete')).toBeUndefined();
  });
});
