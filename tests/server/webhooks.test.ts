/**
 * Outbound webhooks (issue 26): endpoints with a secret shown once, events queued in the writing
 * transaction, deliveries signed (HMAC-SHA256 of timestamp + "." + body) and verified by a receiver
 * on loopback, retried with backoff, given up, sent again; internal targets refused unless allowed;
 * another tenant sees nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookSecret } from '../../model/webhook';
import { buildApi } from '../../server/app';
import { createTenant } from '../../server/tenants/provision';
import { WebhookDispatcher } from '../../server/webhooks/dispatcher';
import { addressAllowed } from '../../server/webhooks/targets';
import { nextAttempt } from '../../server/webhooks/backoff';
import { webhookConfig } from '../../server/webhooks/config';
import { startReceiver, until, type Receiver, type Received } from '../support/webhook-receiver';
import { DIALECTS, PASSWORD, call, loginToken, startHarness, testConfig, type Harness } from './harness';
import { factoryIdOf, tenantIdOf } from './seeded';

const LOOPBACK = '127.0.0.0/8,::1/128';
const BASE = '/api/platform-system/webhook';

/** What a receiver does: recompute the signature, refuse an old timestamp. */
function verify(secret: string, r: Received, now = Date.now()): boolean {
  const ts = String(r.headers['x-mes-timestamp'] ?? '');
  const sig = String(r.headers['x-mes-signature'] ?? '');
  if (!/^\d+$/.test(ts) || Math.abs(now / 1000 - Number(ts)) > 300) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex')}`);
  return sig.length === expected.length && timingSafeEqual(Buffer.from(sig), expected);
}

