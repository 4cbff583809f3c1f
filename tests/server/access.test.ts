/**
 * Users, roles and menus (issue 4): write-only passwords, sessions ended by disabling and by a
 * password change, role menu permissions, data permission scopes, tenant isolation, the shared menu.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuPaths, menuPermissions, type MenuNode } from '../../model/menu';
import type { RoleMenus } from '../../model/access';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, login, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf, menuIdsOf, tenantIdOf } from './seeded';

const USERS = '/api/platform-system/app-user';
const ROLES = '/api/platform-system/role';
const MENUS = '/api/platform-system/menu';
const UNITS = '/api/basic-system/unit';

describe.each(DIALECTS)('users, roles and menus [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let acmeAdmin: string;
  let demoId: string;
  let factory1: string;
  let factory2: string;
  const menuId = new Map<string, string>(); // perms or path → id

  const db = () => h.database.db;

  /** A role through the API holding the menus and buttons of `perms` (and their ancestors). */
  async function roleWith(code: string, perms: string[], dataScope = 'all'): Promise<string> {
    const r = await call(h.app, 'POST', ROLES, { token: admin, body: { code, name: code, dataScope } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ids = perms.map((p) => menuId.get(p)!);
    const put = await call(h.app, 'PUT', `${ROLES}/${r.body.data.id}/menus`, { token: admin, body: { menuIds: ids } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    return r.body.data.id as string;
  }

  async function userWith(account: string, roles: string[], factoryIds: string[] = [factory1]): Promise<string> {
    const id = await createUser(db(), {
      tenantId: demoId,
      account,
      password: PASSWORD,
      passwordHash: await passwordHash(),
      factoryIds,
    });
    if (roles.length > 0)
      await db()
        .insertInto('user_role')
        .values(roles.map((role_id) => ({ tenant_id: demoId, user_id: id, role_id })))
        .execute();
    return id;
  }

  beforeAll(async () => {
    h = await startHarness(kind);
    demoId = await tenantIdOf(db());
    // The demo company's two plants.
    factory1 = await factoryIdOf(db(), demoId, 'F001');
    factory2 = await factoryIdOf(db(), demoId, 'F002');
    await createTenant(db(), { code: 'acme', name: 'Acme', adminPassword: PASSWORD });
    for (const [key, id] of await menuIdsOf(db())) menuId.set(key, id);
    admin = await loginToken(h.app, 'demo', 'admin');
    acmeAdmin = await loginToken(h.app, 'acme', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('creates a user whose password is never answered and who can log in with it', async () => {
    const missing = await call(h.app, 'POST', USERS, {
      token: admin,
      lang: 'en',
      body: { account: 'nopass', nickname: 'No password' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['password']);
    const bad = await call(h.app, 'POST', USERS, {
      token: admin,
      lang: 'en',
      body: { account: 'bad', nickname: 'Bad', password: 'short', mobile: '12345' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['mobile', 'password']);

    const created = await call(h.app, 'POST', USERS, {
      token: admin,
      body: { account: 'alice', nickname: 'Alice', password: 'Alice.2026', mobile: '13800000000' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).not.toHaveProperty('password');
    expect(JSON.stringify(created.body)).not.toContain('argon2');
    const list = await call(h.app, 'GET', `${USERS}?account=alice`, { token: admin });
    expect(list.body.data.records).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toMatch(/password|argon2/);
    expect((await login(h.app, 'demo', 'alice', 'Alice.2026')).status).toBe(200);
  });

  it('ends the sessions of a user whose password changes, and of a disabled user, at once', async () => {
    const id = await userWith('bob', []);
    const token = await loginToken(h.app, 'demo', 'bob');
    expect((await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token })).status).toBe(200);
    // An edit without a password keeps it and the sessions.
    expect(
      (await call(h.app, 'PUT', `${USERS}/${id}`, { token: admin, body: { nickname: 'Bobby', password: '' } })).status,
    ).toBe(200);
    expect((await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token })).status).toBe(200);
    expect((await call(h.app, 'PUT', `${USERS}/${id}`, { token: admin, body: { password: 'New.Pass1' } })).status).toBe(
      200,
    );
    expect((await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token })).status).toBe(401);
    expect((await login(h.app, 'demo', 'bob')).status).not.toBe(200);

    const second = await loginToken(h.app, 'demo', 'bob', 'New.Pass1');
    const off = await call(h.app, 'POST', `${USERS}/${id}/state`, {
      token: admin,
      body: { field: 'status', value: 'disabled' },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token: second })).status).toBe(
      401,
    );
    // Enabling again does not bring the ended session back.
    expect(
      (await call(h.app, 'POST', `${USERS}/${id}/state`, { token: admin, body: { field: 'status', value: 'enabled' } }))
        .status,
    ).toBe(200);
    expect((await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token: second })).status).toBe(
      401,
    );
  });

  it('lets a user into the factories chosen for them only, and roles show on the user', async () => {
    const staffRole = (
      await db()
        .selectFrom('role')
        .select('id')
        .where('tenant_id', '=', demoId)
        .where('code', '=', 'staff')
        .executeTakeFirstOrThrow()
    ).id;
    const created = await call(h.app, 'POST', USERS, {
      token: admin,
      body: { account: 'hank', nickname: 'Hank', password: 'Hank.2026', factories: [factory2], roles: [staffRole] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ factories: [factory2], roles: [staffRole] });
    expect(created.body.data.$labels.factories).toContain('F002');
    const token = await loginToken(h.app, 'demo', 'hank', 'Hank.2026');
    const list = async () =>
      (
        (await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token })).body.data.factoryList as {
          id: string;
        }[]
      ).map((f) => f.id);
    expect(await list()).toEqual([factory2]);
    expect((await call(h.app, 'GET', UNITS, { token, headers: { 'x-factory-id': factory1 } })).status).toBe(403);
    expect(
      (
        await call(h.app, 'PUT', `${USERS}/${created.body.data.id}`, {
          token: admin,
          body: { factories: [factory1, factory2] },
        })
      ).status,
    ).toBe(200);
    expect(await list()).toEqual([factory1, factory2]);
    expect((await call(h.app, 'GET', UNITS, { token, headers: { 'x-factory-id': factory1 } })).status).toBe(200);
    // A factory of another tenant is not a factory the user can be given.
    const acmeFactory = (
      await db()
        .selectFrom('factory as f')
        .innerJoin('tenant as t', 't.id', 'f.tenant_id')
        .select('f.id')
        .where('t.code', '=', 'acme')
        .executeTakeFirstOrThrow()
    ).id;
    const foreign = await call(h.app, 'PUT', `${USERS}/${created.body.data.id}`, {
      token: admin,
      body: { factories: [acmeFactory] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['factories']);
  });

  it('refuses an administrator disabling or deleting their own account', async () => {
    const me = (
      await db()
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', demoId)
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await call(h.app, 'POST', `${USERS}/${me}/state`, {
          token: admin,
          body: { field: 'status', value: 'disabled' },
        })
      ).status,
    ).toBe(409);
    expect((await call(h.app, 'DELETE', USERS, { token: admin, body: { ids: [me] } })).status).toBe(409);
  });

  it('resets a password to a temporary one answered once, or to a given one', async () => {
    const id = await userWith('carol', []);
    const token = await loginToken(h.app, 'demo', 'carol');
    const r = await call(h.app, 'POST', `${USERS}/${id}/reset-password`, { token: admin, body: {} });
    expect(r.status).toBe(200);
    const temp = r.body.data.temporaryPassword as string;
    expect(temp).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token })).status).toBe(401);
    expect((await login(h.app, 'demo', 'carol', temp)).status).toBe(200);
    const given = await call(h.app, 'POST', `${USERS}/${id}/reset-password`, {
      token: admin,
      body: { password: 'Given~123' },
    });
    expect(given.body.data.temporaryPassword).toBeNull();
    expect((await login(h.app, 'demo', 'carol', 'Given~123')).status).toBe(200);
    expect(
      (await call(h.app, 'POST', `${USERS}/${id}/reset-password`, { token: admin, body: { password: 'bad pass' } }))
        .status,
    ).toBe(400);
  });

  it('grants a role exactly the menus and buttons assigned to it, with their catalogues', async () => {
    const roleId = await roleWith('unit-editor', ['basic:unit:view', 'basic:unit:add']);
    const got = await call<RoleMenus>(h.app, 'GET', `${ROLES}/${roleId}/menus`, { token: admin });
    expect(got.status).toBe(200);
    expect(got.body.data.menuIds).toEqual(
      expect.arrayContaining([menuId.get('basic:unit:view'), menuId.get('basic:unit:add')]),
    );
    expect(got.body.data.menuIds).toHaveLength(3); // the menu (its perms is the view code), the add button, the catalogue
    expect(got.body.data.tree.length).toBeGreaterThan(1);
    await userWith('dave', [roleId]);
    const token = await loginToken(h.app, 'demo', 'dave');
    const routes = await call<MenuNode[]>(h.app, 'GET', '/api/platform-system/function/routes', { token });
    expect(menuPaths(routes.body.data)).toEqual(['/basic/unit']);
    expect(menuPermissions(routes.body.data)).toEqual(['basic:unit:add']);
    expect(
      (
        await call(h.app, 'POST', UNITS, {
          token,
          body: { code: 'DAVE1', name: 'Dave unit', type: 'quantity', accuracy: 0 },
        })
      ).status,
    ).not.toBe(403);
    expect((await call(h.app, 'GET', USERS, { token })).status).toBe(403);

    // A disabled role grants nothing, on the next call.
    expect(
      (
        await call(h.app, 'POST', `${ROLES}/${roleId}/state`, {
          token: admin,
          body: { field: 'status', value: 'disabled' },
        })
      ).status,
    ).toBe(200);
    const after = await call<MenuNode[]>(h.app, 'GET', '/api/platform-system/function/routes', { token });
    expect(menuPaths(after.body.data)).toEqual([]);
    expect((await call(h.app, 'GET', UNITS, { token })).status).toBe(403);
  });

  it('limits list, get, update and delete to the rows the data permission shows', async () => {
    const perms = [
      'basic:unit:view',
      'basic:unit:add',
      'basic:unit:edit',
      'basic:unit:delete',
      'basic:unit:import',
      'basic:unit:export',
    ];
    const selfRole = await roleWith('unit-self', perms, 'self');
    const factoryRole = await roleWith('unit-factory', perms, 'factory');
    await userWith('erin', [selfRole], [factory1]);
    await userWith('frank', [factoryRole], [factory1]);
    await userWith('gina', [selfRole], [factory2]);
    const erin = await loginToken(h.app, 'demo', 'erin');
    const frank = await loginToken(h.app, 'demo', 'frank');
    const gina = await loginToken(h.app, 'demo', 'gina');
    const unit = (token: string, code: string) =>
      call(h.app, 'POST', UNITS, { token, body: { code, name: code, type: 'quantity', accuracy: 0 } });
    const adminUnit = (await unit(admin, 'ADMIN-U')).body.data.id as string;
    const erinUnit = (await unit(erin, 'ERIN-U')).body.data.id as string;
    const ginaUnit = (await unit(gina, 'GINA-U')).body.data.id as string;
    expect([adminUnit, erinUnit, ginaUnit].every(Boolean)).toBe(true);
    const codes = async (token: string, headers: Record<string, string> = {}) =>
      ((await call(h.app, 'GET', `${UNITS}?size=200`, { token, headers })).body.data.records as { code: string }[])
        .map((r) => r.code)
        .filter((c) => c.endsWith('-U'))
        .sort();

    // Own records only.
    expect(await codes(erin)).toEqual(['ERIN-U']);
    expect((await call(h.app, 'GET', `${UNITS}/${adminUnit}`, { token: erin })).status).toBe(404);
    expect(
      (await call(h.app, 'PUT', `${UNITS}/${adminUnit}`, { token: erin, body: { name: 'taken over' } })).status,
    ).toBe(404);
    expect((await call(h.app, 'DELETE', UNITS, { token: erin, body: { ids: [adminUnit] } })).status).toBe(404);
    expect((await call(h.app, 'PUT', `${UNITS}/${erinUnit}`, { token: erin, body: { name: 'mine' } })).status).toBe(
      200,
    );

    // An import cannot overwrite a row the data permission hides: the row is refused, nothing is written.
    const boundary = 'access-import';
    const csv = 'code,name,type,accuracy\nADMIN-U,Taken over,quantity,0\nERIN-U2,Erin two,quantity,0\n';
    const imported = await h.app.inject({
      method: 'POST',
      url: `${UNITS}/import`,
      headers: {
        authorization: `Bearer ${erin}`,
        'x-factory-id': factory1,
        'accept-language': 'en',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="units.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    });
    expect(imported.statusCode, imported.body).toBe(400);
    expect(imported.json().data.errors).toEqual([
      expect.objectContaining({ row: 2, field: 'code', key: 'resource.duplicate' }),
    ]);
    expect((await call(h.app, 'GET', `${UNITS}/${adminUnit}`, { token: admin })).body.data.name).toBe('ADMIN-U');
    expect(await codes(erin)).toEqual(['ERIN-U']);

    // The users of the chosen factory: the admin's and Erin's (factory 1) but not Gina's (factory 2).
    expect(await codes(frank, { 'x-factory-id': factory1 })).toEqual(['ADMIN-U', 'ERIN-U']);
    expect(
      (await call(h.app, 'GET', `${UNITS}/${ginaUnit}`, { token: frank, headers: { 'x-factory-id': factory1 } }))
        .status,
    ).toBe(404);
    // A factory the user may not use is refused, and getFactoryList answers only the user's factories.
    expect((await call(h.app, 'GET', UNITS, { token: frank, headers: { 'x-factory-id': factory2 } })).status).toBe(403);
    const factories = await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token: frank });
    expect(factories.body.data.factoryList.map((f: { id: string }) => f.id)).toEqual([factory1]);

    // The widest of several roles wins; administrators see all.
    const allRole = await roleWith('unit-all', perms, 'all');
    const erinId = (
      await db()
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', demoId)
        .where('account', '=', 'erin')
        .executeTakeFirstOrThrow()
    ).id;
    await db().insertInto('user_role').values({ tenant_id: demoId, user_id: erinId, role_id: allRole }).execute();
    expect(await codes(erin)).toEqual(['ADMIN-U', 'ERIN-U', 'GINA-U']);
    expect(await codes(admin)).toEqual(['ADMIN-U', 'ERIN-U', 'GINA-U']);
  });

  it("answers 404 for another tenant's users and roles on get, update, state and delete", async () => {
    const userId = (
      await db()
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', demoId)
        .where('account', '=', 'alice')
        .executeTakeFirstOrThrow()
    ).id;
    const roleId = (
      await db()
        .selectFrom('role')
        .select('id')
        .where('tenant_id', '=', demoId)
        .where('code', '=', 'unit-editor')
        .executeTakeFirstOrThrow()
    ).id;
    for (const [base, id] of [
      [USERS, userId],
      [ROLES, roleId],
    ] as const) {
      expect((await call(h.app, 'GET', `${base}/${id}`, { token: acmeAdmin })).status).toBe(404);
      expect((await call(h.app, 'PUT', `${base}/${id}`, { token: acmeAdmin, body: { remark: 'x' } })).status).toBe(404);
      expect(
        (
          await call(h.app, 'POST', `${base}/${id}/state`, {
            token: acmeAdmin,
            body: { field: 'status', value: 'disabled' },
          })
        ).status,
      ).toBe(404);
      expect((await call(h.app, 'DELETE', base, { token: acmeAdmin, body: { ids: [id] } })).status).toBe(404);
      const list = await call(h.app, 'GET', `${base}?size=200`, { token: acmeAdmin });
      expect(list.body.data.records.map((r: { id: string }) => r.id)).not.toContain(id);
    }
    expect((await call(h.app, 'GET', `${ROLES}/${roleId}/menus`, { token: acmeAdmin })).status).toBe(404);
    expect(
      (await call(h.app, 'PUT', `${ROLES}/${roleId}/menus`, { token: acmeAdmin, body: { menuIds: [] } })).status,
    ).toBe(404);
    expect(
      (await call(h.app, 'POST', `${USERS}/${userId}/reset-password`, { token: acmeAdmin, body: {} })).status,
    ).toBe(404);
    // A role of another tenant cannot be given to a user.
    const acmeRole = (await call(h.app, 'GET', `${ROLES}?size=200`, { token: acmeAdmin })).body.data.records[0]
      .id as string;
    expect((await call(h.app, 'PUT', `${USERS}/${userId}`, { token: admin, body: { roles: [acmeRole] } })).status).toBe(
      400,
    );
  });

  it('lets only administrators of the operator tenant change the shared menu tree, seen on the next menu fetch', async () => {
    const catalogue =
      (await db().selectFrom('menu').select('id').where('code', '=', 'catalogue:system').executeTakeFirst())?.id ??
      (await db().selectFrom('menu').select('id').where('type', '=', 'catalogue').executeTakeFirstOrThrow()).id;
    const body = {
      code: 'custom:report',
      type: 'menu',
      parentId: catalogue,
      path: '/platform/custom-report',
      perms: 'platform:custom-report:view',
      nameZhCN: '自定义报表',
      nameZhTW: '自訂報表',
      nameEn: 'Custom report',
      nameVi: 'Báo cáo tùy chỉnh',
      nameEs: 'Informe personalizado',
      sort: 999,
    };
    // The seeded tenant runs the platform; another tenant's administrator may not touch the tree.
    expect((await call(h.app, 'POST', MENUS, { token: acmeAdmin, body })).status).toBe(403);
    const created = await call(h.app, 'POST', MENUS, { token: admin, body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const row = await db()
      .selectFrom('menu')
      .select('name_i18n')
      .where('id', '=', created.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.name_i18n).toMatchObject({ 'zh-CN': '自定义报表', en: 'Custom report', es: 'Informe personalizado' });
    const es = await call<MenuNode[]>(h.app, 'GET', '/api/platform-system/function/routes', {
      token: admin,
      lang: 'es',
    });
    expect(JSON.stringify(es.body.data)).toContain('Informe personalizado');
    // A node cannot move under itself.
    expect(
      (await call(h.app, 'PUT', `${MENUS}/${catalogue}`, { token: admin, body: { parentId: created.body.data.id } }))
        .status,
    ).toBe(400);
    expect(
      (await call(h.app, 'PUT', `${MENUS}/${created.body.data.id}`, { token: acmeAdmin, body: { nameEn: 'Hijack' } }))
        .status,
    ).toBe(403);
    expect(
      (await call(h.app, 'DELETE', MENUS, { token: acmeAdmin, body: { ids: [created.body.data.id] } })).status,
    ).toBe(403);
    expect((await call(h.app, 'DELETE', MENUS, { token: admin, body: { ids: [created.body.data.id] } })).status).toBe(
      200,
    );
    // A tenant that no longer runs the platform loses the right at once.
    await db().updateTable('tenant').set({ operator: false }).where('id', '=', demoId).execute();
    expect((await call(h.app, 'POST', MENUS, { token: admin, body })).status).toBe(403);
    await db().updateTable('tenant').set({ operator: true }).where('id', '=', demoId).execute();
  });

  it("names a menu's parent in the user's language (zh-CN where that one is missing), in the list and the options", async () => {
    const parent = {
      code: 'custom:named',
      type: 'catalogue',
      nameZhCN: '命名目录',
      nameEn: 'Named catalogue',
      nameVi: 'Danh mục có tên',
      nameEs: '',
      sort: 998,
    };
    const made = await call(h.app, 'POST', MENUS, { token: admin, body: parent });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const child = await call(h.app, 'POST', MENUS, {
      token: admin,
      body: { code: 'custom:named:child', type: 'menu', parentId: made.body.data.id, nameZhCN: '子菜单', sort: 1 },
    });
    const childId = child.body.data.id as string;
    const labelIn = async (lang: string) =>
      (await call<{ $labels: Record<string, string> }>(h.app, 'GET', `${MENUS}/${childId}`, { token: admin, lang }))
        .body.data.$labels.parentId;
    expect(await labelIn('vi')).toBe('custom:named Danh mục có tên');
    expect(await labelIn('en')).toBe('custom:named Named catalogue');
    // No Spanish name: the Chinese one, never an empty label.
    expect(await labelIn('es')).toBe('custom:named 命名目录');
    const list = await call<{ records: { id: string; $labels: Record<string, string> }[] }>(
      h.app,
      'GET',
      `${MENUS}?code=custom:named:child`,
      { token: admin, lang: 'en' },
    );
    expect(list.body.data.records.find((r) => r.id === childId)?.$labels.parentId).toBe('custom:named Named catalogue');
    const options = await call<{ name: string }[]>(h.app, 'GET', `${MENUS}/options/parentId?ids=${made.body.data.id}`, {
      token: admin,
      lang: 'vi',
    });
    expect(options.body.data.map((o) => o.name)).toEqual(['Danh mục có tên']);
    expect(
      (await call(h.app, 'DELETE', MENUS, { token: admin, body: { ids: [childId, made.body.data.id] } })).status,
    ).toBe(200);
  });
});
