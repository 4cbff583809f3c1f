import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf } from './seeded';

describe.each(DIALECTS)('visit statistics [%s]', (kind) => {
  let h: Harness;
  let token: string;
  let factoryA: string;
  let factoryB: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    const tenantId = (await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    // The demo company's two plants.
    factoryA = await factoryIdOf(db, tenantId, 'F001');
    factoryB = await factoryIdOf(db, tenantId, 'F002');
    const admin = (
      await db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    const worker = await createUser(db, {
      tenantId,
      account: 'worker',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['staff'],
      factoryIds: [factoryA],
    });
    const menus = await db
      .selectFrom('menu')
      .select(['id', 'path'])
      .where('path', 'in', ['/platform/dict', '/basic/unit'])
      .execute();
    const dict = menus.find((m) => m.path === '/platform/dict')!.id;
    const unit = menus.find((m) => m.path === '/basic/unit')!.id;
    const day = 86_400_000;
    const at = (ago: number) => new Date(Date.now() - ago);
    const rows = [
      ...Array.from({ length: 5 }, () => ({
        user_id: worker,
        factory_id: factoryA,
        function_id: dict,
        created_at: at(60_000),
      })),
      ...Array.from({ length: 3 }, () => ({
        user_id: admin,
        factory_id: factoryA,
        function_id: unit,
        created_at: at(2 * day),
      })),
      ...Array.from({ length: 2 }, () => ({
        user_id: admin,
        factory_id: factoryB,
        function_id: unit,
        created_at: at(3 * day),
      })),
      { user_id: admin, factory_id: factoryA, function_id: dict, created_at: at(40 * day) },
    ];
    await db
      .insertInto('menu_access_record')
      .values(rows.map((r) => ({ tenant_id: tenantId, ...r })))
      .execute();
    const other = await createTenant(db, { code: 'other', name: 'Other', adminPassword: PASSWORD });
    const otherAdmin = (
      await db.selectFrom('app_user').select('id').where('tenant_id', '=', other.tenantId).executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('menu_access_record')
      .values({ tenant_id: other.tenantId, user_id: otherAdmin, factory_id: other.factoryId, function_id: dict })
      .execute();
    token = await loginToken(h.app, 'demo', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const stats = (range: string, factory?: string) =>
    call(h.app, 'GET', `/api/platform-system/visit/statistics?range=${range}&top=5`, {
      token,
      headers: factory ? { 'x-factory-id': factory } : {},
      lang: 'en',
    });

  it('counts a week of visits per day, oldest first, with the Top N', async () => {
    const r = await stats('week');
    expect(r.status).toBe(200);
    expect(r.body.data.series).toHaveLength(7);
    expect(r.body.data.total).toBe(10);
    expect(r.body.data.series.at(-1).count).toBe(5);
    expect(r.body.data.topVisitors.map((v: { account: string; count: number }) => [v.account, v.count])).toEqual([
      ['admin', 5],
      ['worker', 5],
    ]);
    expect(r.body.data.topMenus[0]).toMatchObject({ name: expect.any(String), count: 5 });
  });

  it('narrows to the chosen factory and widens to the ranges', async () => {
    expect((await stats('week', factoryB)).body.data.total).toBe(2);
    const day = await stats('day');
    expect(day.body.data.series).toHaveLength(24);
    expect(day.body.data.total).toBe(5);
    const year = await stats('year');
    expect(year.body.data.series).toHaveLength(12);
    expect(year.body.data.total).toBe(11);
  });

  it('needs the permission, and refuses an unknown range', async () => {
    const worker = await loginToken(h.app, 'demo', 'worker');
    expect((await call(h.app, 'GET', '/api/platform-system/visit/statistics', { token: worker })).status).toBe(403);
    expect((await stats('decade')).status).toBe(400);
  });
});
