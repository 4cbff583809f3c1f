import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { ServicesView } from '../../model/helper';
import { createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';

function listen(server: http.Server | net.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  );
}

describe.each(DIALECTS)('services view [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let staff: string;
  let joined: http.Server;
  const sockets: net.Socket[] = [];
  let hung: net.Server;
  let plain: http.Server;
  const urls: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    joined = http.createServer((_req, res) => {
      res.setHeader('x-app-version', '2.3.1');
      res.end('<html><head><script src="/bridge/portal-bridge.js"></script></head></html>');
    });
    plain = http.createServer((_req, res) => res.end('<html><body>hello</body></html>'));
    hung = net.createServer((s) => {
      sockets.push(s);
    }); // accepts, never answers
    urls.joined = await listen(joined);
    urls.plain = await listen(plain);
    urls.hung = await listen(hung);
    const closed = net.createServer();
    urls.closed = await listen(closed);
    await new Promise((r) => closed.close(r));
    // Only these apps, so the test does not wait on the portal's own sub-app ports.
    await db.updateTable('app').set({ status: 'disabled' }).execute();
    for (const [type, url] of Object.entries(urls)) {
      await db
        .insertInto('app')
        .values({
          app_type: `t-${type}`,
          app_name: `Test ${type}`,
          name_i18n: JSON.stringify({ en: `Test ${type}` }),
          full_name_i18n: JSON.stringify({}),
          url,
          prefix_path: [`t${type}`],
        })
        .execute();
    }
    const tenantId = (await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    await createUser(db, {
      tenantId,
      account: 'plain.staff',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['staff'],
    });
    admin = await loginToken(h.app, 'demo', 'admin');
    staff = await loginToken(h.app, 'demo', 'plain.staff');
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await Promise.all([joined, plain, hung].map((s) => new Promise((r) => s.close(r))));
    await h?.close();
  });

  it('tells online, up without a bridge, hung and offline apps apart, with version and latency', async () => {
    const r = await call<ServicesView>(h.app, 'GET', '/api/platform-system/services', { token: admin, lang: 'en' });
    expect(r.status).toBe(200);
    expect(r.body.data.database).toBe(kind);
    expect(r.body.data.portalVersion).toMatch(/^\d+\.\d+\.\d+/);
    const by = Object.fromEntries(r.body.data.services.map((s) => [s.appType, s]));
    expect(by['t-joined']).toMatchObject({ state: 'online', version: '2.3.1', appName: 'Test joined' });
    expect(by['t-joined']!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(by['t-plain']).toMatchObject({ state: 'no-bridge' });
    expect(by['t-hung']).toMatchObject({ state: 'hung', latencyMs: null });
    expect(by['t-closed']).toMatchObject({ state: 'offline', latencyMs: null });
    expect(Date.parse(by['t-joined']!.probedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows an app stopped since the last probe as offline when probed again', async () => {
    await new Promise((r) => joined.close(r));
    joined.closeAllConnections();
    const cached = await call<ServicesView>(h.app, 'GET', '/api/platform-system/services', { token: admin });
    expect(cached.body.data.services.find((s) => s.appType === 't-joined')!.state).toBe('online');
    const again = await call<ServicesView>(h.app, 'POST', '/api/platform-system/services/probe', { token: admin });
    expect(again.body.data.services.find((s) => s.appType === 't-joined')!.state).toBe('offline');
    joined = http.createServer();
  });

  it('needs the view and the probe permissions', async () => {
    expect((await call(h.app, 'GET', '/api/platform-system/services', { token: staff })).status).toBe(403);
    expect((await call(h.app, 'POST', '/api/platform-system/services/probe', { token: staff })).status).toBe(403);
  });
});
