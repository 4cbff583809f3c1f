/**
 * SECURITY-TESTS T5.2, issuer mismatch: a portal configured for one issuer that finds another in
 * the provider's discovery document refuses to start single sign-on, and says so.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../server/app';
import { startTestProvider, type TestProvider } from '../support/oidc';
import { startHarness, testConfig, type Harness } from './harness';

const freePort = () =>
  new Promise<number>((ok) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => ok(p));
    });
  });

describe('single sign-on against a provider of another issuer', () => {
  let h: Harness;
  let provider: TestProvider;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    provider = await startTestProvider({ port, redirectUris: ['http://localhost/api/auth/sso/callback'] });
    h = await startHarness('pglite');
    // The provider calls itself http://localhost:<port>; the portal was told http://127.0.0.1:<port>.
    const config = testConfig({
      OIDC_ISSUER: `http://127.0.0.1:${port}`,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
    });
    app = await buildApi({ db: h.database.db, config, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
    await provider?.close();
  });

  it('refuses to start, with the "unavailable" message and no redirect to the provider', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/auth/sso/start?tenantCode=demo&lang=en' });
    expect(r.statusCode).toBe(400);
    expect(r.headers.location).toBeUndefined();
    expect(r.body).toContain('ssoError=auth.ssoUnavailable');
    expect(String(r.headers['set-cookie'] ?? '')).not.toMatch(/portal_sso=[^;]/);
  });

  it('starts normally once the configured issuer is the one the provider names', async () => {
    const right = await buildApi({
      db: h.database.db,
      config: testConfig({
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
      }),
      logger: false,
    });
    try {
      const r = await right.inject({ method: 'GET', url: '/api/auth/sso/start?tenantCode=demo&lang=en' });
      expect(r.statusCode).toBe(302);
      expect(String(r.headers.location)).toMatch(new RegExp(`^http://localhost:${port}/`));
    } finally {
      await right.close();
    }
  });
});
