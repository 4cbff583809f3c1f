/**
 * SECURITY-TESTS T1.2: the tenant setting never leaks between pooled connections, through Debian's
 * PgBouncer in transaction mode (2 server connections shared by every client transaction).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../../server/db/index';
import { seed } from '../../server/db/seed';
import { createTenant } from '../../server/services/users';
import { APP_ROLE, withTenant } from '../../server/db/tenant-scope';
import { PASSWORD, testConfig } from './helpers';

const PGBOUNCER = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((p) => fs.existsSync(p)) ?? null;
const pgUrl = inject('pgUrl');
const ready = Boolean(pgUrl && PGBOUNCER);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.end(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('pgbouncer did not listen');
}

// Skipped only where the machine lacks PostgreSQL or PgBouncer (CI installs both).
describe.skipIf(!ready)('tenant setting through PgBouncer in transaction mode (T1.2)', () => {
  let dir: string;
  let bouncer: ChildProcess;
  let dbName: string;
  let viaBouncer: Database;
  let tenants: string[];

  beforeAll(async () => {
    const admin = new URL(pgUrl!);
    dbName = `portal_pgb_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: pgUrl! });
    await client.connect();
    await client.query(`CREATE DATABASE ${dbName}`);
    await client.end();
    const direct = new URL(pgUrl!);
    direct.pathname = `/${dbName}`;
    const setup = await createDatabase(testConfig({ DATABASE_URL: direct.toString() }));
    await seed(setup.db, testConfig({ DATABASE_URL: direct.toString() }));
    const demo = (await setup.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()).id;
    const other = await createTenant(setup.db, { code: 'other', name: 'Other', adminPassword: PASSWORD });
    const third = await createTenant(setup.db, { code: 'third', name: 'Third', adminPassword: PASSWORD });
    tenants = [demo, other.tenantId, third.tenantId];
    for (const t of tenants) {
      await setup.db.insertInto('dict').values({ tenant_id: t, name: `own ${t}`, type: `own_${t.slice(0, 8)}`, remark: '' }).execute();
    }
    await setup.close();

    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pgb-'));
    const port = await freePort();
    fs.writeFileSync(path.join(dir, 'users.txt'), '"postgres" ""\n');
    fs.writeFileSync(path.join(dir, 'pgbouncer.ini'), [
      '[databases]',
      `* = host=${admin.hostname} port=${admin.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 2',
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${path.join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'));
    const asRoot = process.getuid?.() === 0;
    if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
    const args = [PGBOUNCER!, path.join(dir, 'pgbouncer.ini')];
    // PgBouncer refuses to run as root.
    bouncer = asRoot ? spawn('runuser', ['-u', 'postgres', '--', ...args], { stdio: 'ignore' }) : spawn(args[0]!, args.slice(1), { stdio: 'ignore' });
    await waitForPort(port, bouncer);
    viaBouncer = await createDatabase(testConfig({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/${dbName}` }), { migrate: false });
  }, 180_000);

  afterAll(async () => {
    await viaBouncer?.close();
    bouncer?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: pgUrl! });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await client.end();
  });

  it('500 interleaved requests of random tenants each see only their tenant; unscoped work sees no setting', async () => {
    const db = viaBouncer.db;
    let seed32 = 0x2f6b1d3;
    const random = () => { seed32 = (seed32 * 1103515245 + 12345) & 0x7fffffff; return seed32 / 0x7fffffff; };
    const jobs = Array.from({ length: 500 }, (_, i) => {
      if (i % 5 === 0) {
        return sql<{ setting: string | null; who: string }>`select current_setting('app.tenant_id', true) as setting, current_user as who`
          .execute(db).then((r) => ({ kind: 'system' as const, tenant: null, row: r.rows[0]!, rows: [] as { tenant_id: string }[] }));
      }
      const tenant = tenants[Math.floor(random() * tenants.length)]!;
      return withTenant(tenant, () => db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('dict').select('tenant_id').execute();
        const who = await sql<{ setting: string | null; who: string }>`select current_setting('app.tenant_id', true) as setting, current_user as who`.execute(trx);
        return { kind: 'tenant' as const, tenant, row: who.rows[0]!, rows };
      }));
    });
    const results = await Promise.all(jobs);
    let scopedRows = 0;
    for (const r of results) {
      if (r.kind === 'system') {
        expect(r.row.setting ?? '').toBe('');
        expect(r.row.who).not.toBe(APP_ROLE);
        continue;
      }
      expect(r.row).toEqual({ setting: r.tenant, who: APP_ROLE });
      expect(r.rows.length).toBeGreaterThan(0);
      for (const row of r.rows) expect(row.tenant_id).toBe(r.tenant);
      scopedRows += r.rows.length;
    }
    expect(scopedRows).toBeGreaterThan(400);
  }, 120_000);
});
