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

  type Probe = { setting: string | null; who: string };
  const probe = (db: Database['db']) =>
    sql<Probe>`select current_setting('app.tenant_id', true) as setting, current_user as who`.execute(db).then((r) => r.rows[0]!);

  /**
   * 500 interleaved jobs: every fifth an unscoped probe of what a connection carries, the others a
   * tenant's read (one in ten rolled back on purpose). Answers the violations it saw.
   */
  async function interleave(tenantJob: (tenant: string, rollback: boolean) => Promise<{ rows: { tenant_id: string }[]; seen: Probe | null }>): Promise<string[]> {
    let seed32 = 0x2f6b1d3;
    const random = () => { seed32 = (seed32 * 1103515245 + 12345) & 0x7fffffff; return seed32 / 0x7fffffff; };
    const violations: string[] = [];
    let scopedRows = 0;
    await Promise.all(Array.from({ length: 500 }, async (_, i) => {
      if (i % 5 === 0) {
        const p = await probe(viaBouncer.db);
        if ((p.setting ?? '') !== '' || p.who === APP_ROLE) violations.push(`leftover ${p.setting}/${p.who}`);
        return;
      }
      const tenant = tenants[Math.floor(random() * tenants.length)]!;
      const rollback = random() < 0.1;
      try {
        const { rows, seen } = await tenantJob(tenant, rollback);
        scopedRows += rows.length;
        for (const row of rows) if (row.tenant_id !== tenant) violations.push(`foreign row for ${tenant}`);
        if (seen && (seen.setting !== tenant || seen.who !== APP_ROLE)) violations.push(`wrong scope ${seen.setting}/${seen.who}`);
      } catch (err) {
        if (!(rollback && err instanceof Error && err.message === 'forced rollback')) throw err;
      }
    }));
    if (scopedRows < 300) violations.push(`only ${scopedRows} rows read`);
    return violations;
  }

  it('500 interleaved requests of random tenants, 10 % rolled back, each see only their tenant and leave nothing behind', async () => {
    const violations = await interleave((tenant, rollback) => withTenant(tenant, () => viaBouncer.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('dict').select('tenant_id').execute();
      const seen = await probe(trx as unknown as Database['db']);
      if (rollback) throw new Error('forced rollback');
      return { rows, seen };
    })));
    expect(violations).toEqual([]);
  }, 120_000);

  it('catches the broken variant: a session-level SET leaks into other requests', async () => {
    // What a careless implementation does: set_config(..., false) on whatever connection it gets.
    const violations = await interleave((tenant) => viaBouncer.db.connection().execute(async (conn) => {
      await sql`select set_config('app.tenant_id', ${tenant}, false)`.execute(conn);
      const rows = await conn.selectFrom('dict').select('tenant_id').where('tenant_id', '=', tenant).execute();
      return { rows, seen: null };
    }));
    expect(violations.some((v) => v.startsWith('leftover'))).toBe(true);
  }, 120_000);
});
