/**
 * SECURITY-TESTS T1.2: the tenant setting never leaks between pooled connections, through Debian's
 * PgBouncer in transaction mode (2 server connections shared by every client transaction).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../../server/db/index';
import { seed } from '../../server/seed';
import { createTenant } from '../../server/tenants/provision';
import { APP_ROLE, withTenant } from '../../server/db/tenant-scope';
import { PASSWORD, testConfig } from './harness';
import { PGBOUNCER, startPgBouncer, type Bouncer } from '../support/pgbouncer';

const pgUrl = inject('pgUrl');
const ready = Boolean(pgUrl && PGBOUNCER);

// Skipped only where the machine lacks PostgreSQL or PgBouncer (CI installs both).
describe.skipIf(!ready)('tenant setting through PgBouncer in transaction mode (T1.2)', () => {
  let bouncer: Bouncer;
  let dbName: string;
  let viaBouncer: Database;
  let tenants: string[];

  beforeAll(async () => {
    dbName = `portal_pgb_${randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: pgUrl! });
    await client.connect();
    await client.query(`CREATE DATABASE ${dbName}`);
    await client.end();
    const direct = new URL(pgUrl!);
    direct.pathname = `/${dbName}`;
    const setup = await createDatabase(testConfig({ DATABASE_URL: direct.toString() }));
    await seed(setup.db, testConfig({ DATABASE_URL: direct.toString() }));
    const demo = (await setup.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    const other = await createTenant(setup.db, { code: 'other', name: 'Other', adminPassword: PASSWORD });
    const third = await createTenant(setup.db, { code: 'third', name: 'Third', adminPassword: PASSWORD });
    tenants = [demo, other.tenantId, third.tenantId];
    for (const t of tenants) {
      await setup.db
        .insertInto('dict')
        .values({ tenant_id: t, name: `own ${t}`, type: `own_${t.slice(0, 8)}`, remark: '' })
        .execute();
    }
    await setup.close();

    bouncer = await startPgBouncer(pgUrl!, 2);
    viaBouncer = await createDatabase(testConfig({ DATABASE_URL: bouncer.url(dbName) }), { migrate: false });
  }, 180_000);

  afterAll(async () => {
    await viaBouncer?.close();
    await bouncer?.stop();
    const client = new pg.Client({ connectionString: pgUrl! });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await client.end();
  });

  type Probe = { setting: string | null; who: string };
  const probe = (db: Database['db']) =>
    sql<Probe>`select current_setting('app.tenant_id', true) as setting, current_user as who`
      .execute(db)
      .then((r) => r.rows[0]!);

  /**
   * 500 interleaved jobs: every fifth an unscoped probe of what a connection carries, the others a
   * tenant's read (one in ten rolled back on purpose). Answers the violations it saw.
   */
  async function interleave(
    tenantJob: (tenant: string, rollback: boolean) => Promise<{ rows: { tenant_id: string }[]; seen: Probe | null }>,
  ): Promise<string[]> {
    let seed32 = 0x2f6b1d3;
    const random = () => {
      seed32 = (seed32 * 1103515245 + 12345) & 0x7fffffff;
      return seed32 / 0x7fffffff;
    };
    const violations: string[] = [];
    let scopedRows = 0;
    await Promise.all(
      Array.from({ length: 500 }, async (_, i) => {
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
          if (seen && (seen.setting !== tenant || seen.who !== APP_ROLE))
            violations.push(`wrong scope ${seen.setting}/${seen.who}`);
        } catch (err) {
          if (!(rollback && err instanceof Error && err.message === 'forced rollback')) throw err;
        }
      }),
    );
    if (scopedRows < 300) violations.push(`only ${scopedRows} rows read`);
    return violations;
  }

  it('500 interleaved requests of random tenants, 10 % rolled back, each see only their tenant and leave nothing behind', async () => {
    const violations = await interleave((tenant, rollback) =>
      withTenant(tenant, () =>
        viaBouncer.db.transaction().execute(async (trx) => {
          const rows = await trx.selectFrom('dict').select('tenant_id').execute();
          const seen = await probe(trx as unknown as Database['db']);
          if (rollback) throw new Error('forced rollback');
          return { rows, seen };
        }),
      ),
    );
    expect(violations).toEqual([]);
  }, 120_000);

  it('catches the broken variant: a session-level SET leaks into other requests', async () => {
    // What a careless implementation does: set_config(..., false) on whatever connection it gets.
    const violations = await interleave((tenant) =>
      viaBouncer.db.connection().execute(async (conn) => {
        await sql`select set_config('app.tenant_id', ${tenant}, false)`.execute(conn);
        const rows = await conn.selectFrom('dict').select('tenant_id').where('tenant_id', '=', tenant).execute();
        return { rows, seen: null };
      }),
    );
    expect(violations.some((v) => v.startsWith('leftover'))).toBe(true);
  }, 120_000);
});
