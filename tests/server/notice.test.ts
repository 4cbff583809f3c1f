import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf } from './seeded';

describe.each(DIALECTS)('notices and their counters [%s]', (kind) => {
  let h: Harness;
  let tenantId: string;
  let factoryA: string;
  let factoryB: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    const demo = await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    tenantId = demo.id;
    // Start from no notices (the seed gives the demo tenant two).
    await db.deleteFrom('notice').where('tenant_id', '=', tenantId).execute();
    // The demo company's two plants.
    factoryA = await factoryIdOf(db, tenantId, 'F001');
    factoryB = await factoryIdOf(db, tenantId, 'F002');
    await createUser(db, {
      tenantId,
      account: 'worker.a',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['staff'],
      factoryIds: [factoryA],
    });
    await createUser(db, {
      tenantId,
      account: 'worker.b',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['staff'],
      factoryIds: [factoryB],
    });
    const other = await createTenant(db, { code: 'other', name: 'Other Co', adminPassword: PASSWORD });
    const hour = 3600_000;
    const add = async (
      key: string,
      values: { tenant?: string; factories?: string[]; publish?: Date; expire?: Date | null },
    ) => {
      const row = await db
        .insertInto('notice')
        .values({
          tenant_id: values.tenant ?? tenantId,
          title: key,
          content: `<p>${key}</p>`,
          factory_ids: values.factories ?? [],
          publish_at: values.publish ?? new Date(Date.now() - hour),
          expire_at: values.expire ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[key] = row.id;
    };
    await add('everyone', {});
    await add('plant A only', { factories: [factoryA] });
    await add('plant B only', { factories: [factoryB] });
    await add('expired', { expire: new Date(Date.now() - 60_000) });
    await add('not yet', { publish: new Date(Date.now() + hour) });
    await add('other tenant', { tenant: other.tenantId });
  });
  afterAll(async () => {
    await h?.close();
  });

  const list = async (token: string, factoryId: string) =>
    call(h.app, 'GET', '/api/platform-system/notice/list', { token, headers: { 'x-factory-id': factoryId } });

  it('shows a user the published notices of their tenant and factory, with counters', async () => {
    const a = await loginToken(h.app, 'demo', 'worker.a');
    const r = await list(a, factoryA);
    expect(r.status).toBe(200);
    expect(r.body.data.records.map((n: { title: string }) => n.title).sort()).toEqual(['everyone', 'plant A only']);
    expect(r.body.data).toMatchObject({ handledNum: 0, unHandleNum: 2, totalNum: 2 });
    const b = await loginToken(h.app, 'demo', 'worker.b');
    const rb = await list(b, factoryB);
    expect(rb.body.data.records.map((n: { title: string }) => n.title).sort()).toEqual(['everyone', 'plant B only']);
  });

  it('moves the counters when a notice is handled, per user', async () => {
    const a = await loginToken(h.app, 'demo', 'worker.a');
    expect(
      (
        await call(h.app, 'POST', `/api/platform-system/notice/${ids['plant A only']}/handle`, {
          token: a,
          headers: { 'x-factory-id': factoryA },
        })
      ).status,
    ).toBe(200);
    // Handling twice changes nothing.
    await call(h.app, 'POST', `/api/platform-system/notice/${ids['plant A only']}/handle`, {
      token: a,
      headers: { 'x-factory-id': factoryA },
    });
    const r = await list(a, factoryA);
    expect(r.body.data).toMatchObject({ handledNum: 1, unHandleNum: 1, totalNum: 2 });
    expect(r.body.data.records.find((n: { title: string }) => n.title === 'plant A only').handled).toBe(true);
    const admin = await loginToken(h.app, 'demo', 'admin');
    const other = await list(admin, factoryA);
    expect(other.body.data).toMatchObject({ handledNum: 0, totalNum: 2 });
  });

  it('refuses to handle a notice the user cannot see (other factory, other tenant, expired)', async () => {
    const a = await loginToken(h.app, 'demo', 'worker.a');
    for (const key of ['plant B only', 'other tenant', 'expired', 'not yet']) {
      const r = await call(h.app, 'POST', `/api/platform-system/notice/${ids[key]}/handle`, {
        token: a,
        headers: { 'x-factory-id': factoryA },
      });
      expect(r.status, key).toBe(404);
    }
  });
});
