/**
 * Test harness: a fresh database per file (in-memory PGlite, or a new PostgreSQL database), seeded.
 * The first harness of a run migrates and seeds; later ones copy that database (a PGlite archive, a
 * PostgreSQL template), which is what a file would get from migrating and seeding its own, without
 * the 2–7 seconds it takes.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
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

/**
 * Files a test stores (documents) go to the run's folder, never the project's ./data; shared by the
 * run's processes, as the seeded databases they copy name the seed's files there.
 */
const RUN_DIR = inject('runDir');
const TEST_FILES_DIR = join(RUN_DIR, 'files');
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
  const seedKey = createHash('sha256')
    .update(JSON.stringify(Object.entries(overrides).sort()))
    .digest('hex')
    .slice(0, 12);
  let template: string | null = null;
  if (kind === 'postgres') {
    adminUrl = inject('pgUrl');
    if (!adminUrl) throw new Error('PostgreSQL is not available');
    dbName = `portal_test_${randomBytes(6).toString('hex')}`;
    template = await seededTemplate(adminUrl, seedKey, testConfig(overrides));
    await adminQuery(adminUrl, `CREATE DATABASE ${dbName} TEMPLATE ${template}`);
    env.DATABASE_URL = databaseUrl(adminUrl, dbName);
  }
  const config = testConfig(env);
  const database = template ? await createDatabase(config) : await seededPglite(config, seedKey);
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
      if (dbName && adminUrl) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

async function adminQuery(adminUrl: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** An in-memory PGlite, from the run's seeded archive for these settings, or seeded here and archived. */
async function seededPglite(config: Config, key: string): Promise<Database> {
  const archive = join(RUN_DIR, `pglite-${key}.tar`);
  if (fs.existsSync(archive))
    return createDatabase(config, { memory: true, from: new Blob([fs.readFileSync(archive)]) });
  const database = await createDatabase(config, { memory: true });
  await seed(database.db, config);
  const partial = `${archive}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await (await database.dump!()).arrayBuffer()));
  fs.renameSync(partial, archive); // whole or not at all for the next file
  return database;
}

/** The run's seeded PostgreSQL database for these settings, made on first use; new ones copy it. */
async function seededTemplate(adminUrl: string, key: string, config: Config): Promise<string> {
  const name = `portal_seeded_${key}`;
  const known = await adminQuery(adminUrl, 'SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (known.rowCount) return name;
  // Built under a name of its own and renamed when complete, so a copy never starts from half a seed.
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${building}`);
  const database = await createDatabase({ ...config, databaseUrl: databaseUrl(adminUrl, building) });
  try {
    await seed(database.db, config);
  } finally {
    await database.close();
  }
  await adminQuery(adminUrl, `ALTER DATABASE ${building} RENAME TO ${name}`);
  return name;
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
