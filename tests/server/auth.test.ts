import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApi } from '../../server/app';
import { BASIC, DIALECTS, PASSWORD, call, login, startHarness, testConfig, type Harness } from './harness';
import { DEMO_TENANT } from '../../server/seed';

describe.each(DIALECTS)('auth [%s]', (kind) => {
  let h: Harness;
  let token: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    const r = await login(h.app, 'demo', 'admin');
    expect(r.status).toBe(200);
    token = r.body.data.token;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('logs in and answers the user and an expiry', async () => {
    const r = await login(h.app, 'demo', 'admin');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(200);
    expect(r.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(r.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
    expect(r.body.data.user).toMatchObject({
      account: 'admin',
      type: 'admin',
      tenantCode: 'demo',
      tenantName: DEMO_TENANT.name,
    });
    expect(r.body.data.user.roles.map((x: { code: string }) => x.code)).toEqual(['admin']);
    // The token is stored hashed, never in clear.
    const rows = await h.database.db.selectFrom('session_token').select('token_hash').execute();
    expect(rows.some((x) => x.token_hash === r.body.data.token)).toBe(false);
  });

  it('carries the factories the user may enter, the same list and order the factory list answers', async () => {
    for (const account of ['admin', 'hanoi.admin']) {
      const r = await login(h.app, 'demo', account);
      expect(r.status).toBe(200);
      const listed = await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', {
        token: r.body.data.token,
      });
      expect(listed.body.data.factoryList.length).toBeGreaterThan(0);
      expect(r.body.data.factories).toEqual(listed.body.data.factoryList);
    }
    const codes = async (account: string) =>
      (await login(h.app, 'demo', account)).body.data.factories.map((f: { code: string }) => f.code);
    // The administrator works in both plants, the Hanoi plant's administrator in his alone.
    expect(await codes('admin')).toEqual(['F001', 'F002']);
    expect(await codes('hanoi.admin')).toEqual(['F002']);
  });

  it('answers wrong password, unknown account and unknown tenant identically', async () => {
    const a = await login(h.app, 'demo', 'admin', 'wrong-password');
    const b = await login(h.app, 'demo', 'nobody', PASSWORD);
    const c = await login(h.app, 'no-such-tenant', 'admin', PASSWORD);
    for (const r of [a, b, c]) {
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ code: 400, msg: a.body.msg, data: null });
    }
    const en = await call(h.app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC },
      lang: 'en',
      body: { tenantCode: 'demo', account: 'admin', password: 'nope' },
    });
    expect(en.body.msg).toBe('Wrong tenant, user name or password');
  });

  it('refuses a disabled user with the same answer', async () => {
    const { createUser } = await import('../../server/tenants/provision');
    const tenant = await h.database.db
      .selectFrom('tenant')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    await createUser(h.database.db, { tenantId: tenant.id, account: 'gone', password: PASSWORD, status: 'disabled' });
    const r = await login(h.app, 'demo', 'gone', PASSWORD);
    expect(r.status).toBe(400);
    const wrong = await login(h.app, 'demo', 'admin', 'wrong-password');
    expect(r.body).toEqual(wrong.body);
  });

  it('requires the web client credentials on login and captcha', async () => {
    const body = { tenantCode: 'demo', account: 'admin', password: PASSWORD };
    const none = await call(h.app, 'POST', '/api/auth/login', { body });
    expect(none.status).toBe(401);
    expect(none.body.code).toBe(401);
    const bad = await call(h.app, 'POST', '/api/auth/login', {
      body,
      headers: { authorization: `Basic ${Buffer.from('portal-web:wrong').toString('base64')}` },
    });
    expect(bad.status).toBe(401);
    const bearer = await call(h.app, 'POST', '/api/auth/login', { body, token });
    expect(bearer.status).toBe(401);
    expect((await call(h.app, 'GET', '/api/auth/captcha')).status).toBe(401);
    const off = await call(h.app, 'GET', '/api/auth/captcha', { headers: { authorization: BASIC } });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({ enabled: false, captchaId: null, image: null });
  });

  it('validates the login body with field messages', async () => {
    const r = await call(h.app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC },
      lang: 'en',
      body: { tenantCode: 'demo' },
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('User name is required');
    expect(r.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['account', 'password']);
  });

  it('needs a bearer token on other routes; health and docs are public', async () => {
    expect((await call(h.app, 'GET', '/api/health')).status).toBe(200);
    const none = await call(h.app, 'GET', '/api/platform-system/user');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 401, data: null });
    const garbage = await call(h.app, 'GET', '/api/platform-system/user', { token: 'x'.repeat(43) });
    expect(garbage.status).toBe(401);
    const ok = await call(h.app, 'GET', '/api/platform-system/user', { token });
    expect(ok.status).toBe(200);
    expect(ok.body.data.account).toBe('admin');
  });

  it('revokes the token on logout', async () => {
    const t = (await login(h.app, 'demo', 'admin')).body.data.token;
    expect((await call(h.app, 'GET', '/api/platform-system/user', { token: t })).status).toBe(200);
    expect((await call(h.app, 'POST', '/api/auth/logout', { token: t })).status).toBe(200);
    const after = await call(h.app, 'GET', '/api/platform-system/user', { token: t });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(401);
  });

  it('refuses an expired token', async () => {
    const t = (await login(h.app, 'demo', 'admin')).body.data.token;
    const { sha256 } = await import('../../server/auth/tokens');
    await h.database.db
      .updateTable('session_token')
      .set({ expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('token_hash', '=', sha256(t))
      .execute();
    const r = await call(h.app, 'GET', '/api/platform-system/user', { token: t, lang: 'en' });
    expect(r.status).toBe(401);
    expect(r.body.msg).toBe('Your session has expired, please log in again');
  });

  describe('captcha on', () => {
    let app: Awaited<ReturnType<typeof buildApi>>;
    beforeAll(async () => {
      app = await buildApi({
        db: h.database.db,
        config: testConfig({ LOGIN_CAPTCHA: 'on' }),
        logger: false,
        captchaText: () => 'K7WX',
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
    });

    const newCaptcha = async () => {
      const r = await call<{ enabled: boolean; captchaId: string; image: string }>(app, 'GET', '/api/auth/captcha', {
        headers: { authorization: BASIC },
      });
      expect(r.status).toBe(200);
      return r.body.data;
    };

    it('draws an SVG image without the answer in it', async () => {
      const c = await newCaptcha();
      expect(c.enabled).toBe(true);
      expect(c.captchaId).toMatch(/^[0-9a-f-]{36}$/);
      expect(c.image.startsWith('data:image/svg+xml;base64,')).toBe(true);
      const svg = Buffer.from(c.image.split(',')[1] as string, 'base64').toString('utf8');
      expect(svg).toContain('<svg');
      expect(svg).not.toContain('K7WX');
      expect(svg).not.toContain('<text');
      expect(JSON.stringify(c)).not.toContain('K7WX');
    });

    it('refuses a missing or wrong captcha without checking the password', async () => {
      const missing = await login(app, 'demo', 'admin');
      expect(missing.status).toBe(400);
      const c = await newCaptcha();
      const wrong = await login(app, 'demo', 'admin', PASSWORD, { captchaId: c.captchaId, captcha: 'AAAA' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe(missing.body.msg);
      const en = await call(app, 'POST', '/api/auth/login', {
        headers: { authorization: BASIC },
        lang: 'en',
        body: { tenantCode: 'demo', account: 'admin', password: PASSWORD },
      });
      expect(en.body.msg).toBe('The verification code is wrong or has expired');
      // A wrong attempt consumed it.
      const again = await login(app, 'demo', 'admin', PASSWORD, { captchaId: c.captchaId, captcha: 'K7WX' });
      expect(again.status).toBe(400);
    });

    it('accepts the right answer once (case-insensitive), then never again', async () => {
      const c = await newCaptcha();
      const ok = await login(app, 'demo', 'admin', PASSWORD, { captchaId: c.captchaId, captcha: 'k7wx' });
      expect(ok.status).toBe(200);
      const reuse = await login(app, 'demo', 'admin', PASSWORD, { captchaId: c.captchaId, captcha: 'K7WX' });
      expect(reuse.status).toBe(400);
      expect(reuse.body.data).toBeNull();
    });

    it('refuses an expired captcha', async () => {
      const c = await newCaptcha();
      await h.database.db
        .updateTable('captcha')
        .set({ expires_at: sql<Date>`now() - interval '1 second'` })
        .where('id', '=', c.captchaId)
        .execute();
      const r = await login(app, 'demo', 'admin', PASSWORD, { captchaId: c.captchaId, captcha: 'K7WX' });
      expect(r.status).toBe(400);
    });
  });

  it('publishes an OpenAPI document listing the routes', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/platform-system/dict',
        '/api/platform-system/dict/{id}',
        '/api/platform-system/dict/{id}/items',
        '/api/platform-system/dict/{id}/items/{itemId}',
        '/api/auth/login',
        '/api/platform-system/function/routes',
      ]),
    );
    const post = doc.paths['/api/platform-system/dict'].post;
    expect(post.requestBody.content['application/json'].schema.properties).toHaveProperty('type');
    expect(post['x-permission']).toBe('platform:dict:add');
    const list = doc.paths['/api/platform-system/dict'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'size', 'name', 'type']),
    );
  });

  it('answers unknown /api paths with a 404 envelope', async () => {
    const r = await call(h.app, 'GET', '/api/no/such/thing', { token });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 404, data: null });
    expect(r.res.headers['x-content-type-options']).toBe('nosniff');
  });
});
