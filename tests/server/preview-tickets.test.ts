/**
 * SECURITY-TESTS T2.11 (preview tickets): a ticket is a bearer secret in a URL, valid without a
 * token. No ticket appears in any log line; a ticket stops working when the session it was issued
 * to ends (logout, revocation, a disabled user); its address is built from the configured public
 * origin (or what a trusted proxy forwarded), whatever the Host header says.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApi, loggerOptions } from '../../server/app';
import { createUser } from '../../server/tenants/provision';
import { PASSWORD, call, loginToken, startHarness, testConfig, type Harness } from './harness';
import { tenantIdOf } from './seeded';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('preview tickets (T2.11)', () => {
  let h: Harness;
  let app: FastifyInstance;
  const lines: string[] = [];
  let documentId: string;
  let tenantId: string;

  beforeAll(async () => {
    h = await startHarness('pglite');
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    // The production logger (every request logged with its URL), writing to a sink the test reads.
    app = await buildApi({
      db: h.database.db,
      config: h.config,
      logger: { ...(loggerOptions('info') as object), stream: sink } as never,
    });
    await app.ready();
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    const type = await db
      .insertInto('document_type')
      .values({ tenant_id: tenantId, name: 'Tickets', suffixes: 'pdf' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createUser(db, { tenantId, account: 'ticket.holder', password: PASSWORD, type: 'admin' });
    const admin = await loginToken(app, 'demo', 'admin');
    const form = new FormData();
    for (const [k, v] of Object.entries({ typeId: type.id, name: 'Ticketed', number: 'TK-1', version: '1' }))
      form.append(k, v);
    form.append('file', new Blob([new Uint8Array(PDF)]), 'ticketed.pdf');
    const up = await app.inject({
      method: 'POST',
      url: '/api/basic-system/document',
      headers: { authorization: `Bearer ${admin}` },
      payload: form as never,
    });
    expect(up.statusCode, up.body).toBe(200);
    documentId = (up.json() as { data: { id: string } }).data.id;
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  const ticket = async (a: FastifyInstance, token: string, headers: Record<string, string> = {}) => {
    const r = await call<{ url: string }>(a, 'POST', `/api/basic-system/document/${documentId}/ticket`, {
      token,
      body: {},
      headers,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.url;
  };
  const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  const secretOf = (url: string) => decodeURIComponent(url.split('ticket=')[1]!);
  const fetchFile = (a: FastifyInstance, url: string) => a.inject({ method: 'GET', url: pathOf(url) });

  it('never writes a ticket to the log, in the URL of its request or anywhere else', async () => {
    lines.length = 0;
    const token = await loginToken(app, 'demo', 'admin');
    const url = await ticket(app, token);
    const ok = await fetchFile(app, url);
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.equals(PDF)).toBe(true);
    // A range request and a refused (tampered) one are logged too.
    expect((await app.inject({ method: 'GET', url: pathOf(url), headers: { range: 'bytes=0-3' } })).statusCode).toBe(
      206,
    );
    expect((await app.inject({ method: 'GET', url: `${pathOf(url)}x` })).statusCode).toBe(404);
    const logged = lines.join('\n');
    expect(
      lines.some((l) => l.includes('/document/file?ticket=[redacted]')),
      'the requests are logged, without their ticket',
    ).toBe(true);
    const secret = secretOf(url);
    for (const part of [secret, secret.split('.')[0]!, secret.split('.')[1]!])
      expect(logged.includes(part), `a ticket reached the log: ${part.slice(0, 8)}…`).toBe(false);
  });

  it('stops a ticket when its session ends: logout, revocation, a disabled user', async () => {
    const first = await loginToken(app, 'demo', 'ticket.holder');
    const kept = await loginToken(app, 'demo', 'ticket.holder');
    const url = await ticket(app, first);
    const keptUrl = await ticket(app, kept);
    expect((await fetchFile(app, url)).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/auth/logout', { token: first })).status).toBe(200);
    expect((await fetchFile(app, url)).statusCode).toBe(404);
    // The user's other session, and its ticket, go on.
    expect((await fetchFile(app, keptUrl)).statusCode).toBe(200);
    // An expired session ends its tickets too.
    await h.database.db
      .updateTable('session_token')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('tenant_id', '=', tenantId)
      .where('revoked_at', 'is', null)
      .where(
        'user_id',
        '=',
        (
          await h.database.db
            .selectFrom('app_user')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('account', '=', 'ticket.holder')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    expect((await fetchFile(app, keptUrl)).statusCode).toBe(404);
    // A disabled user's tickets end with the user.
    const third = await loginToken(app, 'demo', 'ticket.holder');
    const thirdUrl = await ticket(app, third);
    expect((await fetchFile(app, thirdUrl)).statusCode).toBe(200);
    await h.database.db
      .updateTable('app_user')
      .set({ status: 'disabled' })
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'ticket.holder')
      .execute();
    expect((await fetchFile(app, thirdUrl)).statusCode).toBe(404);
  });

  it('builds the address from the configured public origin, whatever the Host header says', async () => {
    const token = await loginToken(app, 'demo', 'admin');
    // No public origin configured and no trusted proxy: a path, never the client's Host.
    const bare = await ticket(app, token, { host: 'evil.example' });
    expect(bare).toMatch(/^\/api\/basic-system\/document\/file\?ticket=/);
    // SHELL_ORIGIN configured: on it, whatever Host or X-Forwarded-Host say.
    const configured = await buildApi({
      db: h.database.db,
      config: testConfig({
        SHELL_ORIGIN: 'https://portal.example.com,https://mes.example.com',
        FILES_DIR: h.config.filesDir,
        FILE_ENCRYPTION_KEY: h.config.fileEncryptionKey!,
      }),
      logger: false,
    });
    try {
      for (const headers of [
        { host: 'evil.example' },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
        {},
      ] as Record<string, string>[]) {
        const url = await ticket(configured, token, headers);
        expect(url, JSON.stringify(headers)).toMatch(
          /^https:\/\/portal\.example\.com\/api\/basic-system\/document\/file\?ticket=/,
        );
        expect((await fetchFile(configured, url)).statusCode).toBe(200);
      }
    } finally {
      await configured.close();
    }
    // Behind a trusted proxy: the host it forwarded (a garbage one gives a path).
    const proxied = await buildApi({
      db: h.database.db,
      config: testConfig({
        TRUST_PROXY: 'on',
        FILES_DIR: h.config.filesDir,
        FILE_ENCRYPTION_KEY: h.config.fileEncryptionKey!,
      }),
      logger: false,
    });
    try {
      expect(
        await ticket(proxied, token, {
          host: 'internal:8080',
          'x-forwarded-host': 'mes.example.com',
          'x-forwarded-proto': 'https',
        }),
      ).toMatch(/^https:\/\/mes\.example\.com\/api\/basic-system\/document\/file\?ticket=/);
      expect(
        await ticket(proxied, token, {
          host: 'internal:8080',
          'x-forwarded-host': 'evil.example/x?',
          'x-forwarded-proto': 'https',
        }),
      ).toMatch(/^\/api\/basic-system\/document\/file\?ticket=/);
    } finally {
      await proxied.close();
    }
  });
});
