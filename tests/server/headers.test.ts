/**
 * SECURITY-TESTS T2.1: security headers on every answer — every documented API route (with and
 * without a token, so 2xx and 4xx alike), unknown paths, a 500, the shell page, a sub-app page and
 * static files — and error bodies without stacks or SQL. HSTS only over TLS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApi } from '../../server/app';
import { buildSubappServer, shellWeb } from '../../server/web';
import { createDatabase, type Database } from '../../server/db/index';
import { seed } from '../../server/seed';
import { loginToken, testConfig } from './harness';

interface OpenApi {
  paths: Record<string, Record<string, unknown>>;
}

function expectHardened(r: LightMyRequestResponse, what: string, frameAncestors: RegExp = /frame-ancestors 'none'/) {
  expect(r.headers['x-content-type-options'], what).toBe('nosniff');
  expect(r.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  const csp = String(r.headers['content-security-policy'] ?? '');
  expect(csp, what).toMatch(frameAncestors);
  expect(csp, what).toMatch(/object-src 'none'|default-src 'none'/);
  expect(csp, what).toContain("base-uri 'none'");
  expect(r.headers['strict-transport-security'], `${what}: no HSTS over plain HTTP`).toBeUndefined();
}

/** A stack frame, a file path or SQL in an error body would tell an attacker about the inside. */
function expectNoInternals(r: LightMyRequestResponse, what: string) {
  if (r.statusCode < 400) return;
  expect(r.body, what).not.toMatch(
    /\bat [\w.<>]+ \(|\/work\/|node_modules|\.ts:\d+|\bselect\b.+\bfrom\b|relation "|syntax error at/i,
  );
}

describe('security headers on every answer (T2.1)', () => {
  let dist: string;
  let database: Database;
  let shell: FastifyInstance;
  let proxied: FastifyInstance;
  let platform: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-headers-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'shell'));
    fs.mkdirSync(path.join(dist, 'subapps', 'platform'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'assets', 'main-AbCd1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'shell', 'index.html'), '<html><body>shell</body></html>');
    fs.writeFileSync(
      path.join(dist, 'subapps', 'platform', 'index.html'),
      '<html><head><!--portal-shell-origin--></head><body>p</body></html>',
    );
    const config = testConfig({ DIST_DIR: dist });
    database = await createDatabase(config, { memory: true });
    await seed(database.db, config);
    shell = await buildApi({
      db: database.db,
      config,
      logger: false,
      extend: async (a) => {
        a.get('/api/test-boom', { config: { auth: 'none' } }, async () => {
          throw new Error('relation "app_user" does not exist: select * from app_user at /work/main/server/x.ts:1');
        });
        await shellWeb(config, database.db)(a);
      },
    });
    proxied = await buildApi({
      db: database.db,
      config: testConfig({ DIST_DIR: dist, TRUST_PROXY: 'on' }),
      logger: false,
    });
    platform = await buildSubappServer('platform', config);
    token = await loginToken(shell, 'demo', 'admin');
  });
  afterAll(async () => {
    await shell?.close();
    await proxied?.close();
    await platform?.close();
    await database?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('hardens every documented API route, answered with a token and without one', async () => {
    const doc = (await shell.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const routes = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path: p })),
    );
    expect(routes.length).toBeGreaterThan(50);
    const statuses = new Set<number>();
    for (const { method, path: p } of routes) {
      // Path parameters get a well-formed id that matches nothing; bodies are empty: 4xx is expected, 5xx never.
      const url = p.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      if ((method !== 'GET' && method !== 'HEAD') || p === '/api/test-boom') continue;
      for (const auth of [undefined, `Bearer ${token}`]) {
        const r = await shell.inject({ method: method as 'GET', url, headers: auth ? { authorization: auth } : {} });
        const what = `${method} ${url} ${auth ? 'with' : 'without'} token → ${r.statusCode}`;
        statuses.add(r.statusCode);
        expect(r.statusCode, what).toBeLessThan(500);
        expectHardened(r, what);
        expectNoInternals(r, what);
        // A stream (alarms, exports) is drained by inject; the headers were checked.
      }
    }
    // Both the happy and the refused paths were exercised.
    expect([...statuses].some((s) => s < 300)).toBe(true);
    expect(statuses.has(401)).toBe(true);
  });

  it('hardens writes refused for a missing body or token, unknown paths and a 500 without leaking internals', async () => {
    const answers = [
      await shell.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
      await shell.inject({
        method: 'POST',
        url: '/api/basic-system/unit',
        headers: { authorization: `Bearer ${token}` },
        payload: { code: '' },
      }),
      await shell.inject({ method: 'DELETE', url: '/api/basic-system/unit', payload: { ids: ['x'] } }),
      await shell.inject({ method: 'GET', url: '/api/no/such/route' }),
      await shell.inject({ method: 'GET', url: '/assets/missing.js' }),
      await shell.inject({ method: 'GET', url: '/api/test-boom' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([401, 400, 401, 404, 404, 500]);
    for (const r of answers) {
      const what = `${r.statusCode} ${r.body.slice(0, 80)}`;
      expectHardened(r, what);
      expectNoInternals(r, what);
    }
  });

  it('lets the shell page be framed by nobody and a sub-app page only by the shell; static files too', async () => {
    expectHardened(await shell.inject({ method: 'GET', url: '/zh-CN/login' }), 'shell page');
    expectHardened(await shell.inject({ method: 'GET', url: '/assets/main-AbCd1234.js' }), 'shell asset');
    const page = await platform.inject({ method: 'GET', url: '/platform/dict' });
    expectHardened(page, 'sub-app page', /frame-ancestors http:\/\/localhost:\d+/);
    expect(page.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expectHardened(await platform.inject({ method: 'GET', url: '/assets/missing.js' }), 'sub-app 404');
  });

  it('sends HSTS behind a TLS-terminating proxy it was told to trust, and never over plain HTTP', async () => {
    const tls = await proxied.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toMatch(/^max-age=(\d+); includeSubDomains$/);
    expect(Number(/max-age=(\d+)/.exec(String(tls.headers['strict-transport-security']))?.[1])).toBeGreaterThanOrEqual(
      31536000,
    );
    const plain = await proxied.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client cannot claim TLS.
    const claimed = await shell.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});
