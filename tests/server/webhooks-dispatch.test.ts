/**
 * Webhook dispatch across servers (issue 26): two servers on one database send each delivery exactly
 * once (FOR UPDATE SKIP LOCKED and a lease), and a delivery queued by a server that then stops is sent
 * by the next one. On PostgreSQL each server has its own connection pool, so the race is real; PGlite
 * is one process, so there the two servers share its one connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApi } from '../../server/app';
import { createDatabase, type Database } from '../../server/db/index';
import { WebhookDispatcher } from '../../server/webhooks/dispatcher';
import { startReceiver, until, type Receiver } from '../support/webhook-receiver';
import { DIALECTS, call, loginToken, startHarness, testConfig, type Harness } from './harness';
import { factoryIdOf } from './seeded';

const ALLOW = { WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8', WEBHOOK_RETRY_BASE_MS: '30', WEBHOOK_RETRY_MAX_MS: '120' };

describe.each(DIALECTS)('webhook dispatch across servers [%s]', (kind) => {
  let h: Harness;
  let receiver: Receiver;
  let admin: string;
  let factoryId: string;
  const opened: Database[] = [];
  let seq = 0;

  /** Another server's database connection: its own pool on PostgreSQL, the same PGlite otherwise. */
  const connect = async (): Promise<Database['db']> => {
    if (kind === 'pglite') return h.database.db;
    const d = await createDatabase(testConfig({ DATABASE_URL: h.config.databaseUrl! }));
    opened.push(d);
    return d.db;
  };
  const server = async (db: Database['db'], env: Record<string, string>): Promise<FastifyInstance> => {
    const app = await buildApi({ db, config: testConfig({ ...ALLOW, ...env }), logger: false });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    h = await startHarness(kind, ALLOW);
    const db = h.database.db;
    const tenantId = (await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    factoryId = await factoryIdOf(db, tenantId, 'F001');
    admin = await loginToken(h.app, 'demo', 'admin');
    receiver = await startReceiver();
    const r = await call(h.app, 'POST', '/api/platform-system/webhook', {
      token: admin,
      body: { name: 'MES bus', url: receiver.url, events: ['alarm.raised'] },
    });
    expect(r.status).toBe(200);
  });
  afterAll(async () => {
    await receiver?.close();
    for (const d of opened) await d.close();
    await h?.close();
  });

  const raise = (app: FastifyInstance) =>
    call(app, 'POST', '/api/platform-system/alarm/raise', {
      token: admin,
      headers: { 'x-factory-id': factoryId },
      body: { number: `D-${++seq}`, type: 'andon', sourceSystem: 'ANDON', description: 'Line stopped' },
    });
  const pending = async () =>
    (await h.database.db.selectFrom('webhook_delivery').select('id').where('status', '=', 'pending').execute()).length;
  const sentIds = () => receiver.received.map((r) => String(r.headers['x-mes-delivery']));

  it('sends each delivery exactly once while dispatchers of two servers race for them', async () => {
    receiver.received.length = 0;
    for (let i = 0; i < 30; i++) expect((await raise(h.app)).status).toBe(200);
    const [dbA, dbB] = [h.database.db, await connect()];
    const small = { ...h.config.webhooks, batch: 4 };
    const a = new WebhookDispatcher(dbA, small);
    const b = new WebhookDispatcher(dbB, small);
    // Eight looks at once, half from each server, then the servers' own loops take the rest.
    await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).runOnce()));
    const servers = [
      await server(dbA, { WEBHOOK_INTERVAL_MS: '10', WEBHOOK_BATCH: '3' }),
      await server(dbB, { WEBHOOK_INTERVAL_MS: '10', WEBHOOK_BATCH: '3' }),
    ];
    try {
      await until(async () => (await pending()) === 0);
    } finally {
      for (const s of servers) await s.close();
    }
    const ids = sentIds();
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    const attempts = await h.database.db.selectFrom('webhook_delivery').select(['status', 'attempts']).execute();
    expect(attempts.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
  });

  it('sends after a restart what a stopped server queued', async () => {
    receiver.received.length = 0;
    // The first server's dispatcher would look only in an hour: it stops with nothing sent.
    const first = await server(await connect(), { WEBHOOK_INTERVAL_MS: '3600000' });
    expect((await raise(first)).status).toBe(200);
    await first.close();
    expect(await pending()).toBe(1);
    expect(receiver.received).toHaveLength(0);
    const next = await server(await connect(), { WEBHOOK_INTERVAL_MS: '10' });
    try {
      await until(async () => (await pending()) === 0);
    } finally {
      await next.close();
    }
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      event: 'alarm.raised',
      data: { alarm: { number: `D-${seq}` } },
    });
  });
});
