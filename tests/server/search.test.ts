/**
 * Search everywhere (issue 24): menu entries by their name in any language, records by code or name,
 * within the caller's tenant, factory, data permission and menu; bad input is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../model/search';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf, menuIdsOf, tenantIdOf } from './seeded';

const SEARCH = '/api/platform-system/search';
const ROLES = '/api/platform-system/role';

describe.each(DIALECTS)('search everywhere [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let demoId: string;
  let factory1: string;
  let factory2: string;
  const menuId = new Map<string, string>(); // path or permission code → id
  const db = () => h.database.db;

  const find = (token: string, q: string, opts: { lang?: string; factory?: string } = {}) =>
    call<SearchResult>(h.app, 'GET', `${SEARCH}?q=${encodeURIComponent(q)}`, {
      token,
      lang: opts.lang ?? 'en',
      headers: opts.factory ? { 'x-factory-id': opts.factory } : {},
    });
  const codesOf = (r: SearchResult, resource: string) =>
    r.records.find((g) => g.resource === resource)?.hits.map((x) => x.code) ?? [];

  /** A user of the first plant whose one role holds the screens and buttons of `grants` with the data permission `dataScope`. */
  async function userWith(account: string, grants: string[], dataScope = 'all'): Promise<string> {
    const role = await call(h.app, 'POST', ROLES, {
      token: admin,
      body: { code: `r-${account}`, name: account, dataScope },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const put = await call(h.app, 'PUT', `${ROLES}/${role.body.data.id}/menus`, {
      token: admin,
      body: { menuIds: grants.map((g) => menuId.get(g)!) },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const id = await createUser(db(), {
      tenantId: demoId,
      account,
      password: PASSWORD,
      passwordHash: await passwordHash(),
      factoryIds: [factory1],
    });
    await db().insertInto('user_role').values({ tenant_id: demoId, user_id: id, role_id: role.body.data.id }).execute();
    return loginToken(h.app, 'demo', account);
  }

  async function create(token: string, resource: string, body: Record<string, unknown>, factory?: string) {
    const r = await call(h.app, 'POST', `/api/basic-system/${resource}`, {
      token,
      body,
      headers: factory ? { 'x-factory-id': factory } : {},
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id as string;
  }

  beforeAll(async () => {
    h = await startHarness(kind);
    demoId = await tenantIdOf(db());
    factory1 = await factoryIdOf(db(), demoId, 'F001');
    factory2 = await factoryIdOf(db(), demoId, 'F002');
    for (const [key, id] of await menuIdsOf(db())) menuId.set(key, id);
    admin = await loginToken(h.app, 'demo', 'admin');
    const pcs = (await call(h.app, 'GET', '/api/basic-system/unit?code=PCS', { token: admin })).body.data.records[0].id;
    await create(admin, 'material', { code: 'QX-100', name: 'Quartz crystal 12 MHz', type: 'raw', basicUnitId: pcs });
    await create(admin, 'material', { code: 'QX-200', name: 'Quartz crystal 32 kHz', type: 'raw', basicUnitId: pcs });
    await create(admin, 'workshop', { code: 'QX-WS-SZ', name: 'Quartz hall Suzhou' }, factory1);
    await create(admin, 'workshop', { code: 'QX-WS-HN', name: 'Quartz hall Hanoi' }, factory2);
    // Another tenant with a material of the same code start.
    await createTenant(db(), { code: 'acme', name: 'Acme', adminPassword: PASSWORD });
    const acme = await loginToken(h.app, 'acme', 'admin');
    const unit = await create(acme, 'unit', { code: 'EA', name: 'Each', type: 'quantity', accuracy: 0 });
    await create(acme, 'material', { code: 'QX-900', name: 'Quartz of Acme', type: 'raw', basicUnitId: unit });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('finds a material by its code and by its name, and each hit opens its screen at the record', async () => {
    const byCode = await find(admin, 'qx-1');
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    const group = byCode.body.data.records.find((g) => g.resource === 'material');
    expect(group?.hits.map((x) => [x.code, x.name])).toEqual([['QX-100', 'Quartz crystal 12 MHz']]);
    expect(group?.title).toBe('Materials');
    const id = (await call(h.app, 'GET', '/api/basic-system/material?code=QX-100', { token: admin })).body.data
      .records[0].id;
    expect(group?.hits[0]?.path).toBe(`/basic/material/${id}`);

    for (const q of ['Quartz crystal', 'quartz crystal', 'QUARTZ']) {
      const byName = await find(admin, q);
      expect(byName.status).toBe(200);
      expect(codesOf(byName.body.data, 'material'), q).toEqual(['QX-100', 'QX-200']);
    }
  });

  it('finds a menu entry by its English name when asking in Vietnamese, named in Vietnamese', async () => {
    const r = await find(admin, 'material classes', { lang: 'vi' });
    expect(r.status).toBe(200);
    expect(r.body.data.menus).toEqual([
      {
        id: menuId.get('/basic/material-class'),
        path: '/basic/material-class',
        name: 'Phân loại vật tư',
        matched: 'Material classes',
      },
    ]);
    // And by its name in the caller's own language.
    const own = await find(admin, 'phân loại vật', { lang: 'vi' });
    expect(own.body.data.menus.map((m) => m.path)).toEqual(['/basic/material-class']);
    expect(own.body.data.menus[0]?.matched).toBeNull();
  });

  it("never finds another tenant's or another factory's record", async () => {
    const suzhou = await find(admin, 'QX', { factory: factory1 });
    expect(codesOf(suzhou.body.data, 'material')).toEqual(['QX-100', 'QX-200']);
    expect(codesOf(suzhou.body.data, 'workshop')).toEqual(['QX-WS-SZ']);
    const hanoi = await find(admin, 'QX', { factory: factory2 });
    expect(codesOf(hanoi.body.data, 'workshop')).toEqual(['QX-WS-HN']);
    // Without a chosen factory, factory-scoped records are not searched at all.
    expect(codesOf((await find(admin, 'QX')).body.data, 'workshop')).toEqual([]);
    expect(JSON.stringify((await find(admin, 'QX-9')).body.data.records)).toBe('[]');
  });

  it('leaves out the resources and menu entries the user may not read, and rows outside the data permission', async () => {
    const clerk = await userWith('search.clerk', ['/basic/workshop']);
    const r = await find(clerk, 'QX', { factory: factory1 });
    expect(r.status).toBe(200);
    expect(r.body.data.records.map((g) => g.resource)).toEqual(['workshop']);
    expect((await find(clerk, 'Materials')).body.data.menus).toEqual([]);
    expect((await find(clerk, 'Workshops')).body.data.menus.map((m) => m.path)).toEqual(['/basic/workshop']);
    // Own records only: the administrator's workshops are not this user's.
    const own = await userWith('search.own', ['/basic/workshop', 'basic:workshop:add', '/basic/material'], 'self');
    const mine = await find(own, 'QX', { factory: factory1 });
    expect(mine.body.data.records).toEqual([]);
    await create(own, 'workshop', { code: 'QX-WS-OWN', name: 'My hall' }, factory1);
    expect(codesOf((await find(own, 'QX', { factory: factory1 })).body.data, 'workshop')).toEqual(['QX-WS-OWN']);
  });

  it("answers 400 naming the field for an empty or a too long text, in the caller's language", async () => {
    for (const q of ['', '   ', 'x'.repeat(65)]) {
      const r = await find(admin, q, { lang: 'es' });
      expect(r.status, q).toBe(400);
      expect(r.body.data).toMatchObject({ errors: [{ field: 'q' }] });
      expect(r.body.msg).toContain('Texto de búsqueda');
    }
    const missing = await call(h.app, 'GET', SEARCH, { token: admin, lang: 'en' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toContain('Search text');
    expect((await call(h.app, 'GET', `${SEARCH}?q=QX`)).status).toBe(401);
  });
});
