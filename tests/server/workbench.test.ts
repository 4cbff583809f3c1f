/**
 * The workbench (issue 24): the cards a caller sees follow their permissions; visited and favourite
 * screens are kept per user and factory, only for screens of the caller's menu, and never cross a
 * tenant or another user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenLinks, WorkbenchCards } from '../../model/workbench';
import { WORKBENCH_LIST_SIZE } from '../../model/workbench';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf, menuIdsOf, tenantIdOf } from './seeded';

const BASE = '/api/platform-system/workbench';
const ROLES = '/api/platform-system/role';

describe.each(DIALECTS)('workbench [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let clerk: string;
  let demoId: string;
  let factory1: string;
  let factory2: string;
  const menuId = new Map<string, string>(); // path or permission code → id
  const db = () => h.database.db;
  const at = (factory?: string): Record<string, string> => (factory ? { 'x-factory-id': factory } : {});

  const visit = (token: string, factoryId: string, path: string) =>
    call(h.app, 'POST', '/api/platform-system/menu/access/record/save', {
      token,
      body: { factoryId, functionId: menuId.get(path)! },
    });
  const favourites = (token: string, factory?: string, lang = 'en') =>
    call<ScreenLinks>(h.app, 'GET', `${BASE}/favourites`, { token, lang, headers: at(factory) });
  const star = (token: string, path: string, factory?: string) =>
    call<ScreenLinks>(h.app, 'PUT', `${BASE}/favourites/${menuId.get(path) ?? path}`, {
      token,
      lang: 'en',
      headers: at(factory),
    });
  const pathsOf = (r: { body: { data: ScreenLinks } }) => r.body.data.items.map((i) => i.path);

  beforeAll(async () => {
    h = await startHarness(kind);
    demoId = await tenantIdOf(db());
    factory1 = await factoryIdOf(db(), demoId, 'F001');
    factory2 = await factoryIdOf(db(), demoId, 'F002');
    for (const [key, id] of await menuIdsOf(db())) menuId.set(key, id);
    admin = await loginToken(h.app, 'demo', 'admin');
    // A line clerk: the workbench, customers and units, nothing of the administration.
    const role = await call(h.app, 'POST', ROLES, {
      token: admin,
      body: { code: 'r-clerk', name: 'clerk', dataScope: 'all' },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const grants = ['/home', '/basic/customer', '/basic/unit'].map((p) => menuId.get(p)!);
    expect(
      (await call(h.app, 'PUT', `${ROLES}/${role.body.data.id}/menus`, { token: admin, body: { menuIds: grants } }))
        .status,
    ).toBe(200);
    const id = await createUser(db(), {
      tenantId: demoId,
      account: 'clerk',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      factoryIds: [factory1],
    });
    await db().insertInto('user_role').values({ tenant_id: demoId, user_id: id, role_id: role.body.data.id }).execute();
    clerk = await loginToken(h.app, 'demo', 'clerk');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is the first entry of the menu, so the landing path leads to it', async () => {
    const routes = await call<{ path: string; type: string }[]>(h.app, 'GET', '/api/platform-system/function/routes', {
      token: clerk,
      lang: 'vi',
    });
    expect(routes.body.data[0]).toMatchObject({ path: '/home', type: 'menu', functionName: 'Bàn làm việc' });
    const adminRoutes = await call<{ path: string }[]>(h.app, 'GET', '/api/platform-system/function/routes', {
      token: admin,
    });
    expect(adminRoutes.body.data[0]?.path).toBe('/home');
  });

  it('shows an administrator every card, and a clerk only those their permissions fill', async () => {
    const all = await call<WorkbenchCards>(h.app, 'GET', `${BASE}/cards`, { token: admin, headers: at(factory1) });
    expect(all.body.data.cards).toEqual([
      'tasks',
      'notices',
      'alarms',
      'favourites',
      'recent',
      'frequent',
      'feedback',
      'applications',
      'apps',
    ]);
    const few = await call<WorkbenchCards>(h.app, 'GET', `${BASE}/cards`, { token: clerk, headers: at(factory1) });
    expect(few.body.data.cards).toEqual(['notices', 'favourites', 'recent', 'frequent']);
    // Alarms belong to a factory: without one chosen, the card is absent.
    const noFactory = await call<WorkbenchCards>(h.app, 'GET', `${BASE}/cards`, { token: admin });
    expect(noFactory.body.data.cards).not.toContain('alarms');
  });

  it('lists the recent screens newest first and the frequent ones by visits, per factory', async () => {
    // The workbench's own visits (login lands there) list nothing.
    for (const path of [
      '/home',
      '/basic/unit',
      '/basic/customer',
      '/basic/customer',
      '/basic/customer',
      '/basic/unit',
      '/home',
    ]) {
      expect((await visit(clerk, factory1, path)).status).toBe(200);
    }
    const recent = await call<ScreenLinks>(h.app, 'GET', `${BASE}/screens?list=recent`, {
      token: clerk,
      lang: 'en',
      headers: at(factory1),
    });
    expect(recent.status, JSON.stringify(recent.body)).toBe(200);
    expect(pathsOf(recent)).toEqual(['/basic/unit', '/basic/customer']);
    expect(recent.body.data.items[0]?.name).toBe('Units of measure');
    const frequent = await call<ScreenLinks>(h.app, 'GET', `${BASE}/screens?list=frequent`, {
      token: clerk,
      headers: at(factory1),
    });
    expect(frequent.body.data.items.map((i) => [i.path, i.count])).toEqual([
      ['/basic/customer', 3],
      ['/basic/unit', 2],
    ]);
    // The admin's visits and the other factory are not the clerk's.
    await visit(admin, factory1, '/platform/dict');
    expect(
      pathsOf(
        await call<ScreenLinks>(h.app, 'GET', `${BASE}/screens?list=recent`, { token: clerk, headers: at(factory1) }),
      ),
    ).not.toContain('/platform/dict');
    expect(
      pathsOf(
        await call<ScreenLinks>(h.app, 'GET', `${BASE}/screens?list=recent`, { token: admin, headers: at(factory2) }),
      ),
    ).toEqual([]);
    const bad = await call(h.app, 'GET', `${BASE}/screens?list=oldest`, {
      token: clerk,
      lang: 'en',
      headers: at(factory1),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0].field).toBe('list');
  });

  it('keeps favourites per user and factory, in the order starred, and a screen taken off the menu drops out', async () => {
    expect(pathsOf(await star(admin, '/basic/material', factory1))).toEqual(['/basic/material']);
    expect(pathsOf(await star(admin, '/platform/dict', factory1))).toEqual(['/basic/material', '/platform/dict']);
    // Starring again changes nothing.
    expect(pathsOf(await star(admin, '/basic/material', factory1))).toEqual(['/basic/material', '/platform/dict']);
    const rows = await db()
      .selectFrom('menu_favourite')
      .select(['function_id', 'factory_id'])
      .where('tenant_id', '=', demoId)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.factory_id === factory1)).toBe(true);
    // Another factory has its own; names follow the language.
    expect(pathsOf(await favourites(admin, factory2))).toEqual([]);
    expect((await favourites(admin, factory1, 'zh-CN')).body.data.items.map((i) => i.name)).toEqual([
      '物料信息',
      '字典管理',
    ]);
    // Removing one.
    const removed = await call<ScreenLinks>(h.app, 'DELETE', `${BASE}/favourites/${menuId.get('/platform/dict')}`, {
      token: admin,
      headers: at(factory1),
    });
    expect(pathsOf(removed)).toEqual(['/basic/material']);
    expect(
      await db().selectFrom('menu_favourite').select('function_id').where('tenant_id', '=', demoId).execute(),
    ).toHaveLength(1);

    // The clerk stars a screen; the role loses it: it no longer shows, and starring it is refused.
    expect(pathsOf(await star(clerk, '/basic/unit', factory1))).toEqual(['/basic/unit']);
    const role = await db()
      .selectFrom('role')
      .select('id')
      .where('tenant_id', '=', demoId)
      .where('code', '=', 'r-clerk')
      .executeTakeFirstOrThrow();
    await call(h.app, 'PUT', `${ROLES}/${role.id}/menus`, {
      token: admin,
      body: { menuIds: [menuId.get('/home')!, menuId.get('/basic/customer')!] },
    });
    expect(pathsOf(await favourites(clerk, factory1))).toEqual([]);
    const refused = await star(clerk, '/basic/unit', factory1);
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('This screen is not in your menu');
  });

  it('refuses a screen outside the menu, a button, a catalogue, an unknown id, no factory, and more than the limit', async () => {
    expect((await star(clerk, '/platform/dict', factory1)).status).toBe(404);
    expect((await star(clerk, '/home', factory1)).status).toBe(404);
    expect((await star(admin, 'platform:dict:add', factory1)).status).toBe(404);
    const catalogue = (
      await db().selectFrom('menu').select('id').where('code', '=', 'catalogue:system').executeTakeFirstOrThrow()
    ).id;
    expect((await star(admin, catalogue, factory1)).status).toBe(404);
    expect((await star(admin, '00000000-0000-4000-8000-000000000000', factory1)).status).toBe(404);
    const noFactory = await call(h.app, 'PUT', `${BASE}/favourites/${menuId.get('/basic/unit')}`, {
      token: admin,
      lang: 'es',
    });
    expect(noFactory.status).toBe(400);
    expect(noFactory.body.msg).toBe('Elija primero una fábrica');
    // A clerk of the first plant may not use the second.
    expect((await star(clerk, '/basic/customer', factory2)).status).toBe(403);

    const screens = [...menuId.keys()].filter((k) => k.startsWith('/basic/')).slice(0, WORKBENCH_LIST_SIZE + 1);
    let last = null as Awaited<ReturnType<typeof star>> | null;
    for (const path of screens) last = await star(admin, path, factory2);
    expect(last?.status).toBe(409);
    expect(last?.body.msg).toBe(`At most ${WORKBENCH_LIST_SIZE} favourite screens`);
    expect(pathsOf(await favourites(admin, factory2))).toHaveLength(WORKBENCH_LIST_SIZE);
  });

  it('another tenant sees none of these, and cannot star a screen by a foreign factory', async () => {
    await createTenant(db(), { code: 'acme', name: 'Acme', adminPassword: PASSWORD });
    const acme = await loginToken(h.app, 'acme', 'admin');
    expect((await favourites(acme, factory1)).status).toBe(403);
    expect((await star(acme, '/basic/material', factory1)).status).toBe(403);
    const acmeFactory = await db()
      .selectFrom('factory as f')
      .innerJoin('tenant as t', 't.id', 'f.tenant_id')
      .select('f.id')
      .where('t.code', '=', 'acme')
      .executeTakeFirstOrThrow();
    expect(pathsOf(await favourites(acme, acmeFactory.id))).toEqual([]);
    expect(
      pathsOf(
        await call<ScreenLinks>(h.app, 'GET', `${BASE}/screens?list=recent`, {
          token: acme,
          headers: at(acmeFactory.id),
        }),
      ),
    ).toEqual([]);
  });
});
