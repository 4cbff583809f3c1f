/**
 * SECURITY-TESTS T5.2 and T5.3 against the real test provider, without a browser: a disabled portal
 * user cannot log in by single sign-on, each success and refusal is in the login log, and a whole
 * round trip on loopback takes well under 10 s.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../server/app';
import { createUser } from '../../server/tenants/provision';
import { startTestProvider, type TestProvider } from '../support/oidc';
import { BASIC, PASSWORD, startHarness, testConfig, type Harness } from './harness';

const freePort = () =>
  new Promise<number>((ok) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => ok(p));
    });
  });

describe('single sign-on refusals and hygiene (T5.2, T5.3)', () => {
  let h: Harness;
  let provider: TestProvider;
  let app: FastifyInstance;
  let tenantId: string;
  const PORTAL = 'http://portal.test';

  /** Logs `login` in at the provider and returns the portal's answer to the callback. */
  async function roundTrip(login: string) {
    const start = await app.inject({
      method: 'GET',
      url: '/api/auth/sso/start?tenantCode=demo&lang=en',
      headers: { host: 'portal.test' },
    });
    expect(start.statusCode).toBe(302);
    const portalCookie = String(start.headers['set-cookie']).split(';')[0]!;
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const remember = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        jar.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
    };
    let next = new URL(String(start.headers.location));
    for (let hop = 0; hop < 12 && next.origin !== PORTAL; hop++) {
      let res: Response;
      if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
        const page = await fetch(next, { headers: { cookie: cookieHeader() }, redirect: 'manual' });
        remember(page);
        const html = await page.text();
        const form = new URLSearchParams(
          html.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' },
        );
        res = await fetch(next, {
          method: 'POST',
          body: form,
          headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
          redirect: 'manual',
        });
      } else res = await fetch(next, { headers: { cookie: cookieHeader() }, redirect: 'manual' });
      remember(res);
      next = new URL(res.headers.get('location')!, next);
    }
    expect(next.pathname).toBe('/api/auth/sso/callback');
    return app.inject({
      method: 'GET',
      url: `${next.pathname}${next.search}`,
      headers: { host: 'portal.test', cookie: portalCookie },
    });
  }

  beforeAll(async () => {
    const port = await freePort();
    provider = await startTestProvider({ port, redirectUris: [`${PORTAL}/api/auth/sso/callback`] });
    h = await startHarness('pglite');
    tenantId = (
      await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
    await createUser(h.database.db, { tenantId, account: 'sso.left', password: PASSWORD });
    const config = testConfig({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_REDIRECT_URI: `${PORTAL}/api/auth/sso/callback`,
    });
    app = await buildApi({ db: h.database.db, config, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
    await provider?.close();
  });

  it('lets an enabled user in, in under 10 s, and logs it', async () => {
    const started = performance.now();
    const r = await roundTrip('sso.left');
    expect(r.statusCode).toBe(302);
    const code = new URL(String(r.headers.location), PORTAL).searchParams.get('sso')!;
    const exchange = await app.inject({
      method: 'POST',
      url: '/api/auth/sso/exchange',
      headers: { authorization: BASIC },
      payload: { code },
    });
    expect(exchange.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(10_000);
    const log = await h.database.db
      .selectFrom('login_log')
      .select(['result', 'method'])
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'sso.left')
      .execute();
    expect(log).toContainEqual({ result: 'success', method: 'sso' });
    // The first sign-on links the provider's identity to the account: the user's history says so, once.
    const user = await h.database.db
      .selectFrom('app_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'sso.left')
      .executeTakeFirstOrThrow();
    const linked = await h.database.db
      .selectFrom('audit_entry')
      .select(['action', 'user_name', 'changes'])
      .where('tenant_id', '=', tenantId)
      .where('entity', '=', 'app-user')
      .where('record_id', '=', user.id)
      .execute();
    expect(linked).toMatchObject([
      {
        action: 'update',
        user_name: 'sso.left',
        changes: [{ field: 'identity', before: null, after: expect.stringContaining(provider.issuer) }],
      },
    ]);
  });

  it('refuses a user disabled in the portal even though the provider signs them in, and logs why', async () => {
    await h.database.db
      .updateTable('app_user')
      .set({ status: 'disabled' })
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'sso.left')
      .execute();
    const r = await roundTrip('sso.left');
    expect(r.statusCode).toBe(400);
    expect(r.body).toContain('ssoError=auth.ssoDisabled');
    const log = await h.database.db
      .selectFrom('login_log')
      .select(['result', 'reason'])
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'sso.left')
      .where('result', '=', 'failure')
      .execute();
    expect(log).toContainEqual({ result: 'failure', reason: 'disabled' });
    // Already linked: no second history entry.
    const entries = await h.database.db
      .selectFrom('audit_entry')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('entity', '=', 'app-user')
      .where('record_code', '=', 'sso.left')
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('keeps the provider and its development screens out of the product', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join, resolve } = await import('node:path');
    const root = resolve(import.meta.dirname, '../..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(ts|tsx|js|mjs)$/.test(name)) files.push(p);
      }
    };
    for (const dir of ['server', 'shell', 'subapps', 'bridge', 'model', 'scripts']) walk(join(root, dir));
    const offenders = files.filter((f) => /oidc-provider|devInteractions/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(pkg.dependencies['oidc-provider']).toBeUndefined();
    expect(pkg.devDependencies['oidc-provider']).toBeDefined();
  });
});