describe('webhook retry schedule and configuration', () => {
  it('waits 30 s, 1 min, 2 min … at most an hour apart, and gives up after the day', () => {
    const c = webhookConfig({});
    const day = 86_400_000;
    const waits = [1, 2, 3, 4, 8, 20].map((n) => nextAttempt(n, 0, day, c.retryBaseMs, c.retryMaxMs)!.getTime());
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000]);
    expect(nextAttempt(5, day - 1000, day, c.retryBaseMs, c.retryMaxMs)).toBeNull();
    expect(c.allowPrivate).toEqual([]);
    expect(webhookConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).allowPrivate).toBe(true);
    expect(webhookConfig({ WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8, ::1/128' }).allowPrivate).toEqual([
      '127.0.0.0/8',
      '::1/128',
    ]);
    expect(() => webhookConfig({ WEBHOOK_ALLOW_PRIVATE: 'localhost' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
    expect(() => webhookConfig({ WEBHOOK_INTERVAL_MS: '-1' })).toThrow(/WEBHOOK_INTERVAL_MS/);
  });
});

describe.each(DIALECTS)('webhooks [%s]', (kind) => {
  let h: Harness;
  let receiver: Receiver;
  let dispatcher: WebhookDispatcher;
  let admin: string;
  let otherAdmin: string;
  let tenantId: string;
  let factoryId: string;
  let seq = 0;

  beforeAll(async () => {
    h = await startHarness(kind, {
      WEBHOOK_ALLOW_PRIVATE: LOOPBACK,
      WEBHOOK_RETRY_BASE_MS: '30',
      WEBHOOK_RETRY_MAX_MS: '120',
    });
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    factoryId = await factoryIdOf(db, tenantId, 'F001');
    await createTenant(db, { code: 'other', name: 'Other Co', adminPassword: PASSWORD });
    admin = await loginToken(h.app, 'demo', 'admin');
    otherAdmin = await loginToken(h.app, 'other', 'admin');
    receiver = await startReceiver();
    dispatcher = new WebhookDispatcher(db, h.config.webhooks);
  });
  afterAll(async () => {
    await receiver?.close();
    await h?.close();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
    await h.database.db.deleteFrom('webhook_endpoint').execute();
  });

  const create = (token: string, body: Record<string, unknown>) =>
    call<WebhookSecret>(h.app, 'POST', BASE, { token, body, lang: 'en' });
  const register = async (events: string[] = ['alarm.raised', 'alarm.acknowledged'], url = receiver.url) => {
    const r = await create(admin, { name: 'ERP', url, events, enabled: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };
  const raise = (number = `W-${++seq}`) =>
    call<{ id: string }>(h.app, 'POST', '/api/platform-system/alarm/raise', {
      token: admin,
      headers: { 'x-factory-id': factoryId },
      body: { number, type: 'andon', sourceSystem: 'ANDON', description: 'Line stopped', level: 'critical' },
    });
  const deliveries = async (endpointId: string, token = admin) =>
    call<{ records: WebhookDelivery[]; total: number }>(h.app, 'GET', `${BASE}/${endpointId}/delivery`, { token });

  it('shows the secret once at creation, never in the list; refuses a bad address or no events naming the field', async () => {
    const { endpoint, secret } = await register();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({ name: 'ERP', url: receiver.url, enabled: true, pending: 0, failed: 0 });
    const list = await call<{ records: WebhookEndpoint[] }>(h.app, 'GET', BASE, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((r) => r.id)).toEqual([endpoint.id]);
    expect(list.res.body).not.toContain(secret);
    const bad = await create(admin, { name: 'x', url: 'ftp://example.com/', events: [] });
    expect(bad.status).toBe(400);
    expect((bad.body.data as unknown as { errors: { field: string }[] }).errors.map((e) => e.field).sort()).toEqual([
      'events',
      'url',
    ]);
    const renewed = await call<WebhookSecret>(h.app, 'POST', `${BASE}/${endpoint.id}/secret`, { token: admin });
    expect(renewed.body.data.secret).not.toBe(secret);
  });

  it('queues an event in the transaction of the change: a refused change queues nothing, only chosen events and enabled endpoints', async () => {
    const { endpoint } = await register(['alarm.raised']);
    const off = await create(admin, { name: 'Off', url: receiver.url, events: ['alarm.raised'], enabled: false });
    expect((await raise('DUP-1')).status).toBe(200);
    expect((await raise('DUP-1')).status).toBe(409);
    const rows = await h.database.db.selectFrom('webhook_delivery').select(['endpoint_id', 'event']).execute();
    expect(rows).toEqual([{ endpoint_id: endpoint.id, event: 'alarm.raised' }]);
    expect(rows.some((r) => r.endpoint_id === off.body.data.endpoint.id)).toBe(false);
  });

  it('signs each delivery so a receiver on loopback verifies it; acknowledging once is one more event', async () => {
    const { endpoint, secret } = await register();
    const raised = await raise();
    expect(raised.status).toBe(200);
    const ack = () =>
      call(h.app, 'POST', `/api/platform-system/alarm/${raised.body.data.id}/acknowledge`, {
        token: admin,
        headers: { 'x-factory-id': factoryId },
      });
    expect((await ack()).status).toBe(200);
    expect((await ack()).status).toBe(200);
    expect(await dispatcher.runOnce()).toBe(2);
    expect(receiver.received).toHaveLength(2);
    for (const r of receiver.received) {
      expect(verify(secret, r)).toBe(true);
      expect(verify('whsec_wrong', r)).toBe(false);
      expect(verify(secret, { ...r, body: r.body.replace('critical', 'info') })).toBe(false);
      const body = JSON.parse(r.body) as {
        id: string;
        event: string;
        tenant: string;
        occurredAt: string;
        data: { alarm: { id: string } };
      };
      expect(r.headers['x-mes-delivery']).toBe(body.id);
      expect(r.headers['x-mes-event']).toBe(body.event);
      expect(body.tenant).toBe(tenantId);
      expect(body.data.alarm.id).toBe(raised.body.data.id);
      expect(Number.isNaN(Date.parse(body.occurredAt))).toBe(false);
    }
    // A replay a day later fails the receiver's timestamp check.
    expect(verify(secret, receiver.received[0]!, Date.now() + 86_400_000)).toBe(false);
    expect(receiver.received.map((r) => JSON.parse(r.body).event).sort()).toEqual([
      'alarm.acknowledged',
      'alarm.raised',
    ]);
    const log = await deliveries(endpoint.id);
    expect(log.body.data.records.map((d) => [d.status, d.attempts, d.lastStatus, d.nextAttemptAt])).toEqual([
      ['delivered', 1, 200, null],
      ['delivered', 1, 200, null],
    ]);
  });

  it('retries with backoff after the receiver fails twice, then delivers the same body', async () => {
    const { endpoint, secret } = await register(['alarm.raised']);
    receiver.answer = (_r, i) => (i < 2 ? 503 : 200);
    await raise();
    expect(await dispatcher.runOnce()).toBe(1);
    const first = (await deliveries(endpoint.id)).body.data.records[0]!;
    expect(first).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 503 });
    expect(Date.parse(first.nextAttemptAt!)).toBeGreaterThan(Date.parse(first.lastAttemptAt!));
    await until(async () => {
      await dispatcher.runOnce();
      return receiver.received.length >= 3;
    });
    const done = (await deliveries(endpoint.id)).body.data.records[0]!;
    expect(done).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 });
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(receiver.received.every((r) => verify(secret, r))).toBe(true);
  });

  it('gives up after its day and is sent again on request', async () => {
    const { endpoint } = await register(['alarm.raised']);
    receiver.answer = () => 500;
    await raise();
    await h.database.db
      .updateTable('webhook_delivery')
      .set({ give_up_at: new Date(Date.now() + 10) })
      .execute();
    await until(async () => {
      await dispatcher.runOnce();
      return (await deliveries(endpoint.id)).body.data.records[0]!.status === 'failed';
    });
    const failed = (await deliveries(endpoint.id)).body.data.records[0]!;
    expect(failed).toMatchObject({ status: 'failed', lastStatus: 500, nextAttemptAt: null });
    expect(
      (await call<{ records: WebhookEndpoint[] }>(h.app, 'GET', BASE, { token: admin })).body.data.records[0]!.failed,
    ).toBe(1);
    receiver.answer = () => 200;
    const again = await call<WebhookDelivery>(h.app, 'POST', `${BASE}/delivery/${failed.id}/resend`, { token: admin });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'pending', attempts: 0 });
    await until(async () => {
      await dispatcher.runOnce();
      return (await deliveries(endpoint.id)).body.data.records[0]!.status === 'delivered';
    });
    expect(JSON.parse(receiver.received.at(-1)!.body).id).toBe(failed.id);
  });

  it('refuses internal targets unless the operator allows them', async () => {
    expect(addressAllowed('8.8.8.8', [])).toBe(true);
    expect(addressAllowed('2001:4860:4860::8888', [])).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.9',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ]) {
      expect(addressAllowed(a, []), a).toBe(false);
    }
    expect(addressAllowed('127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(addressAllowed('10.0.0.1', ['127.0.0.0/8'])).toBe(false);
    expect(addressAllowed('10.0.0.1', true)).toBe(true);

    // A server without WEBHOOK_ALLOW_PRIVATE refuses a loopback target, by address or by name…
    const strict = await buildApi({ db: h.database.db, config: testConfig(), logger: false });
    await strict.ready();
    try {
      for (const url of [
        receiver.url,
        receiver.url.replace('127.0.0.1', 'localhost'),
        'http://[::1]:9/x',
        'http://169.254.169.254/latest',
      ]) {
        const r = await call(strict, 'POST', BASE, {
          token: admin,
          lang: 'en',
          body: { name: 'x', url, events: ['alarm.raised'] },
        });
        expect(r.status, url).toBe(400);
        expect((r.body.data as { errors: { field: string }[] }).errors[0]!.field).toBe('url');
      }
    } finally {
      await strict.close();
    }
    // …and its dispatcher sends nothing to one registered while it was allowed.
    const { endpoint } = await register(['alarm.raised']);
    await raise();
    const strictDispatcher = new WebhookDispatcher(h.database.db, { ...h.config.webhooks, allowPrivate: [] });
    expect(await strictDispatcher.runOnce()).toBeGreaterThanOrEqual(1);
    expect(receiver.received).toHaveLength(0);
    const row = (await deliveries(endpoint.id)).body.data.records[0]!;
    expect(row).toMatchObject({ status: 'pending', lastStatus: null });
    expect(row.lastError).toMatch(/internal/);
  });

  it('keeps endpoints and deliveries behind the tenant wall', async () => {
    const { endpoint } = await register(['alarm.raised']);
    await raise();
    const [delivery] = (await deliveries(endpoint.id)).body.data.records;
    expect((await call<{ records: unknown[] }>(h.app, 'GET', BASE, { token: otherAdmin })).body.data.records).toEqual(
      [],
    );
    expect((await deliveries(endpoint.id, otherAdmin)).status).toBe(404);
    expect(
      (
        await call(h.app, 'PUT', `${BASE}/${endpoint.id}`, {
          token: otherAdmin,
          body: { name: 'x', url: receiver.url, events: ['alarm.raised'], enabled: true },
        })
      ).status,
    ).toBe(404);
    expect((await call(h.app, 'POST', `${BASE}/${endpoint.id}/secret`, { token: otherAdmin })).status).toBe(404);
    expect((await call(h.app, 'POST', `${BASE}/delivery/${delivery!.id}/resend`, { token: otherAdmin })).status).toBe(
      404,
    );
    expect((await call(h.app, 'DELETE', BASE, { token: otherAdmin, body: { ids: [endpoint.id] } })).status).toBe(404);
    // The other tenant's alarms never reach this tenant's endpoint.
    const otherFactory = (
      await h.database.db
        .selectFrom('factory as f')
        .innerJoin('tenant as t', 't.id', 'f.tenant_id')
        .select('f.id')
        .where('t.code', '=', 'other')
        .executeTakeFirstOrThrow()
    ).id;
    await call(h.app, 'POST', '/api/platform-system/alarm/raise', {
      token: otherAdmin,
      headers: { 'x-factory-id': otherFactory },
      body: { number: 'O-1', type: 't', sourceSystem: 'S', description: 'd' },
    });
    expect((await deliveries(endpoint.id)).body.data.total).toBe(1);
    expect((await call(h.app, 'DELETE', BASE, { token: admin, body: { ids: [endpoint.id] } })).status).toBe(200);
    expect(await h.database.db.selectFrom('webhook_delivery').select('id').execute()).toEqual([]);
  });
});
