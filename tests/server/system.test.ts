/**
 * Tenants, the app registry, factories and logs (issue 4, part 3): tenants only for the operator's
 * administrators, a disabled or expired tenant refused at login with its reason, a registered app
 * reaching platFactoryApp and the shell's CSP, read-only logs scoped by tenant.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../server/app';
import { shellWeb } from '../../server/web';
import { createTenant } from '../../server/tenants/provision';
import { whereThrown } from '../../server/system/routes';
import { BASIC, DIALECTS, PASSWORD, call, login, loginToken, startHarness, testConfig, type Harness } from './harness';

const TENANTS = '/api/platform-system/tenant';
const APPS = '/api/platform-system/app';
const FACTORIES = '/api/platform-system/factory';
const LOGIN_LOG = '/api/platform-system/login-log';
const OPERATION_LOG = '/api/platform-system/operation-log';
const INTERFACE_LOG = '/api/platform-system/interface-log';

describe.each(DIALECTS)('tenants, apps, factories and logs [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let acmeAdmin: string;
  let acmeId: string;
  const db = () => h.database.db;
  const loginIn = (lang: string, tenantCode: string, account: string) =>
    call(h.app, 'POST', '/api/auth/login', {
      headers: { authorization: BASIC },
      lang,
      body: { tenantCode, account, password: PASSWORD },
    });

  beforeAll(async () => {
    h = await startHarness(kind);
    acmeId = (await createTenant(db(), { code: 'acme', name: 'Acme', adminPassword: PASSWORD })).tenantId;
    admin = await loginToken(h.app, 'demo', 'admin');
    acmeAdmin = await loginToken(h.app, 'acme', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('shows tenants with their user and factory counts to the operator tenant administrators only', async () => {
    const list = await call(h.app, 'GET', `${TENANTS}?size=100`, { token: admin });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const acme = list.body.data.records.find((r: { code: string }) => r.code === 'acme');
    expect(acme).toMatchObject({ name: 'Acme', userCount: 1, factoryCount: 1, status: 'enabled' });
    // An administrator of another tenant holds every permission code of its own menus, yet is refused.
    expect((await call(h.app, 'GET', TENANTS, { token: acmeAdmin })).status).toBe(403);
    expect((await call(h.app, 'GET', `${TENANTS}/${acmeId}`, { token: acmeAdmin })).status).toBe(403);
    expect(
      (await call(h.app, 'PUT', `${TENANTS}/${acmeId}`, { token: acmeAdmin, body: { name: 'Mine' } })).status,
    ).toBe(403);
    expect(
      (
        await call(h.app, 'POST', TENANTS, {
          token: acmeAdmin,
          body: { code: 'x1', name: 'X', adminAccount: 'a', adminPassword: PASSWORD },
        })
      ).status,
    ).toBe(403);
    // Tenants are disabled, never deleted: no delete route.
    expect((await call(h.app, 'DELETE', TENANTS, { token: admin, body: { ids: [acmeId] } })).status).toBe(404);
  });

  it('creates a tenant with its first factory, organisation and administrator, who can log in', async () => {
    const missing = await call(h.app, 'POST', TENANTS, { token: admin, body: { code: 'beta', name: 'Beta' } });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'adminAccount',
      'adminPassword',
    ]);
    // The first administrator's password follows the password rules of SPEC §5.
    const weak = await call(h.app, 'POST', TENANTS, {
      token: admin,
      body: { code: 'beta', name: 'Beta', adminAccount: 'boss', adminPassword: 'a b' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.data.errors.map((e: { field: string }) => e.field)).toEqual(['adminPassword']);
    const r = await call(h.app, 'POST', TENANTS, {
      token: admin,
      body: { code: 'beta', name: 'Beta', domain: 'beta.example.com', adminAccount: 'boss', adminPassword: PASSWORD },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).not.toHaveProperty('adminPassword');
    const got = await call(h.app, 'GET', `${TENANTS}/${r.body.data.id}`, { token: admin });
    expect(got.body.data).toMatchObject({ code: 'beta', userCount: 1, factoryCount: 1 });
    const token = await loginToken(h.app, 'beta', 'boss');
    const factories = await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token });
    expect(factories.status).toBe(200);
    expect(factories.body.data.factoryList).toHaveLength(1);
    const orgs = await db().selectFrom('organization').select('code').where('tenant_id', '=', r.body.data.id).execute();
    expect(orgs).toHaveLength(1);
  });

  it('refuses a disabled or an expired tenant at login and says why, in the user language', async () => {
    const created = await call(h.app, 'POST', TENANTS, {
      token: admin,
      body: { code: 'gamma', name: 'Gamma', adminAccount: 'admin', adminPassword: PASSWORD },
    });
    const id = created.body.data.id as string;
    expect((await login(h.app, 'gamma', 'admin')).status).toBe(200);

    const off = await call(h.app, 'POST', `${TENANTS}/${id}/state`, {
      token: admin,
      body: { field: 'status', value: 'disabled' },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const disabled = await loginIn('zh-CN', 'gamma', 'admin');
    expect(disabled.status).toBe(403);
    expect(disabled.body.msg).toContain('停用');
    // A wrong password learns nothing about the tenant.
    expect((await login(h.app, 'gamma', 'admin', 'Wrong@2026x')).status).toBe(400);

    await call(h.app, 'POST', `${TENANTS}/${id}/state`, { token: admin, body: { field: 'status', value: 'enabled' } });
    const past = await call(h.app, 'PUT', `${TENANTS}/${id}`, {
      token: admin,
      body: { expiresAt: '2020-01-01T00:00:00.000Z' },
    });
    expect(past.status, JSON.stringify(past.body)).toBe(200);
    const expired = await loginIn('en', 'gamma', 'admin');
    expect(expired.status).toBe(403);
    expect(expired.body.msg).toMatch(/expired/i);
    const log = await db()
      .selectFrom('login_log')
      .select(['result', 'reason'])
      .where('tenant_id', '=', id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ result: 'failure', reason: 'tenant expired' });
  });

  it('registers a third-party app that platFactoryApp answers and the shell may frame', async () => {
    const body = {
      appType: 'acme-mes',
      appName: 'MES',
      nameZhCN: '制造执行',
      nameEn: 'Acme MES',
      url: 'https://mes.partner.example:8443/app',
      prefixPath: 'mes',
      status: 'enabled',
    };
    expect((await call(h.app, 'POST', APPS, { token: acmeAdmin, body })).status).toBe(403);
    const bad = await call(h.app, 'POST', APPS, { token: admin, body: { ...body, url: 'javascript:alert(1)' } });
    expect(bad.status).toBe(400);
    // A prefix the shell does not route would register an app that never opens: refused, naming the field and the choices.
    const unrouted = await call(h.app, 'POST', APPS, {
      token: admin,
      body: { ...body, prefixPath: 'mes, mes-report' },
      lang: 'en',
    });
    expect(unrouted.status).toBe(400);
    expect(unrouted.body.data.errors[0]).toMatchObject({ field: 'prefixPath', key: 'validation.prefixUnknown' });
    expect(unrouted.body.msg).toContain('"mes-report" is not a route prefix');
    expect(unrouted.body.msg).toContain('andon');
    // The seeded MES app serves `mes`: a second enabled app may not take it.
    const taken = await call(h.app, 'POST', APPS, { token: admin, body, lang: 'en' });
    expect(taken.status).toBe(409);
    expect(taken.body.data).toMatchObject({ field: 'prefixPath', value: 'mes', app: 'mes' });
    expect(taken.body.msg).toContain('enabled app mes');
    const seeded = (await call(h.app, 'GET', `${APPS}?appType=mes`, { token: admin })).body.data.records.find(
      (a: { appType: string }) => a.appType === 'mes',
    );
    const off = await call(h.app, 'POST', `${APPS}/${seeded.id}/state`, {
      token: admin,
      body: { field: 'status', value: 'disabled' },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const r = await call(h.app, 'POST', APPS, { token: admin, body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.prefixPath).toBe('mes');
    // Enabling the seeded app again would serve the prefix twice.
    const again = await call(h.app, 'POST', `${APPS}/${seeded.id}/state`, {
      token: admin,
      body: { field: 'status', value: 'enabled' },
      lang: 'en',
    });
    expect(again.status).toBe(409);
    expect(again.body.data).toMatchObject({ app: 'acme-mes' });

    const apps = await call(h.app, 'GET', '/api/platform-system/platFactoryApp', { token: acmeAdmin, lang: 'en' });
    const mes = apps.body.data.find((a: { appType: string }) => a.appType === 'acme-mes');
    expect(mes).toMatchObject({
      appName: 'Acme MES',
      url: 'https://mes.partner.example:8443/app',
      prefixPath: ['mes'],
      status: 'enabled',
    });
    // The seeded apps kept their names and prefixes.
    expect(apps.body.data.find((a: { appType: string }) => a.appType === 'platform').prefixPath).toContain('paas');

    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.mkdirSync(path.join(dist, 'shell'));
    fs.writeFileSync(path.join(dist, 'shell', 'index.html'), '<html><body>shell</body></html>');
    const config = testConfig({ DIST_DIR: dist });
    let shell: FastifyInstance | null = null;
    try {
      shell = await buildApi({ db: db(), config, logger: false, extend: shellWeb(config, db()) });
      const page = await shell.inject({ method: 'GET', url: '/' });
      expect(page.headers['content-security-policy']).toContain('https://mes.partner.example:8443');
    } finally {
      await shell?.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }

    const disabled = await call(h.app, 'PUT', `${APPS}/${r.body.data.id}`, {
      token: admin,
      body: { status: 'disabled' },
    });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    const deleted = await call(h.app, 'DELETE', APPS, { token: acmeAdmin, body: { ids: [r.body.data.id] } });
    expect(deleted.status).toBe(403);
  });

  it('shows each registered app probed online or offline, to those who may view the registry', async () => {
    // A page joined to the portal (it loads the bridge script), and a port where nothing listens.
    const joined = http.createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html', 'x-app-version': '2.4.0' })
        .end('<html><script src="/bridge/portal-bridge.js"></script></html>'),
    );
    await new Promise<void>((resolve) => joined.listen(0, '127.0.0.1', resolve));
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    try {
      // Each prefix is served by one enabled app: the seeded spare-parts and fixtures apps step aside.
      const seeded = (await call(h.app, 'GET', `${APPS}?size=100`, { token: admin })).body.data.records as {
        id: string;
        appType: string;
      }[];
      for (const type of ['spm', 'fms']) {
        const id = seeded.find((a) => a.appType === type)?.id;
        expect(
          (
            await call(h.app, 'POST', `${APPS}/${id}/state`, {
              token: admin,
              body: { field: 'status', value: 'disabled' },
            })
          ).status,
        ).toBe(200);
      }
      const base = { nameZhCN: '看板', prefixPath: 'spm', status: 'enabled' };
      const up = await call(h.app, 'POST', APPS, {
        token: admin,
        body: {
          ...base,
          appType: 'probe-up',
          appName: 'Up',
          url: `http://127.0.0.1:${(joined.address() as AddressInfo).port}/`,
        },
      });
      const down = await call(h.app, 'POST', APPS, {
        token: admin,
        body: {
          ...base,
          appType: 'probe-down',
          appName: 'Down',
          prefixPath: 'fms',
          url: `http://127.0.0.1:${closedPort}/`,
        },
      });
      expect([up.status, down.status], JSON.stringify([up.body, down.body])).toEqual([200, 200]);
      const r = await call(h.app, 'GET', `${APPS}/online`, { token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const byId = new Map(r.body.data.map((s: { id: string }) => [s.id, s]));
      expect(byId.get(up.body.data.id)).toMatchObject({ state: 'online', version: '2.4.0' });
      expect(byId.get(down.body.data.id)).toMatchObject({ state: 'offline', version: null });
      // The registry the shell reads says the same, from the same probe.
      const registry = await call(h.app, 'GET', '/api/platform-system/platFactoryApp', { token: admin });
      const onlineById = new Map(registry.body.data.map((a: { id: string; online: boolean }) => [a.id, a.online]));
      expect([onlineById.get(up.body.data.id), onlineById.get(down.body.data.id)]).toEqual([true, false]);

      const factories = await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token: admin });
      const created = await call(h.app, 'POST', '/api/platform-system/app-user', {
        token: admin,
        body: {
          account: 'noapps',
          nickname: 'No apps',
          password: PASSWORD,
          roles: [],
          factories: [factories.body.data.factoryList[0].id],
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(
        (await call(h.app, 'GET', `${APPS}/online`, { token: await loginToken(h.app, 'demo', 'noapps') })).status,
      ).toBe(403);
      await call(h.app, 'DELETE', APPS, { token: admin, body: { ids: [up.body.data.id, down.body.data.id] } });
    } finally {
      await new Promise((resolve) => joined.close(resolve));
    }
  });

  it('keeps the factory QR source and ERP organisation', async () => {
    const r = await call(h.app, 'POST', FACTORIES, {
      token: admin,
      body: {
        code: 'F-ERP',
        name: 'ERP plant',
        erpOrgId: '101',
        erpOrgCode: 'ORG-A',
        erpOrgName: 'Org A',
        erpOuId: '9001',
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const got = await call(h.app, 'GET', `${FACTORIES}/${r.body.data.id}`, { token: admin });
    expect(got.body.data).toMatchObject({
      code: 'F-ERP',
      erpOrgId: '101',
      erpOrgCode: 'ORG-A',
      erpOrgName: 'Org A',
      erpOuId: '9001',
    });
  });

  it('lists logs read-only, each tenant only its own', async () => {
    const demoLogins = await call(h.app, 'GET', `${LOGIN_LOG}?size=100`, { token: admin });
    expect(demoLogins.status, JSON.stringify(demoLogins.body)).toBe(200);
    expect(demoLogins.body.data.records.length).toBeGreaterThan(0);
    const acmeLogins = await call(h.app, 'GET', `${LOGIN_LOG}?size=100`, { token: acmeAdmin });
    const acmeIds = new Set(acmeLogins.body.data.records.map((r: { id: string }) => r.id));
    for (const row of demoLogins.body.data.records) expect(acmeIds.has(row.id)).toBe(false);
    const demoRow = demoLogins.body.data.records[0];
    expect((await call(h.app, 'GET', `${LOGIN_LOG}/${demoRow.id}`, { token: acmeAdmin })).status).toBe(404);
    expect((await call(h.app, 'GET', `${LOGIN_LOG}/${demoRow.id}`, { token: admin })).body.data.account).toBe(
      demoRow.account,
    );

    expect((await call(h.app, 'GET', OPERATION_LOG, { token: admin })).body.data.records.length).toBeGreaterThan(0);
    for (const base of [LOGIN_LOG, OPERATION_LOG, INTERFACE_LOG]) {
      expect((await call(h.app, 'POST', base, { token: admin, body: { account: 'x' } })).status, base).toBe(404);
      expect(
        (await call(h.app, 'PUT', `${base}/${demoRow.id}`, { token: admin, body: { account: 'x' } })).status,
        base,
      ).toBe(404);
      expect((await call(h.app, 'DELETE', base, { token: admin, body: { ids: [demoRow.id] } })).status, base).toBe(404);
    }

    await db()
      .insertInto('interface_log')
      .values({
        tenant_id: acmeId,
        method: 'GET',
        path: '/api/x',
        status: 500,
        call_state: 'error',
        duration_ms: 12,
        message: 'boom',
      })
      .execute();
    expect(
      (await call(h.app, 'GET', INTERFACE_LOG, { token: admin })).body.data.records.find(
        (r: { message: string }) => r.message === 'boom',
      ),
    ).toBeUndefined();
    const own = await call(h.app, 'GET', INTERFACE_LOG, { token: acmeAdmin });
    expect(own.body.data.records.find((r: { message: string }) => r.message === 'boom')).toMatchObject({
      callState: 'error',
      status: 500,
      durationMs: 12,
    });
  });

  it('names the class, method and line where an error was thrown', () => {
    class Boom extends Error {
      override name = 'Boom';
    }
    function explode(): never {
      throw new Boom('no');
    }
    let caught: Error | null = null;
    try {
      explode();
    } catch (e) {
      caught = e as Error;
    }
    const where = whereThrown(caught!);
    expect(where.errorClass).toBe('Boom');
    expect(where.errorMethod).toBe('explode');
    expect(where.errorLine).toBeGreaterThan(0);
  });
});
