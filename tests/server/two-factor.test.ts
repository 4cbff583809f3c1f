/**
 * Two-factor login (issue 26) on a fixed clock: RFC 6238's own test vectors; enrolment in the
 * personal centre; the login's second step with right, wrong, reused and expired codes; recovery
 * codes once each; wrong codes counted with the login limits; the tenant policy that makes users
 * enrol at their next login; mobile logins asking too; disabling with password and code.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../server/app';
import { LIMITS } from '../../server/auth/attempts';
import { TICKET } from '../../server/auth/two-factor';
import { hotp, stepAt, totpCode } from '../../server/auth/totp';
import { createTenant, createUser } from '../../server/tenants/provision';
import { BASIC, DIALECTS, PASSWORD, call, passwordHash, startHarness, type Harness } from './harness';

const ME = '/api/platform-system/user';
const TF = '/api/platform-system/user/two-factor';
const POLICY = '/api/platform-system/security-policy';

describe('TOTP (RFC 6238 appendix B, SHA-1)', () => {
  const key = Buffer.from('12345678901234567890', 'ascii');
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(hotp(key, stepAt(seconds * 1000), 8)).toBe(code);
  });
});

describe.each(DIALECTS)('two-factor login [%s]', (kind) => {
  let h: Harness;
  let app: FastifyInstance;
  let tenantId: string;
  const sms: { mobile: string; code: string }[] = [];
  /** The fixed clock: the start of a 30-second step, a little ahead of now, so tokens stay valid in the database's time. */
  const T0 = (Math.floor(Date.now() / 30_000) + 2) * 30_000 + 5_000;
  const at = (seconds: number) => vi.setSystemTime(T0 + seconds * 1000);

  beforeAll(async () => {
    h = await startHarness(kind);
    app = await buildApi({
      db: h.database.db,
      config: h.config,
      logger: false,
      smsSender: {
        name: 'capture',
        send: async (m) => {
          sms.push(m);
        },
      },
    });
    await app.ready();
    adminToken = (
      await call<{ token: string }>(app, 'POST', '/api/auth/login', {
        headers: { authorization: BASIC },
        body: { tenantCode: 'demo', account: 'admin', password: PASSWORD },
      })
    ).body.data.token;
    tenantId = (
      await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    const hash = await passwordHash();
    await createUser(h.database.db, {
      tenantId,
      account: 'tf.user',
      password: PASSWORD,
      passwordHash: hash,
      roles: ['staff'],
      mobile: '13900001111',
    });
    for (const account of ['tf.limits', 'tf.staff', 'tf.admin']) {
      await createUser(h.database.db, {
        tenantId,
        account,
        password: PASSWORD,
        passwordHash: hash,
        roles: ['staff'],
        type: account === 'tf.admin' ? 'admin' : 'staff',
      });
    }
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  const password = (account: string) =>
    call<Record<string, string>>(app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'demo', account, password: PASSWORD },
      lang: 'en',
    });
  const second = (ticket: string, code: string) =>
    call<{ token?: string; errors?: { field: string; message: string }[] }>(app, 'POST', '/api/auth/login/two-factor', {
      headers: { authorization: BASIC },
      body: { ticket, code },
      lang: 'en',
    });
  const sessions = async (account: string) =>
    Number(
      (
        await h.database.db
          .selectFrom('session_token as s')
          .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.user_id'))
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('u.account', '=', account)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The demo administrator's session, made before any policy asks administrators for a second factor. */
  let adminToken: string;
  const setPolicy = async (twoFactor: string) => {
    vi.useRealTimers();
    const now = (await call(app, 'GET', POLICY, { token: adminToken })).body.data as Record<string, unknown>;
    expect((await call(app, 'PUT', POLICY, { token: adminToken, body: { ...now, twoFactor } })).status).toBe(200);
  };

  /** Enrols `account` in the personal centre at clock offset `s`; answers the secret and the recovery codes. */
  async function enrol(account: string, s: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(s);
    const token = (await password(account)).body.data.token!;
    const setup = await call<{ secret: string; otpauthUrl: string; qrCode: string }>(app, 'POST', `${TF}/setup`, {
      token,
    });
    expect(setup.status).toBe(200);
    const { secret } = setup.body.data;
    const wrong = await call<{ errors: { field: string; message: string }[] }>(app, 'POST', `${TF}/enable`, {
      token,
      body: { code: String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, '0') },
      lang: 'en',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors[0]).toMatchObject({ field: 'code', message: 'Code is wrong or already used' });
    const ok = await call<{ recoveryCodes: string[] }>(app, 'POST', `${TF}/enable`, {
      token,
      body: { code: totpCode(secret) },
    });
    expect(ok.status).toBe(200);
    return { secret, recoveryCodes: ok.body.data.recoveryCodes, token, setup: setup.body.data };
  }

  it('enrols with a QR code and a code, and keeps ten recovery codes only as hashes', async () => {
    const { secret, recoveryCodes, token, setup } = await enrol('tf.user', 0);
    expect(setup.otpauthUrl).toMatch(new RegExp(`^otpauth://totp/.+\\?secret=${secret}&`));
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const rows = await h.database.db
      .selectFrom('user_recovery_code')
      .select('code_hash')
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(rows).toHaveLength(10);
    for (const code of recoveryCodes)
      expect(rows.some((r) => r.code_hash.includes(code) || r.code_hash.includes(code.replace('-', '')))).toBe(false);
    const status = await call(app, 'GET', TF, { token });
    expect(status.body.data).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
      policy: 'optional',
      required: false,
    });
  });

  it('asks an enrolled user for a code after the password: right, wrong, reused and expired codes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const secret = (
      await h.database.db
        .selectFrom('user_totp')
        .select('secret')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).secret;
    at(30);
    const before = await sessions('tf.user');
    const first = await password('tf.user');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ secondStep: 'totp' });
    expect(first.body.data.token).toBeUndefined();
    expect(await sessions('tf.user')).toBe(before);
    // Wrong: 400 naming the field, no session.
    const wrong = await second(first.body.data.ticket!, '000000' === totpCode(secret) ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.errors?.[0]?.field).toBe('code');
    expect(await sessions('tf.user')).toBe(before);
    // Right: a session that works.
    const code = totpCode(secret);
    const right = await second(first.body.data.ticket!, code);
    expect(right.status).toBe(200);
    expect((await call(app, 'GET', ME, { token: right.body.data.token })).body.data).toMatchObject({
      account: 'tf.user',
    });
    // The ticket is spent.
    expect((await second(first.body.data.ticket!, code)).status).toBe(400);
    // Reused: the same code with a new ticket.
    const again = await password('tf.user');
    expect((await second(again.body.data.ticket!, code)).status).toBe(400);
    // Expired: a code three steps old, refused though never used.
    at(30 + 120);
    const late = await password('tf.user');
    expect((await second(late.body.data.ticket!, totpCode(secret, T0 + 60_000))).status).toBe(400);
    expect((await second(late.body.data.ticket!, totpCode(secret))).status).toBe(200);
    // One step of clock drift is tolerated: the previous step's code, when not yet spent.
    at(30 + 120 + 60);
    const drift = await password('tf.user');
    expect((await second(drift.body.data.ticket!, totpCode(secret, Date.now() - 30_000))).status).toBe(200);
    expect(await sessions('tf.user')).toBe(before + 3);
  });

  it('takes each recovery code once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(600);
    const { recoveryCodes } = await enrol('tf.staff', 600);
    const [one, two] = recoveryCodes as [string, string];
    const a = await password('tf.staff');
    expect((await second(a.body.data.ticket!, one)).status).toBe(200);
    const b = await password('tf.staff');
    expect((await second(b.body.data.ticket!, one)).status).toBe(400);
    expect((await second(b.body.data.ticket!, two.toUpperCase())).status).toBe(200);
    const token = (await second((await password('tf.staff')).body.data.ticket!, recoveryCodes[2]!)).body.data.token;
    expect((await call(app, 'GET', TF, { token })).body.data).toMatchObject({ recoveryCodesLeft: 7 });
  });

  it('voids a ticket after five wrong codes, and counts wrong codes with the login limits', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { secret } = await enrol('tf.limits', 900);
    at(930);
    const t = await password('tf.limits');
    for (let i = 0; i < TICKET.maxWrong; i++) expect((await second(t.body.data.ticket!, `99999${i}`)).status).toBe(400);
    expect((await second(t.body.data.ticket!, totpCode(secret))).status).toBe(400);
    // The account's hour already holds the five wrong codes and the wrong one of enrolment; fill it to the limit.
    const wrongSoFar = Number(
      (
        await h.database.db
          .selectFrom('login_attempt')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('account', '=', 'tf.limits')
          .where('success', '=', false)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(wrongSoFar).toBeGreaterThanOrEqual(TICKET.maxWrong);
    const u = await password('tf.limits');
    const fill = LIMITS.perAccount - wrongSoFar - 1;
    if (fill > 0) {
      await h.database.db
        .insertInto('login_attempt')
        .values(
          Array.from({ length: fill }, () => ({
            tenant_code: 'demo',
            account: 'tf.limits',
            ip: '10.0.0.1',
            success: false,
            created_at: new Date(),
          })),
        )
        .execute();
    }
    expect((await second(u.body.data.ticket!, '123123')).status).toBe(400);
    const locked = await second(u.body.data.ticket!, totpCode(secret));
    expect(locked.status).toBe(429);
    expect(locked.res.headers['retry-after']).toBeTruthy();
  });

  it('policy "required for administrators": an administrator without it must enrol at the next login; staff log in as before', async () => {
    await setPolicy('admins');
    vi.useFakeTimers({ toFake: ['Date'] });
    at(1200);
    const staff = await password('tf.user');
    expect(staff.body.data).toMatchObject({ secondStep: 'totp' });
    const plainStaff = await call<Record<string, string>>(app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'demo', account: 'li.ming', password: PASSWORD },
    });
    expect(plainStaff.status).toBe(200);
    const r = await password('tf.admin');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ secondStep: 'enrol' });
    expect(r.body.data.token).toBeUndefined();
    // The ticket is no session.
    expect((await call(app, 'GET', ME, { token: r.body.data.ticket })).status).toBe(401);
    // A ticket for enrolment does not take a code as if enrolled.
    expect((await second(r.body.data.ticket!, '123456')).status).toBe(400);
    const setup = await call<{ secret: string }>(app, 'POST', '/api/auth/login/two-factor/setup', {
      headers: { authorization: BASIC },
      body: { ticket: r.body.data.ticket },
    });
    expect(setup.status).toBe(200);
    const done = await call<{ token: string; recoveryCodes: string[] }>(
      app,
      'POST',
      '/api/auth/login/two-factor/enable',
      {
        headers: { authorization: BASIC },
        body: { ticket: r.body.data.ticket, code: totpCode(setup.body.data.secret) },
      },
    );
    expect(done.status).toBe(200);
    expect(done.body.data.recoveryCodes).toHaveLength(10);
    const status = await call(app, 'GET', TF, { token: done.body.data.token });
    expect(status.body.data).toMatchObject({ enabled: true, required: true, policy: 'admins' });
    // Required: it cannot be turned off.
    const off = await call(app, 'POST', `${TF}/disable`, {
      token: done.body.data.token,
      body: { password: PASSWORD, code: done.body.data.recoveryCodes[0] },
    });
    expect(off.status).toBe(409);
    // The next login asks for the code.
    at(1260);
    expect((await password('tf.admin')).body.data).toMatchObject({ secondStep: 'totp' });
  });

  it('policy "required for everyone" applies to mobile logins too', async () => {
    await setPolicy('everyone');
    const staff = await password('tf.staff');
    expect(staff.body.data).toMatchObject({ secondStep: 'totp' });
    const plain = await call<Record<string, string>>(app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'demo', account: 'li.ming', password: PASSWORD },
    });
    expect(plain.body.data).toMatchObject({ secondStep: 'enrol' });
    await call(app, 'POST', '/api/auth/sms/send', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'demo', mobile: '13900001111' },
    });
    const code = sms.at(-1)!.code;
    const mobile = await call<Record<string, string>>(app, 'POST', '/api/auth/login/mobile', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'demo', mobile: '13900001111', code },
    });
    expect(mobile.status).toBe(200);
    expect(mobile.body.data).toMatchObject({ secondStep: 'totp' });
    expect(mobile.body.data.token).toBeUndefined();
  });

  it('policy "off" logs enrolled users in with the password alone; "optional" asks them again; a bad policy is refused naming the field', async () => {
    await setPolicy('off');
    const r = await password('tf.user');
    expect(typeof r.body.data.token).toBe('string');
    const token = adminToken;
    const bad = await call<{ errors: { field: string; message: string }[] }>(app, 'PUT', POLICY, {
      token,
      body: { twoFactor: 'sometimes', passwordClasses: [], passwordMaxAgeDays: 0, passwordHistory: 0 },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]).toMatchObject({ field: 'twoFactor' });
    expect(bad.body.data.errors[0]!.message).toContain('Two-factor login policy');
    await setPolicy('optional');
    expect((await password('tf.user')).body.data).toMatchObject({ secondStep: 'totp' });
    const staffToken = (await password('li.ming')).body.data.token!;
    expect(
      (
        await call(app, 'PUT', POLICY, {
          token: staffToken,
          body: { twoFactor: 'off', passwordClasses: [], passwordMaxAgeDays: 0, passwordHistory: 0 },
        })
      ).status,
    ).toBe(403);
  });

  it('turns off with the password and a code: wrong ones refused naming the field', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    at(3000);
    const secret = (
      await h.database.db
        .selectFrom('user_totp as t')
        .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 't.tenant_id').onRef('u.id', '=', 't.user_id'))
        .select('t.secret')
        .where('u.account', '=', 'tf.user')
        .executeTakeFirstOrThrow()
    ).secret;
    const token = (await second((await password('tf.user')).body.data.ticket!, totpCode(secret))).body.data.token!;
    at(3030);
    const wrongPassword = await call<{ errors: { field: string }[] }>(app, 'POST', `${TF}/disable`, {
      token,
      body: { password: 'Not-it-26', code: totpCode(secret) },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.data.errors[0]!.field).toBe('password');
    const wrongCode = await call<{ errors: { field: string }[] }>(app, 'POST', `${TF}/disable`, {
      token,
      body: { password: PASSWORD, code: '000001' },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.data.errors[0]!.field).toBe('code');
    expect(
      (await call(app, 'POST', `${TF}/disable`, { token, body: { password: PASSWORD, code: totpCode(secret) } }))
        .status,
    ).toBe(200);
    expect((await call(app, 'GET', TF, { token })).body.data).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const rows = await h.database.db
      .selectFrom('user_recovery_code as c')
      .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'c.tenant_id').onRef('u.id', '=', 'c.user_id'))
      .select('c.id')
      .where('u.account', '=', 'tf.user')
      .execute();
    expect(rows).toHaveLength(0);
    expect(typeof (await password('tf.user')).body.data.token).toBe('string');
  });
  it("lets an administrator with the reset permission remove a user's authenticator; nobody else, and only in the own tenant", async () => {
    vi.useRealTimers();
    const userId = (
      await h.database.db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', 'tf.staff')
        .executeTakeFirstOrThrow()
    ).id;
    expect((await password('tf.staff')).body.data).toMatchObject({ secondStep: 'totp' });
    const staffToken = (await password('li.ming')).body.data.token!;
    expect(
      (await call(app, 'POST', `/api/platform-system/app-user/${userId}/two-factor/reset`, { token: staffToken }))
        .status,
    ).toBe(403);
    await createTenant(h.database.db, { code: 'tf-other', name: 'Other', adminPassword: PASSWORD });
    const otherToken = (
      await call<{ token: string }>(app, 'POST', '/api/auth/login', {
        headers: { authorization: BASIC },
        body: { tenantCode: 'tf-other', account: 'admin', password: PASSWORD },
      })
    ).body.data.token;
    expect(
      (await call(app, 'POST', `/api/platform-system/app-user/${userId}/two-factor/reset`, { token: otherToken }))
        .status,
    ).toBe(404);
    expect((await password('tf.staff')).body.data).toMatchObject({ secondStep: 'totp' });
    expect(
      (await call(app, 'POST', `/api/platform-system/app-user/${userId}/two-factor/reset`, { token: adminToken }))
        .status,
    ).toBe(200);
    expect(typeof (await password('tf.staff')).body.data.token).toBe('string');
    const left = await h.database.db
      .selectFrom('user_recovery_code')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .execute();
    expect(left).toHaveLength(0);
  });
});
