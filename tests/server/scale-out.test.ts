/**
 * Scale-out (issue 11, SECURITY-TESTS T4.6's second half): four server processes behind one
 * PostgreSQL through PgBouncer in transaction mode serve the same users consistently — a login on
 * one is valid on the others, a logout on one is honoured by all at once, and a permission change
 * applies everywhere on the next call; a session ended from the online-session list is refused by all. The servers hold sessions and permissions in memory only under the generation every call reads first (issue 22).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../server/db/index';
import { seed } from '../../server/seed';
import { createUser } from '../../server/tenants/provision';
import { PGBOUNCER, freePort, startPgBouncer, type Bouncer } from '../support/pgbouncer';
import { BASIC, PASSWORD, passwordHash, testConfig } from './harness';
import { factoryIdOf, tenantIdOf } from './seeded';

const root = path.resolve(import.meta.dirname, '../..');
const SERVERS = 4;
const pgUrl = inject('pgUrl');

interface Server {
  base: string;
  child: ChildProcess;
}

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DIST_DIR: path.join(root, '.tmp', 'no-dist'),
      LOGIN_CAPTCHA: 'off',
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server ended: ${stderr.slice(-2000)}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      /* starting */
    }
    if (i > 480) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

const api = async (s: Server, method: string, url: string, token?: string, body?: unknown) => {
  const res = await fetch(`${s.base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: token.startsWith('Basic') ? token : `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
};

// Needs PostgreSQL and PgBouncer, which CI installs; without them there is nothing to scale out to.
describe.skipIf(!pgUrl || !PGBOUNCER)(`${SERVERS} server processes behind PgBouncer`, () => {
  let dbName: string;
  let bouncer: Bouncer;
  const servers: Server[] = [];
  let roleId: string;
  let tenantId: string;
  let unitMenu: string;
  const direct = () => {
    const u = new URL(pgUrl!);
    u.pathname = `/${dbName}`;
    return u.toString();
  };

  beforeAll(async () => {
    dbName = `portal_scale_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: pgUrl! });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    const setup = await createDatabase(testConfig({ DATABASE_URL: direct() }));
    await seed(setup.db, testConfig({ DATABASE_URL: direct() }));
    const db = setup.db;
    tenantId = await tenantIdOf(db);
    const factory = await factoryIdOf(db, tenantId, 'F001');
    roleId = (
      await db
        .insertInto('role')
        .values({ tenant_id: tenantId, code: 'scale-viewer', name: 'Viewer' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    unitMenu = (
      await db.selectFrom('menu').select('id').where('perms', '=', 'basic:unit:view').executeTakeFirstOrThrow()
    ).id;
    await createUser(db, {
      tenantId,
      account: 'scale.viewer',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['scale-viewer'],
      factoryIds: [factory],
    });
    await setup.close();
    bouncer = await startPgBouncer(pgUrl!, 4);
    // One after another: each start-up checks the migrations and the row-level policies.
    for (let i = 0; i < SERVERS; i++) servers.push(await startServer(bouncer.url(dbName)));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (s) =>
          new Promise<void>((done) => {
            if (s.child.exitCode !== null) return done();
            s.child.once('exit', () => done());
            s.child.kill('SIGTERM');
          }),
      ),
    );
    await bouncer?.stop();
    if (dbName) {
      const c = new pg.Client({ connectionString: pgUrl! });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    }
  });

  const loginOn = async (s: Server, account: string) => {
    const r = await api(s, 'POST', '/api/auth/login', BASIC, { tenantCode: 'demo', account, password: PASSWORD });
    expect(r.status).toBe(200);
    return r.body.data.token as string;
  };

  it('accepts a login made on one server on every other, and a logout on one ends it on all', async () => {
    const token = await loginOn(servers[0]!, 'admin');
    for (const s of servers) expect((await api(s, 'GET', '/api/platform-system/cope', token)).status, s.base).toBe(200);
    expect((await api(servers[2]!, 'POST', '/api/auth/logout', token)).status).toBe(200);
    for (const s of servers) expect((await api(s, 'GET', '/api/platform-system/cope', token)).status, s.base).toBe(401);
  });

  it('ends a session from the online-session list of one server, refused at the next call on every server', async () => {
    const admin = await loginOn(servers[0]!, 'admin');
    const victim = await loginOn(servers[3]!, 'scale.viewer');
    for (const s of servers)
      expect((await api(s, 'GET', '/api/platform-system/cope', victim)).status, s.base).toBe(200);
    const list = await api(servers[1]!, 'GET', '/api/platform-system/online-session?keyword=scale.viewer', admin);
    const rows = list.body.data.records as { id: string }[];
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows)
      expect((await api(servers[1]!, 'POST', `/api/platform-system/online-session/${row.id}/end`, admin)).status).toBe(
        200,
      );
    for (const s of servers)
      expect((await api(s, 'GET', '/api/platform-system/cope', victim)).status, s.base).toBe(401);
    for (const s of servers) expect((await api(s, 'GET', '/api/platform-system/cope', admin)).status, s.base).toBe(200);
  });

  it('applies a permission change on every server at the next call', async () => {
    const token = await loginOn(servers[1]!, 'scale.viewer');
    const units = '/api/basic-system/unit';
    for (const s of servers) expect((await api(s, 'GET', units, token)).status, s.base).toBe(403);
    // An administrator grants the screen (through any server: here straight in the shared database).
    const c = new pg.Client({ connectionString: direct() });
    await c.connect();
    await c.query('INSERT INTO role_menu (tenant_id, role_id, menu_id) VALUES ($1, $2, $3)', [
      tenantId,
      roleId,
      unitMenu,
    ]);
    for (const s of servers) expect((await api(s, 'GET', units, token)).status, s.base).toBe(200);
    await c.query('DELETE FROM role_menu WHERE role_id = $1', [roleId]);
    await c.end();
    for (const s of servers) expect((await api(s, 'GET', units, token)).status, s.base).toBe(403);
  });
});
