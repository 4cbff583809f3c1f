/**
 * SECURITY-TESTS T3.7 (re-authentication oracles): change password checks the current password, so
 * a stolen session could guess it there. Wrong answers count with the account's login limits (in the
 * database, so every server process sees them) and a few end the session: 20 wrong guesses with one
 * token never make 20 answers of 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIMITS, REAUTH_PER_SESSION } from '../../server/auth/attempts';
import { buildApi } from '../../server/app';
import { createDatabase, type Database } from '../../server/db/index';
import { createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, login, loginToken, startHarness, type Harness } from './harness';

const URL = '/api/platform-system/user/update/password';

describe.each(DIALECTS)('re-authentication oracles (T3.7) [%s]', (kind) => {
  let h: Harness;
  let tenantId: string;
  /** A second server on the same database: another process as far as the limits can tell. */
  let second: FastifyInstance;
  let secondDb: Database | null = null;

  beforeAll(async () => {
    h = await startHarness(kind);
    tenantId = (
      await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    for (const account of ['guess.target', 'guess.limit', 'guess.right'])
      await createUser(h.database.db, { tenantId, account, password: PASSWORD });
    // PostgreSQL: a second pool stands for a second process; PGlite belongs to one process, so a second server shares its handle.
    if (kind === 'postgres') secondDb = await createDatabase(h.config, { migrate: false });
    second = await buildApi({ db: secondDb?.db ?? h.database.db, config: h.config, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await h?.close();
  });

  const guess = (app: FastifyInstance, token: string, oldPassword: string) =>
    call(app, 'POST', URL, { token, body: { oldPassword, newPassword: 'Brand_new.26' }, lang: 'en' });

  it(`ends the session after ${REAUTH_PER_SESSION} wrong current passwords, counted across servers, never an unlimited stream of 400s`, async () => {
    const token = await loginToken(h.app, 'demo', 'guess.target');
    const other = await loginToken(h.app, 'demo', 'guess.target');
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      // Alternating servers: the count lives in the database, not in one process.
      const r = await guess(i % 2 === 0 ? h.app : second, token, `Wrong-guess-${i}`);
      statuses.push(r.status);
      if (r.status === 400) expect(r.body.data).toMatchObject({ errors: [{ field: 'oldPassword' }] });
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(REAUTH_PER_SESSION - 1);
    expect(statuses[REAUTH_PER_SESSION - 1]).toBe(401);
    expect(statuses.slice(REAUTH_PER_SESSION - 1).every((s) => s === 401 || s === 429)).toBe(true);
    // The session is over for every call, the right password included.
    expect((await guess(h.app, token, PASSWORD)).status).toBe(401);
    expect((await call(second, 'GET', '/api/platform-system/user', { token })).status).toBe(401);
    // The user's other session and the password itself are untouched.
    expect((await call(h.app, 'GET', '/api/platform-system/user', { token: other })).status).toBe(200);
    expect((await login(h.app, 'demo', 'guess.target')).status).toBe(200);
    const log = await h.database.db
      .selectFrom('login_log')
      .select(['result', 'reason'])
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'guess.target')
      .where('result', '=', 'locked')
      .execute();
    expect(log.some((e) => /session ended/.test(e.reason ?? ''))).toBe(true);
  });

  it('counts wrong current passwords with the login limits of the account: both answer 429 once it is reached', async () => {
    const token = await loginToken(h.app, 'demo', 'guess.limit');
    // The account one failure short of its limit, as if logins had failed from elsewhere.
    await h.database.db
      .insertInto('login_attempt')
      .values(
        Array.from({ length: LIMITS.perAccount - 1 }, () => ({
          tenant_code: 'demo',
          account: 'guess.limit',
          ip: '192.0.2.77',
          success: false,
          created_at: new Date(Date.now() - 60_000),
        })),
      )
      .execute();
    expect((await guess(second, token, 'Wrong-guess-x')).status).toBe(400);
    const locked = await guess(h.app, token, PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.res.headers['retry-after'])).toBeGreaterThan(0);
    // The guess above used the account's last try: the login page is locked too.
    expect((await login(h.app, 'demo', 'guess.limit')).status).toBe(429);
  });

  it('still changes the password with the right one, and a success does not use up the session', async () => {
    const token = await loginToken(h.app, 'demo', 'guess.right');
    for (let i = 0; i < REAUTH_PER_SESSION - 2; i++) expect((await guess(h.app, token, `Wrong-${i}`)).status).toBe(400);
    expect((await guess(second, token, PASSWORD)).status).toBe(200);
    expect((await call(h.app, 'GET', '/api/platform-system/user', { token })).status).toBe(200);
    expect(await loginToken(h.app, 'demo', 'guess.right', 'Brand_new.26')).toMatch(/^[\w-]{43}$/);
  });
});
