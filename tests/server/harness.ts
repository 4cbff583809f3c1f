/** Test harness: a fresh database per file (in-memory PGlite, or a new PostgreSQL database), seeded. */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../server/config';
import { createDatabase, type Database } from '../../server/db/index';
import { seed } from '../../server/seed';
import { buildApi } from '../../server/app';
import type { Factory } from '../../model';
import { hashPassword } from '../../server/auth/password';

export type Dialect = 'pglite' | 'postgres';

/** The dialects to run: PGlite always; PostgreSQL when the global setup could start it. */
export const DIALECTS: Dialect[] = inject('pgUrl') ? ['pglite', 'postgres'] : ['pglite'];

export const PASSWORD = 'Admin@2026';
export const BASIC = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;

export interface Harness {
  kind: Dialect;
  database: Database;
  config: Config;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Files a test stores (documents) go to a folder of this test process, never the project's ./data. */
const TEST_FILES_DIR = join(tmpdir(), `portal-test-files-${process.pid}`);
const TEST_FILE_KEY = randomBytes(32).toString('base64');

/** Webhook dispatchers and the audit trail's scheduled maintenance stay off (interval 0) unless a test turns them on. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    LOGIN_CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: PASSWORD,
    FILES_DIR: TEST_FILES_DIR,
    FILE_ENCRYPTION_KEY: TEST_FILE_KEY,
    WEBHOOK_INTERVAL_MS: '0',
    AUDIT_MAINTENANCE_INTERVAL_MS: '0',
    ...overrides,
  });
}

/** Creates a fresh, migrated and seeded database and an API on it. */
export async function startHarness(kind: Dialect, overrides: Record<string, string> = {}): Promise<Harness> {
  let dbName: string | null = null;
  let adminUrl: string | null = null;
  const env: Record<string, string> = { ...overrides };
  if (kind === 'postgres') {
    adminUrl = inject('pgUrl');
    if (!adminUrl) throw new Error('PostgreSQL is not available');
    dbName = `portal_test_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`CREATE DATABASE ${dbName}`);
    await client.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  }
  const config = testConfig(env);
  const database = await createDatabase(config, { memory: true });
  await seed(database.db, config);
  // Errors only, to the test's own output: an unexpected 500 names its cause beside the failure.
  const app = await buildApi({
    db: database.db,
    config,
    logger: { level: 'error', stream: { write: (line: string) => console.error(line.trimEnd()) } },
  });
  await app.ready();
  return {
    kind,
    database,
    config,
    app,
    async close() {
      await app.close();
      await database.close();
      if (dbName && adminUrl) {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await client.end();
      }
    },
  };
}

/**
 * A second API over the harness's database, as a second server process has: on PostgreSQL with its
 * own pool; PGlite holds its data in one process, so there it shares the one connection.
 */
export async function secondServer(h: Harness): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = h.kind === 'postgres' ? await createDatabase(h.config, { migrate: false }) : null;
  const app = await buildApi({ db: (database ?? h.database).db, config: h.config, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database?.close();
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T };
  res: LightMyRequestResponse;
}

export async function call<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; lang?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers['accept-language'] = opts.lang;
  const res = await app.inject({
    method,
    url,
    headers,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  let body: Answer<T>['body'];
  try {
    body = res.json();
  } catch {
    body = { code: -1, msg: res.body, data: null as T };
  }
  return { status: res.statusCode, body, res };
}

export async function login(
  app: FastifyInstance,
  tenantCode: string,
  account: string,
  password = PASSWORD,
  extra: Record<string, string> = {},
) {
  return call<{ token: string; expiresAt: string; user: any; factories: Factory[] }>(app, 'POST', '/api/auth/login', {
    headers: { authorization: BASIC },
    body: { tenantCode, account, password, ...extra },
  });
}

export async function loginToken(
  app: FastifyInstance,
  tenantCode: string,
  account: string,
  password = PASSWORD,
): Promise<string> {
  const r = await login(app, tenantCode, account, password);
  if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
  return r.body.data.token;
}

let hashCache: Promise<string> | null = null;
/** One hash of PASSWORD shared by the users tests create. */
export function passwordHash(): Promise<string> {
  hashCache ??= hashPassword(PASSWORD);
  return hashCache;
}

/** One part of a multipart body: a field, or a file when `filename` is given. */
export type FormPart =
  { name: string; value: string } | { name: string; filename: string; type?: string; bytes: Buffer };

/** A multipart/form-data body the way a browser sends it (names and file names written raw, as browsers do for UTF-8). */
export function multipartBody(parts: readonly FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----portal${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.bytes, Buffer.from('\r\n'));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
