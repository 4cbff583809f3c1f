/**
 * Online sessions (issue 26): the tenant's live sessions with who, where from, which browser, how
 * they logged in, when, and in which factory; ending one or all of a user's, honoured by another
 * server on the same database at its next call; the own sessions in the personal centre; the
 * tenant wall.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../server/app';
import { createDatabase, type Database } from '../../server/db/index';
import { createTenant, createUser } from '../../server/tenants/provision';
import { BASIC, DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf, tenantIdOf } from './seeded';

const LIST = '/api/platform-system/online-session';
const OWN = '/api/platform-system/user/session';
const ME = '/api/platform-system/user';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(DIALECTS)('online sessions [%s]', (kind) => {
  let h: Harness;
  let second: FastifyInstance;
  let secondDb: Database | null = null;
  let tenantId: string;
  let factoryId: string;
  let admin: string;

  const loginAs = async (app: FastifyInstance, tenantCode: string, account: string, userAgent = BROWSER) => {
    const r = await call<{ token: string }>(app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC, 'user-agent': userAgent, 'x-forwarded-for': '10.9.8.7' },
      body: { tenantCode, account, password: PASSWORD },
    });
    expect(r.status).toBe(200);
    return r.body.data.token;
  };

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    factoryId = await factoryIdOf(db, tenantId, 'F001');
    const hash = await passwordHash();
    for (const account of ['sess.worker', 'sess.clerk'])
      await createUser(db, {
        tenantId,
        account,
        password: PASSWORD,
        passwordHash: hash,
        roles: ['staff'],
        factoryIds: [factoryId],
      });
    await createTenant(db, { code: 'sess-other', name: 'Other', adminPassword: PASSWORD });
    if (kind === 'postgres') secondDb = await createDatabase(h.config, { migrate: false });
    second = await buildApi({ db: secondDb?.db ?? db, config: h.config, logger: false });
    await second.ready();
    admin = await loginToken(h.app, 'demo', 'admin');
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await h?.close();
  });

  it('lists live sessions with account, browser, login method, times and the factory of the latest call', async () => {
    const worker = await loginAs(h.app, 'demo', 'sess.worker');
    expect(
      (
        await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', {
          token: worker,
          headers: { 'x-factory-id': factoryId },
        })
      ).status,
    ).toBe(200);
    const r = await call<{ records: Record<string, unknown>[] }>(h.app, 'GET', `${LIST}?keyword=sess.worker`, {
      token: admin,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.records).toHaveLength(1);
    const row = r.body.data.records[0]!;
    expect(row).toMatchObject({
      account: 'sess.worker',
      method: 'password',
      userAgent: BROWSER,
      factoryId,
      factoryCode: 'F001',
      current: false,
    });
    expect(typeof row.ip).toBe('string');
    expect(Date.parse(String(row.createdAt))).not.toBeNaN();
    expect(Date.parse(String(row.lastSeenAt))).toBeGreaterThanOrEqual(Date.parse(String(row.createdAt)));
    // The caller's own session is marked as such.
    const all = await call<{ records: { account: string; current: boolean }[] }>(h.app, 'GET', LIST, { token: admin });
    expect(all.body.data.records.filter((s) => s.current).map((s) => s.account)).toEqual(['admin']);
  });

  it("ends one session on another server at its next call, and leaves the user's other sessions alone", async () => {
    const a = await loginAs(h.app, 'demo', 'sess.clerk');
    const b = await loginAs(second, 'demo', 'sess.clerk');
    const list = await call<{ records: { id: string; account: string }[] }>(
      h.app,
      'GET',
      `${LIST}?keyword=sess.clerk`,
      { token: admin },
    );
    expect(list.body.data.records).toHaveLength(2);
    // Which row is session a: the one the clerk sees as current.
    const own = await call<{ records: { id: string; current: boolean }[] }>(second, 'GET', OWN, { token: a });
    const idOfA = own.body.data.records.find((s) => s.current)!.id;
    expect((await call(h.app, 'POST', `${LIST}/${idOfA}/end`, { token: admin })).status).toBe(200);
    expect((await call(second, 'GET', ME, { token: a })).status).toBe(401);
    expect((await call(h.app, 'GET', ME, { token: a })).status).toBe(401);
    expect((await call(second, 'GET', ME, { token: b })).status).toBe(200);
    const row = await h.database.db
      .selectFrom('session_token')
      .select(['revoked_at', 'ended_by'])
      .where('id', '=', idOfA)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    expect(row.ended_by).not.toBeNull();
    const logged = await h.database.db
      .selectFrom('operation_log')
      .select(['record_ids', 'account'])
      .where('tenant_id', '=', tenantId)
      .where('resource', '=', 'online-session')
      .execute();
    expect(logged.some((l) => JSON.stringify(l.record_ids).includes(idOfA) && l.account === 'admin')).toBe(true);
    const after = await call<{ records: { id: string }[] }>(h.app, 'GET', `${LIST}?keyword=sess.clerk`, {
      token: admin,
    });
    expect(after.body.data.records.map((s) => s.id)).not.toContain(idOfA);
    // Ending it again: nothing left to end.
    expect((await call(h.app, 'POST', `${LIST}/${idOfA}/end`, { token: admin })).status).toBe(404);
  });

  it("ends all of a user's sessions at once, on every server", async () => {
    const tokens = [await loginAs(h.app, 'demo', 'sess.worker'), await loginAs(second, 'demo', 'sess.worker')];
    const userId = (
      await h.database.db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', 'sess.worker')
        .executeTakeFirstOrThrow()
    ).id;
    const r = await call<{ ended: number }>(second, 'POST', `${LIST}/user/${userId}/end`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.data.ended).toBeGreaterThanOrEqual(2);
    for (const t of tokens) {
      expect((await call(h.app, 'GET', ME, { token: t })).status).toBe(401);
      expect((await call(second, 'GET', ME, { token: t })).status).toBe(401);
    }
    expect((await call(h.app, 'GET', ME, { token: admin })).status).toBe(200);
  });

  it('needs its own permission: a staff user may neither list nor end', async () => {
    const worker = await loginAs(h.app, 'demo', 'sess.worker');
    expect((await call(h.app, 'GET', LIST, { token: worker })).status).toBe(403);
    const adminRow = (
      await call<{ records: { id: string; current: boolean }[] }>(h.app, 'GET', OWN, { token: admin })
    ).body.data.records.find((s) => s.current)!;
    expect((await call(h.app, 'POST', `${LIST}/${adminRow.id}/end`, { token: worker })).status).toBe(403);
    expect((await call(h.app, 'GET', ME, { token: admin })).status).toBe(200);
  });

  it("walls tenants off: another tenant's sessions are invisible and cannot be ended", async () => {
    const foreign = await loginAs(h.app, 'sess-other', 'admin');
    const foreignList = await call<{ records: { id: string; current: boolean }[] }>(h.app, 'GET', OWN, {
      token: foreign,
    });
    const foreignId = foreignList.body.data.records.find((s) => s.current)!.id;
    const ours = await call<{ records: { id: string }[] }>(h.app, 'GET', LIST, { token: admin });
    expect(ours.body.data.records.map((s) => s.id)).not.toContain(foreignId);
    expect((await call(h.app, 'POST', `${LIST}/${foreignId}/end`, { token: admin })).status).toBe(404);
    const foreignUser = (
      await h.database.db
        .selectFrom('session_token')
        .select('user_id')
        .where('id', '=', foreignId)
        .executeTakeFirstOrThrow()
    ).user_id;
    expect((await call(h.app, 'POST', `${LIST}/user/${foreignUser}/end`, { token: admin })).status).toBe(404);
    expect((await call(h.app, 'GET', ME, { token: foreign })).status).toBe(200);
    // And the other way round: their administrator does not see ours.
    const theirs = await call<{ records: { account: string }[] }>(h.app, 'GET', LIST, { token: foreign });
    expect(theirs.body.data.records.map((s) => s.account)).toEqual(['admin']);
  });

  it("lets a user see and end their own other sessions, but not the current one nor anyone else's", async () => {
    const here = await loginAs(h.app, 'demo', 'sess.clerk');
    const there = await loginAs(
      second,
      'demo',
      'sess.clerk',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    );
    const mine = await call<{ records: { id: string; current: boolean; account: string }[] }>(h.app, 'GET', OWN, {
      token: here,
    });
    expect(mine.status).toBe(200);
    expect(new Set(mine.body.data.records.map((s) => s.account))).toEqual(new Set(['sess.clerk']));
    const current = mine.body.data.records.find((s) => s.current)!;
    const other = (
      await call<{ records: { id: string; current: boolean }[] }>(second, 'GET', OWN, { token: there })
    ).body.data.records.find((s) => s.current)!;
    expect((await call(h.app, 'POST', `${OWN}/${current.id}/end`, { token: here })).status).toBe(409);
    const adminSession = (
      await call<{ records: { id: string; current: boolean }[] }>(h.app, 'GET', OWN, { token: admin })
    ).body.data.records.find((s) => s.current)!;
    expect((await call(h.app, 'POST', `${OWN}/${adminSession.id}/end`, { token: here })).status).toBe(404);
    expect((await call(h.app, 'GET', ME, { token: admin })).status).toBe(200);
    expect((await call(h.app, 'POST', `${OWN}/${other.id}/end`, { token: here })).status).toBe(200);
    expect((await call(second, 'GET', ME, { token: there })).status).toBe(401);
    expect((await call(h.app, 'GET', ME, { token: here })).status).toBe(200);
    // "End all others" keeps the current one.
    const third = await loginAs(second, 'demo', 'sess.clerk');
    const r = await call<{ ended: number }>(h.app, 'POST', `${OWN}/end-others`, { token: here });
    expect(r.body.data.ended).toBeGreaterThanOrEqual(1);
    expect((await call(second, 'GET', ME, { token: third })).status).toBe(401);
    expect((await call(h.app, 'GET', ME, { token: here })).status).toBe(200);
  });
});
