/**
 * The tenant's password policy (issue 26): required character classes, no reuse of the latest N
 * passwords, and expiry with a change forced at login before any session starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTenant, createUser } from '../../server/tenants/provision';
import { BASIC, DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';

const POLICY = '/api/platform-system/security-policy';
const CHANGE = '/api/platform-system/user/update/password';

describe.each(DIALECTS)('password policy [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let tenantId: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    tenantId = (
      await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    const hash = await passwordHash();
    for (const account of ['pp.classes', 'pp.reuse', 'pp.expired'])
      await createUser(h.database.db, { tenantId, account, password: PASSWORD, passwordHash: hash, roles: ['staff'] });
    admin = await loginToken(h.app, 'demo', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const login = (account: string, password = PASSWORD) =>
    call<Record<string, string>>(h.app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC },
      body: { tenantCode: 'demo', account, password },
      lang: 'en',
    });
  /** Changes part of the policy (the screen sends all of it). */
  const setPolicy = async (part: Record<string, unknown>) => {
    const now = (await call(h.app, 'GET', POLICY, { token: admin })).body.data as Record<string, unknown>;
    return call<Record<string, unknown>>(h.app, 'PUT', POLICY, { token: admin, body: { ...now, ...part } });
  };
  const change = (token: string, oldPassword: string, newPassword: string) =>
    call<{ errors: { field: string; message: string }[] }>(h.app, 'POST', CHANGE, {
      token,
      body: { oldPassword, newPassword },
      lang: 'en',
    });

  it('starts with no extra rule, and refuses a bad policy naming the field', async () => {
    expect((await call(h.app, 'GET', POLICY, { token: admin })).body.data).toEqual({
      twoFactor: 'optional',
      passwordClasses: [],
      passwordMaxAgeDays: 0,
      passwordHistory: 0,
    });
    const bad = await call<{ errors: { field: string; message: string }[] }>(h.app, 'PUT', POLICY, {
      token: admin,
      body: { twoFactor: 'optional', passwordClasses: [], passwordMaxAgeDays: -1, passwordHistory: 99 },
      lang: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e) => e.field).sort()).toEqual(['passwordHistory', 'passwordMaxAgeDays']);
    expect(bad.body.data.errors.find((e) => e.field === 'passwordHistory')!.message).toBe(
      'Latest passwords not to reuse is too large',
    );
    const staff = await loginToken(h.app, 'demo', 'li.ming');
    expect(
      (
        await call(h.app, 'PUT', POLICY, {
          token: staff,
          body: { twoFactor: 'off', passwordClasses: [], passwordMaxAgeDays: 0, passwordHistory: 1 },
        })
      ).status,
    ).toBe(403);
  });

  it('requires the chosen character classes of a new password', async () => {
    expect((await setPolicy({ passwordClasses: ['upper', 'digit', 'special'] })).body.data).toMatchObject({
      passwordClasses: ['upper', 'digit', 'special'],
      twoFactor: 'optional',
    });
    const token = await loginToken(h.app, 'demo', 'pp.classes');
    const weak = await change(token, PASSWORD, 'abcdefg1');
    expect(weak.status).toBe(400);
    expect(weak.body.data.errors[0]).toMatchObject({
      field: 'newPassword',
      message: 'New password must contain uppercase letters, special characters (. _ ~ ! @ # $ ^ & *)',
    });
    const zh = await call<{ errors: { message: string }[] }>(h.app, 'POST', CHANGE, {
      token,
      body: { oldPassword: PASSWORD, newPassword: 'abcdefg1' },
      lang: 'zh-CN',
    });
    expect(zh.body.data.errors[0]!.message).toContain('大写字母');
    expect((await change(token, PASSWORD, 'Strong.26')).status).toBe(200);
    expect((await login('pp.classes', 'Strong.26')).status).toBe(200);
    await setPolicy({ passwordClasses: [] });
  });

  it('refuses the latest N passwords, the current one included, and allows older ones', async () => {
    await setPolicy({ passwordHistory: 3 });
    let token = await loginToken(h.app, 'demo', 'pp.reuse');
    const steps = [PASSWORD, 'Second.26', 'Third.26', 'Fourth.26'];
    for (let i = 1; i < steps.length; i++) {
      const r = await change(token, steps[i - 1]!, steps[i]!);
      expect(r.status, steps[i]).toBe(200);
    }
    token = (await login('pp.reuse', 'Fourth.26')).body.data.token!;
    // Latest three: Fourth (current), Third, Second.
    for (const old of ['Third.26', 'Second.26']) {
      const r = await change(token, 'Fourth.26', old);
      expect(r.status, old).toBe(400);
      expect(r.body.data.errors[0]).toMatchObject({
        field: 'newPassword',
        message: 'New password must differ from your last 3 passwords',
      });
    }
    expect((await change(token, 'Fourth.26', PASSWORD)).status).toBe(200);
    const kept = await h.database.db
      .selectFrom('password_history as p')
      .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'p.tenant_id').onRef('u.id', '=', 'p.user_id'))
      .select('p.password_hash')
      .where('u.account', '=', 'pp.reuse')
      .execute();
    expect(kept).toHaveLength(4);
    expect(kept.every((k) => !k.password_hash.includes('Second'))).toBe(true);
    await setPolicy({ passwordHistory: 0 });
  });

  it('forces a change at login once the password is older than the lifetime, before any session', async () => {
    await setPolicy({ passwordMaxAgeDays: 30, passwordHistory: 2 });
    await h.database.db
      .updateTable('app_user')
      .set({ password_changed_at: sql<Date>`now() - interval '31 days'` })
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'pp.expired')
      .execute();
    // Another user's younger password is untouched.
    expect(typeof (await login('li.ming')).body.data.token).toBe('string');
    const sessionsBefore = await h.database.db
      .selectFrom('session_token')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .execute();
    const r = await login('pp.expired');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ secondStep: 'password' });
    expect(r.body.data.token).toBeUndefined();
    expect(
      await h.database.db.selectFrom('session_token').select('id').where('tenant_id', '=', tenantId).execute(),
    ).toHaveLength(sessionsBefore.length);
    expect((await call(h.app, 'GET', '/api/platform-system/user', { token: r.body.data.ticket })).status).toBe(401);
    const renew = (newPassword: string) =>
      call<Record<string, unknown>>(h.app, 'POST', '/api/auth/login/password', {
        headers: { authorization: BASIC },
        body: { ticket: r.body.data.ticket, newPassword },
        lang: 'en',
      });
    const same = await renew(PASSWORD);
    expect(same.status).toBe(400);
    expect(same.body.data).toMatchObject({ errors: [{ field: 'newPassword' }] });
    const badFormat = await renew('short');
    expect(badFormat.status).toBe(400);
    const done = await renew('Renewed.26');
    expect(done.status).toBe(200);
    expect(typeof done.body.data.token).toBe('string');
    expect(
      (await call(h.app, 'GET', '/api/platform-system/user', { token: String(done.body.data.token) })).body.data,
    ).toMatchObject({ account: 'pp.expired' });
    expect((await renew('Another.26')).status).toBe(400);
    expect((await login('pp.expired')).status).toBe(400);
    expect(typeof (await login('pp.expired', 'Renewed.26')).body.data.token).toBe('string');
    await setPolicy({ passwordMaxAgeDays: 0, passwordHistory: 0 });
  });

  it('holds the passwords an administrator sets to the policy, and makes temporary ones that meet it', async () => {
    await setPolicy({ passwordClasses: ['upper', 'special'] });
    const USERS = '/api/platform-system/app-user';
    type Errors = { errors: { field: string; message: string }[] };
    const weak = await call<Errors>(h.app, 'POST', USERS, {
      token: admin,
      body: { account: 'pp.byadmin', nickname: 'By admin', password: 'plainpass1', type: 'staff' },
      lang: 'en',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.data.errors[0]).toMatchObject({
      field: 'password',
      message: 'Password must contain uppercase letters, special characters (. _ ~ ! @ # $ ^ & *)',
    });
    expect(
      await h.database.db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', 'pp.byadmin')
        .execute(),
    ).toHaveLength(0);
    const made = await call<{ id: string }>(h.app, 'POST', USERS, {
      token: admin,
      body: { account: 'pp.byadmin', nickname: 'By admin', password: 'Plain.pass1', type: 'staff' },
      lang: 'en',
    });
    expect(made.status).toBe(200);
    const id = made.body.data.id;
    const editWeak = await call<Errors>(h.app, 'PUT', `${USERS}/${id}`, {
      token: admin,
      body: { account: 'pp.byadmin', nickname: 'By admin', password: 'plainpass2', type: 'staff' },
      lang: 'en',
    });
    expect(editWeak.status).toBe(400);
    expect(editWeak.body.data.errors[0]!.field).toBe('password');
    const resetWeak = await call<Errors>(h.app, 'POST', `${USERS}/${id}/reset-password`, {
      token: admin,
      body: { password: 'plainpass3' },
      lang: 'en',
    });
    expect(resetWeak.status).toBe(400);
    expect(resetWeak.body.data.errors[0]!.field).toBe('password');
    expect((await login('pp.byadmin', 'Plain.pass1')).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const reset = await call<{ temporaryPassword: string }>(h.app, 'POST', `${USERS}/${id}/reset-password`, {
        token: admin,
        body: {},
      });
      expect(reset.status).toBe(200);
      expect(reset.body.data.temporaryPassword).toMatch(/^(?=.*[A-Z])(?=.*[@#$&*])(?=.*\d)[A-Za-z\d@#$&*]{12}$/);
      expect((await login('pp.byadmin', reset.body.data.temporaryPassword)).status).toBe(200);
    }
    await setPolicy({ passwordClasses: [] });
  });

  it("keeps each tenant's policy to itself", async () => {
    await createTenant(h.database.db, { code: 'pp-other', name: 'Other', adminPassword: PASSWORD });
    await setPolicy({ passwordClasses: ['special'] });
    const other = await loginToken(h.app, 'pp-other', 'admin');
    expect((await call(h.app, 'GET', POLICY, { token: other })).body.data).toMatchObject({ passwordClasses: [] });
    expect((await change(other, PASSWORD, 'plainpass1')).status).toBe(200);
    await setPolicy({ passwordClasses: [] });
  });
});
