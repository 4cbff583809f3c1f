import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuPaths, menuPermissions, type MenuNode } from '../../model/menu';
import { DEMO_TENANT } from '../../server/seed';
import { DEMO_FACTORIES } from '../../server/seed/company';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf } from './seeded';

describe.each(DIALECTS)('platform calls [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let demoId: string;
  let demoFactory: string;
  let otherFactory: string;
  let secondDemoFactory: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    const demo = await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    demoId = demo.id;
    // The demo company's two plants.
    demoFactory = await factoryIdOf(db, demoId, 'F001');
    secondDemoFactory = await factoryIdOf(db, demoId, 'F002');
    const other = await createTenant(db, { code: 'acme', name: 'Acme', adminPassword: PASSWORD });
    otherFactory = other.factoryId;
    await createUser(db, {
      tenantId: demoId,
      account: 'worker',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['staff'],
      factoryIds: [demoFactory],
    });
    admin = await loginToken(h.app, 'demo', 'admin');
    staff = await loginToken(h.app, 'demo', 'worker');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('gives the admin the whole menu, the workbench first, then dictionaries, with buttons and tabs', async () => {
    const r = await call<MenuNode[]>(h.app, 'GET', '/api/platform-system/function/routes?terminalType=web&factoryId=', {
      token: admin,
      lang: 'en',
    });
    expect(r.status).toBe(200);
    const tree = r.body.data;
    const paths = menuPaths(tree);
    expect(paths.slice(0, 2)).toEqual(['/home', '/platform/dict']);
    expect(paths).toHaveLength(64);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/paas/tenant',
        '/system/visit-statistics',
        '/basic/document-type',
        '/basic/device-model',
        '/flow/task',
        '/helper/language',
        '/helper/apply-menu',
        '/system/course',
        '/log/online-session',
        '/platform/security-policy',
        '/platform/api-key',
        '/platform/webhook',
        '/log/audit-trail',
      ]),
    );
    expect(tree.slice(0, 2).map((n) => n.functionName)).toEqual(['Workbench', 'System management']);
    const dict = tree[1]?.children[0];
    expect(dict).toMatchObject({
      functionName: 'Dictionaries',
      path: '/platform/dict',
      type: 'menu',
      productType: 'platform',
      productTypeName: 'Platform',
      hasAuth: true,
    });
    expect(dict?.buttonChildren.map((b) => b.perms)).toEqual([
      'platform:dict:add',
      'platform:dict:edit',
      'platform:dict:delete',
    ]);
    const perms = menuPermissions(tree);
    expect(perms).toEqual(expect.arrayContaining(['basic:material:import', 'basic:material:tab-packing']));
    const zh = await call<MenuNode[]>(h.app, 'GET', '/api/platform-system/function/routes', {
      token: admin,
      lang: 'zh-CN',
    });
    expect(zh.body.data[1]?.children[0]?.functionName).toBe('字典管理');
    const vi = await call<MenuNode[]>(h.app, 'GET', '/api/platform-system/function/routes', {
      token: admin,
      lang: 'vi',
    });
    expect(vi.body.data[1]?.children[0]?.functionName).toBe('Từ điển');
  });

  it('gives a staff user only the menus of its role, without buttons', async () => {
    const r = await call<MenuNode[]>(
      h.app,
      'GET',
      `/api/platform-system/function/routes?terminalType=web&factoryId=${demoFactory}`,
      { token: staff, lang: 'en' },
    );
    expect(r.status).toBe(200);
    const paths = menuPaths(r.body.data);
    expect(paths[0]).toBe('/home');
    expect(paths.sort()).toEqual(
      [
        '/basic/customer',
        '/basic/material',
        '/basic/supplier',
        '/basic/unit',
        '/home',
        '/platform/dict',
        '/system/help-doc',
        '/system/notice',
      ].sort(),
    );
    expect(menuPermissions(r.body.data)).toEqual([]);
    // catalogues without visible children are dropped
    expect(r.body.data.map((c) => c.functionName)).toEqual([
      'Workbench',
      'System management',
      'Materials',
      'Business partners',
    ]);
  });

  it('enforces permissions on the server: staff may view dictionaries but not add', async () => {
    expect((await call(h.app, 'GET', '/api/platform-system/dict', { token: staff })).status).toBe(200);
    const r = await call(h.app, 'POST', '/api/platform-system/dict', {
      token: staff,
      lang: 'en',
      body: { name: 'X', type: 'x' },
    });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 403, msg: 'No permission, contact the administrator', data: null });
    expect(
      (await call(h.app, 'DELETE', '/api/platform-system/dict', { token: staff, body: { ids: [demoFactory] } })).status,
    ).toBe(403);
  });

  it('answers corp info, language options, the user and the factory list', async () => {
    const cope = await call(h.app, 'GET', '/api/platform-system/cope', { token: admin });
    expect(cope.body.data).toEqual({
      tenantCode: 'demo',
      tenantName: DEMO_TENANT.name,
      language: 'zh-CN,zh-TW,en,vi,es',
    });
    const langs = await call(h.app, 'GET', '/api/platform-system/dict/list', { token: staff });
    expect(langs.body.data).toEqual([
      { dictKey: 'zh-CN', dictValue: '简体中文' },
      { dictKey: 'zh-TW', dictValue: '繁體中文' },
      { dictKey: 'en', dictValue: 'English' },
      { dictKey: 'vi', dictValue: 'Tiếng Việt' },
      { dictKey: 'es', dictValue: 'Español' },
    ]);
    const user = await call(h.app, 'GET', '/api/platform-system/user', { token: staff });
    expect(user.body.data).toMatchObject({
      account: 'worker',
      type: 'staff',
      tenantCode: 'demo',
      roles: [{ code: 'staff' }],
    });
    const adminFactories = await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token: admin });
    expect(adminFactories.body.data.factoryList.map((f: { code: string }) => f.code)).toEqual(['F001', 'F002']);
    const staffFactories = await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token: staff });
    expect(staffFactories.body.data.factoryList).toEqual([
      { id: demoFactory, code: 'F001', name: DEMO_FACTORIES.suzhou.name, status: 'normal' },
    ]);
  });

  it('checks X-Factory-Id against the tenant and the user', async () => {
    const own = await call(h.app, 'GET', '/api/platform-system/user', {
      token: admin,
      headers: { 'x-factory-id': demoFactory },
    });
    expect(own.status).toBe(200);
    const second = await call(h.app, 'GET', '/api/platform-system/user', {
      token: admin,
      headers: { 'x-factory-id': secondDemoFactory },
    });
    expect(second.status).toBe(200); // admins: every factory of their tenant
    const foreign = await call(h.app, 'GET', '/api/platform-system/user', {
      token: admin,
      headers: { 'x-factory-id': otherFactory },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe(403);
    const unassigned = await call(h.app, 'GET', '/api/platform-system/user', {
      token: staff,
      headers: { 'x-factory-id': secondDemoFactory },
    });
    expect(unassigned.status).toBe(403);
    const junk = await call(h.app, 'GET', '/api/platform-system/user', {
      token: staff,
      headers: { 'x-factory-id': 'not-a-uuid' },
    });
    expect(junk.status).toBe(403);
    const menuForeign = await call(h.app, 'GET', `/api/platform-system/function/routes?factoryId=${otherFactory}`, {
      token: admin,
    });
    expect(menuForeign.status).toBe(403);
  });

  it('builds sub-app URLs from the Host header', async () => {
    const r = await call(h.app, 'GET', '/api/platform-system/platFactoryApp', {
      token: staff,
      lang: 'en',
      headers: { host: 'mes.example.com:8080' },
    });
    expect(r.status).toBe(200);
    const apps = r.body.data as {
      appType: string;
      url: string;
      online: boolean;
      prefixPath: string[];
      fullscreen: boolean;
      appName: string;
    }[];
    const byType = Object.fromEntries(apps.map((a) => [a.appType, a]));
    expect(byType.platform).toMatchObject({ url: 'http://mes.example.com:4000', online: true, appName: 'Platform' });
    expect(byType.platform?.prefixPath).toEqual(['paas', 'home', 'platform', 'system', 'log', 'flow', 'helper']);
    expect(byType.basic).toMatchObject({ url: 'http://mes.example.com:4001', online: true, prefixPath: ['basic'] });
    expect(byType.mes).toMatchObject({ url: 'http://mes.example.com:4002', online: false });
    expect(byType.spc?.url).toBe(byType.dcm?.url);
    expect(byType.visual?.fullscreen).toBe(true);
    expect(byType.mds?.url).toBe('http://mes.example.com:4013');
    const zh = await call(h.app, 'GET', '/api/platform-system/platFactoryApp', {
      token: staff,
      headers: { host: '10.0.0.5' },
    });
    expect((zh.body.data as { appName: string; url: string }[])[0]).toMatchObject({
      appName: '平台管理',
      url: 'http://10.0.0.5:4000',
    });
  });

  it('saves a menu access record and validates it', async () => {
    const tree = (await call<MenuNode[]>(h.app, 'GET', '/api/platform-system/function/routes', { token: staff })).body
      .data;
    const functionId = tree[1]?.children[0]?.id as string;
    const ok = await call(h.app, 'POST', '/api/platform-system/menu/access/record/save', {
      token: staff,
      body: { factoryId: demoFactory, functionId },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toBeNull();
    const rows = await h.database.db
      .selectFrom('menu_access_record')
      .selectAll()
      .where('tenant_id', '=', demoId)
      .execute();
    expect(rows).toHaveLength(1);
    const missing = await call(h.app, 'POST', '/api/platform-system/menu/access/record/save', {
      token: staff,
      lang: 'en',
      body: { factoryId: demoFactory },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors[0]).toMatchObject({
      field: 'functionId',
      key: 'validation.required',
      message: 'Menu is required',
    });
    const foreign = await call(h.app, 'POST', '/api/platform-system/menu/access/record/save', {
      token: staff,
      body: { factoryId: otherFactory, functionId },
    });
    expect(foreign.status).toBe(403);
  });
});

describe.each(DIALECTS)('organisation switcher [%s]', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("answers the organisations of the user's tenant with their codes, and only those", async () => {
    await createTenant(h.database.db, {
      code: 'orgs-other',
      name: 'Other',
      adminPassword: PASSWORD,
      organization: { code: 'FOREIGN', name: 'Foreign org' },
    });
    const token = await loginToken(h.app, 'demo', 'admin');
    const r = await call(h.app, 'GET', '/api/cloudbase-system/organization/currentStaffOrgSelect', { token });
    expect(r.status).toBe(200);
    // The administrator may switch to both organisations of the demo company, to none of another tenant.
    expect(r.body.data.map((o: { orgCode: string }) => o.orgCode)).toEqual(['ORG001', 'ORG002']);
    expect((await call(h.app, 'GET', '/api/cloudbase-system/organization/currentStaffOrgSelect')).status).toBe(401);
  });
});
