import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, limitedLogin } from '../../server/auth/attempts';
import { passwordVerifications } from '../../server/auth/password';
import { createDatabase } from '../../server/db/index';
import { BASIC, DIALECTS, PASSWORD, call, login, startHarness, type Harness } from './harness';

describe.each(DIALECTS)('login limits and the login log [%s]', (kind) => {
  let h: Harness;
  let tenantId: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    tenantId = (
      await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const failures = (account: string, n: number, ip: string, agoMs = 60_000) =>
    h.database.db
      .insertInto('login_attempt')
      .values(
        Array.from({ length: n }, () => ({
          tenant_code: 'demo',
          account,
          ip,
          success: false,
          created_at: new Date(Date.now() - agoMs),
        })),
      )
      .execute();

  it('evaluates at most the account limit in an hour, even when tries race', async () => {
    let evaluated = 0;
    const key = { tenantCode: 'demo', account: 'racer', ip: '10.0.0.1' };
    const tries = Array.from({ length: 150 }, (_, i) =>
      limitedLogin(
        h.database.db,
        { ...key, ip: `10.0.0.${i % 20}` },
        async () => {
          evaluated++;
          return { ok: false, value: null };
        },
        async () => undefined,
      ).then(
        () => 'evaluated',
        (e: { status?: number }) => (e.status === 429 ? 'limited' : 'error'),
      ),
    );
    const outcomes = await Promise.all(tries);
    expect(evaluated).toBe(LIMITS.perAccount);
    expect(outcomes.filter((o) => o === 'limited')).toHaveLength(150 - LIMITS.perAccount);
    expect(outcomes).not.toContain('error');
  });

  // T3.3: server processes share nothing but the database; two pools stand for two processes
  // (PostgreSQL only: an embedded database belongs to one process by design).
  if (kind === 'postgres')
    it('holds the account limit across servers on one database', async () => {
      const second = await createDatabase(h.config, { migrate: false });
      try {
        let evaluated = 0;
        const tries = Array.from({ length: 150 }, (_, i) =>
          limitedLogin(
            i % 2 === 0 ? h.database.db : second.db,
            { tenantCode: 'demo', account: 'racer2', ip: `10.0.1.${i % 20}` },
            async () => {
              evaluated++;
              return { ok: false, value: null };
            },
            async () => undefined,
          ).then(
            () => 'evaluated',
            (e: { status?: number }) => (e.status === 429 ? 'limited' : 'error'),
          ),
        );
        const outcomes = await Promise.all(tries);
        expect(evaluated).toBe(LIMITS.perAccount);
        expect(outcomes.filter((o) => o === 'limited')).toHaveLength(150 - LIMITS.perAccount);
      } finally {
        await second.close();
      }
    });

  it('answers 429 with Retry-After without checking the password, leaves other accounts alone, and logs the lockout', async () => {
    await failures('admin', LIMITS.perAccount, '192.0.2.10');
    const checked = passwordVerifications();
    const r = await login(h.app, 'demo', 'admin', PASSWORD);
    expect(r.status).toBe(429);
    expect(Number(r.res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(passwordVerifications()).toBe(checked); // no password was checked
    const other = await call(h.app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'demo', account: 'nobody', password: 'x' },
    });
    expect(other.status).toBe(400);
    const log = await h.database.db
      .selectFrom('login_log')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('result', '=', 'locked')
      .execute();
    expect(log.length).toBeGreaterThan(0);
    expect(log[0]).toMatchObject({ account: 'admin', method: 'password' });
  });

  it('lets the right password in once the failures have left the window', async () => {
    await h.database.db
      .updateTable('login_attempt')
      .set({ created_at: new Date(Date.now() - LIMITS.windowMs - 1000) })
      .where('account', '=', 'admin')
      .execute();
    expect((await login(h.app, 'demo', 'admin', PASSWORD)).status).toBe(200);
  });

  it('limits one address across accounts', async () => {
    await failures('someone-else', LIMITS.perIp, '127.0.0.1');
    const r = await login(h.app, 'demo', 'fresh-account', 'x');
    expect(r.status).toBe(429);
    await h.database.db.deleteFrom('login_attempt').where('ip', '=', '127.0.0.1').execute();
  });

  it('logs successes and failures, with the client but never the password', async () => {
    await h.database.db.deleteFrom('login_log').execute();
    await call(h.app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC, 'user-agent': 'test-agent\u0007', 'x-client-id': 'browser-1' },
      body: { tenantCode: 'demo', account: 'admin', password: 'Wrong.pass1' },
    });
    expect((await login(h.app, 'demo', 'admin', PASSWORD)).status).toBe(200);
    const rows = await h.database.db
      .selectFrom('login_log')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.result)).toEqual(['failure', 'success']);
    expect(rows[0]).toMatchObject({ account: 'admin', method: 'password', client_id: 'browser-1', ip: '127.0.0.1' });
    expect(JSON.stringify(rows)).not.toContain('Wrong.pass1');
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });
});
