import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../server/app';
import { buildSubappServer, shellWeb } from '../../server/web';
import { acquireLock, createDatabase, DataDirLockedError, type Database } from '../../server/db/index';
import { testConfig } from './harness';

describe('static web serving', () => {
  let dist: string;
  let database: Database;
  let shell: FastifyInstance;
  let platform: FastifyInstance;
  let fixed: FastifyInstance;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'bridge'));
    fs.mkdirSync(path.join(dist, 'shell'));
    fs.mkdirSync(path.join(dist, 'subapps', 'platform'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'assets', 'main-AbCd1234.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'bridge', 'portal-bridge.js'), 'window.x=1');
    fs.writeFileSync(path.join(dist, 'shell', 'index.html'), '<html><body>shell</body></html>');
    fs.writeFileSync(
      path.join(dist, 'subapps', 'platform', 'index.html'),
      '<html><head><!--portal-shell-origin--><script type="module" crossorigin src="/assets/main-AbCd1234.js"></script><link rel="stylesheet" crossorigin href="/assets/main-AbCd1234.css"></head><body>platform</body></html>',
    );
    const config = testConfig({ DIST_DIR: dist });
    database = await createDatabase(config, { memory: true, migrate: false });
    shell = await buildApi({ db: database.db, config, logger: false, extend: shellWeb(config) });
    platform = await buildSubappServer('platform', config);
    fixed = await buildSubappServer(
      'platform',
      testConfig({ DIST_DIR: dist, SHELL_ORIGIN: 'https://portal.example.com' }),
    );
  });
  afterAll(async () => {
    await shell?.close();
    await platform?.close();
    await fixed?.close();
    await database?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves the shell index for any non-/api path, without caching, never framed', async () => {
    for (const url of ['/', '/zh-CN/login', '/en/platform/dict?x=1']) {
      const r = await shell.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body).toContain('shell');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-security-policy']).toMatch(
        /^frame-ancestors 'none'; frame-src http:\/\/localhost:\d+ /,
      );
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('serves assets with a long cache and bridge files; missing assets are 404', async () => {
    const a = await shell.inject({ method: 'GET', url: '/assets/main-AbCd1234.js' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toContain('immutable');
    const b = await shell.inject({ method: 'GET', url: '/bridge/portal-bridge.js' });
    expect(b.statusCode).toBe(200);
    expect((await shell.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await shell.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(404);
  });

  it('serves a sub-app page with the shell origin injected and framing limited to it', async () => {
    const r = await platform.inject({ method: 'GET', url: '/platform/dict', headers: { host: 'factory.local:4000' } });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<meta name="portal-shell-origin" content="http://factory.local:8080">');
    expect(r.body).not.toContain('<!--portal-shell-origin-->');
    // The build's shared files come from the shell's origin, which lets any origin load them (issue 23).
    expect(r.body).toContain(
      '<script type="module" crossorigin src="http://factory.local:8080/assets/main-AbCd1234.js">',
    );
    expect(r.body).toContain(
      '<link rel="stylesheet" crossorigin href="http://factory.local:8080/assets/main-AbCd1234.css">',
    );
    const shared = await shell.inject({
      method: 'GET',
      url: '/assets/main-AbCd1234.js',
      headers: { origin: 'http://factory.local:4000' },
    });
    expect(shared.headers['access-control-allow-origin']).toBe('*');
    // Its scripts may come from its own origin and the shell's build files only.
    expect(r.headers['content-security-policy']).toMatch(
      /^frame-ancestors http:\/\/factory\.local:8080; object-src 'none'; base-uri 'none'; default-src 'self'; script-src 'self' http:\/\/factory\.local:8080\/assets\/; /,
    );
    expect(r.headers['origin-agent-cluster']).toBe('?1');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    const asset = await platform.inject({ method: 'GET', url: '/assets/main-AbCd1234.js' });
    expect(asset.statusCode).toBe(200);
    const f = await fixed.inject({ method: 'GET', url: '/', headers: { host: 'factory.local:4000' } });
    expect(f.body).toContain('content="https://portal.example.com"');
    expect(f.headers['content-security-policy']).toMatch(
      /^frame-ancestors https:\/\/portal\.example\.com; object-src 'none'; base-uri 'none'; /,
    );
  });

  it('has pages served over https upgrade their requests, behind a trusted proxy only', async () => {
    const config = testConfig({ DIST_DIR: dist, TRUST_PROXY: 'on' });
    const proxied = await buildApi({ db: database.db, config, logger: false, extend: shellWeb(config) });
    const proxiedApp = await buildSubappServer('platform', config);
    try {
      const https = { 'x-forwarded-proto': 'https', host: 'portal.example.com' };
      const page = await proxied.inject({ method: 'GET', url: '/en/login', headers: https });
      expect(page.headers['content-security-policy']).toMatch(/; upgrade-insecure-requests$/);
      // The frames it allows are the https origins of the apps, as this host sees them.
      expect(page.headers['content-security-policy']).toContain('frame-src https://portal.example.com:');
      const sub = await proxiedApp.inject({ method: 'GET', url: '/platform/dict', headers: https });
      expect(sub.headers['content-security-policy']).toMatch(/; upgrade-insecure-requests$/);
      const plain = await proxied.inject({ method: 'GET', url: '/en/login', headers: { host: 'portal.example.com' } });
      expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      // Without a trusted proxy the header is the client's word, and changes nothing.
      const untrusted = await shell.inject({ method: 'GET', url: '/en/login', headers: https });
      expect(untrusted.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    } finally {
      await proxied.close();
      await proxiedApp.close();
    }
  });

  it('sends every HTML page a script policy of its own origin plus the hashes of its own inline scripts, never unsafe-inline (T2.9)', async () => {
    const inline = 'window.__built = 1;';
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-inline-'));
    fs.mkdirSync(path.join(own, 'shell'), { recursive: true });
    fs.mkdirSync(path.join(own, 'subapps', 'basic'), { recursive: true });
    fs.writeFileSync(
      path.join(own, 'shell', 'index.html'),
      `<html><head><script>${inline}</script><script type="module" src="/assets/x.js"></script></head><body></body></html>`,
    );
    fs.writeFileSync(
      path.join(own, 'subapps', 'basic', 'index.html'),
      `<html><head><!--portal-shell-origin--><script>${inline}</script></head><body></body></html>`,
    );
    const config = testConfig({ DIST_DIR: own, APP_DOWNLOAD_URL: 'https://apps.example.com/mes.apk' });
    const web = await buildApi({ db: database.db, config, logger: false, extend: shellWeb(config) });
    const basic = await buildSubappServer('basic', config);
    try {
      const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
      const pages = [
        await web.inject({ method: 'GET', url: '/en/login' }),
        await web.inject({ method: 'GET', url: '/' }),
        await basic.inject({ method: 'GET', url: '/basic/unit' }),
        await platform.inject({ method: 'GET', url: '/platform/dict' }),
        await shell.inject({ method: 'GET', url: '/zh-CN/sop/1' }),
      ];
      for (const page of pages) {
        const csp = String(page.headers['content-security-policy']);
        const script = /(?:^|; )script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
        expect(csp, csp).toMatch(/(?:^|; )default-src 'self'(;|$)/);
        expect(script[0], csp).toBe("'self'");
        // A sub-app page also loads the build's shared files from the shell's origin (issue 23), and nothing else of it.
        expect(
          script.every(
            (s) =>
              s === "'self'" || /^'sha256-[A-Za-z0-9+/]+=*'$/.test(s) || /^http:\/\/localhost:\d+\/assets\/$/.test(s),
          ),
          csp,
        ).toBe(true);
        expect(csp).not.toContain("'unsafe-eval'");
        expect(script).not.toContain("'unsafe-inline'");
      }
      for (const page of pages.slice(0, 2))
        expect(String(page.headers['content-security-policy'])).toContain(`script-src 'self' ${hash};`);
      expect(String(pages[2]!.headers['content-security-policy'])).toMatch(
        new RegExp(`script-src 'self' http://localhost:\\d+/assets/ ${hash.replace(/[+/]/g, '\\$&')};`),
      );
      // API answers keep their own policy: nothing at all.
      expect((await web.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']).toMatch(
        /^default-src 'none'/,
      );
    } finally {
      await web.close();
      await basic.close();
      fs.rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('database', () => {
  it('locks the data folder against a second process', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
    const release = acquireLock(dir);
    expect(fs.readFileSync(path.join(dir, '.portal.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => acquireLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(path.join(dir, '.portal.lock'))).toBe(false);
    // A stale lock of a dead process is taken over.
    fs.writeFileSync(path.join(dir, '.portal.lock'), '999999999');
    const again = acquireLock(dir);
    again();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs the migrations once and records them', async () => {
    const database = await createDatabase(testConfig(), { memory: true });
    const rows = await database.db.selectFrom('schema_migrations').select('name').execute();
    const files = fs
      .readdirSync(path.resolve(import.meta.dirname, '../../server/db/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(files[0]).toBe('001_init.sql');
    expect(rows.map((r) => r.name)).toEqual(files);
    const { migrate } = await import('../../server/db/index');
    expect(await migrate(database)).toEqual([]);
    await database.close();
  });
});

describe('unhandled errors', () => {
  it('answer 500 with a generic message, never the error text', async () => {
    const config = testConfig();
    const database = await createDatabase(config, { memory: true, migrate: false });
    const app = await buildApi({
      db: database.db,
      config,
      logger: false,
      extend: (a) => {
        a.get('/api/boom', async () => {
          throw new Error('relation "secret_table" does not exist at /work/main/server/x.ts:1');
        });
      },
    });
    const r = await app.inject({ method: 'GET', url: '/api/boom', headers: { 'accept-language': 'en' } });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ code: 500, msg: 'Internal server error, please try again later', data: null });
    await app.close();
    await database.close();
  });
});
