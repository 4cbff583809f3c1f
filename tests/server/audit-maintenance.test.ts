/**
 * The audit trail's maintenance while the server runs (issue 25): the server's timer makes the
 * monthly partitions that are missing (here: dropped) and removes entries past a tenant's retention;
 * a partition it makes is as closed to the serving role as the ones made at start.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAuditMaintenance } from '../../server/audit/schedule';
import { setRetention } from '../../server/audit/maintain';
import { systemActor, writeHistory } from '../../server/audit/write';
import { buildApi } from '../../server/app';
import { withTenant } from '../../server/db/tenant-scope';
import { createTenant } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, startHarness, testConfig, type Harness } from './harness';

/** `audit_entry_YYYY_MM` of the UTC month `i` months from now. */
const month = (i: number) => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
  return `audit_entry_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

describe.each(DIALECTS)('audit maintenance on a timer (%s)', (kind) => {
  let h: Harness;
  let tenantId: string;

  const partitions = async () =>
    (
      await sql<{
        name: string;
      }>`select inhrelid::regclass::text as name from pg_inherits where inhparent = 'audit_entry'::regclass`.execute(
        h.database.db,
      )
    ).rows.map((r) => r.name);
  const drop = async (...names: string[]) => {
    for (const n of names) await sql`drop table ${sql.table(n)}`.execute(h.database.db);
  };

  beforeAll(async () => {
    h = await startHarness(kind);
    tenantId = (
      await h.database.db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
    ).id;
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it("makes the months missing ahead, each closed to the serving role like the start's", async () => {
    await drop(month(1), month(3));
    expect(await partitions()).not.toContain(month(1));
    const done = await runAuditMaintenance(h.database.db);
    expect(done).toMatchObject({ ran: true, partitionsMade: 2 });
    expect(await partitions()).toEqual(expect.arrayContaining([month(0), month(1), month(2), month(3)]));
    // A second run finds nothing to make.
    expect((await runAuditMaintenance(h.database.db)).partitionsMade).toBe(0);

    const made = month(3);
    const flags = await sql<{
      rls: boolean;
      forced: boolean;
    }>`select relrowsecurity as rls, relforcerowsecurity as forced from pg_class where oid = ${made}::regclass`.execute(
      h.database.db,
    );
    expect(flags.rows[0]).toEqual({ rls: true, forced: true });
    const policies = (
      await sql<{
        name: string;
      }>`select policyname as name from pg_policies where tablename = ${made} order by 1`.execute(h.database.db)
    ).rows.map((r) => r.name);
    expect(policies).toEqual(['system_access', 'tenant_isolation']);
    // The serving role reads it (its own tenant's rows only) and writes nothing into it directly.
    await expect(
      withTenant(tenantId, () => sql`select count(*) from ${sql.table(made)}`.execute(h.database.db)),
    ).resolves.toBeTruthy();
    await expect(
      withTenant(tenantId, () => sql`delete from ${sql.table(made)}`.execute(h.database.db)),
    ).rejects.toThrow(/permission denied/);
    await expect(
      withTenant(tenantId, () =>
        sql`insert into ${sql.table(made)} (tenant_id, seq, id, at, action, entity, record_id, changes, prev_hash, hash)
      values (${tenantId}, 999999, gen_random_uuid(), now() + interval '3 months', 'update', 'unit', 'forged', '[]', 'x', 'y')`.execute(
          h.database.db,
        ),
      ),
    ).rejects.toThrow(/permission denied/);
    // History written through the parent in that month lands in it.
    await writeHistory(h.database.db, systemActor(tenantId), [
      { action: 'update', entity: 'unit', recordId: 'ahead', changes: [] },
    ]);
    await sql`update audit_entry set at = date_trunc('month', now()) + interval '3 months' + interval '1 day' where tenant_id = ${tenantId} and record_id = 'ahead'`.execute(
      h.database.db,
    );
    const where = await sql<{
      part: string;
    }>`select tableoid::regclass::text as part from audit_entry where record_id = 'ahead'`.execute(h.database.db);
    expect(where.rows[0]!.part).toBe(made);
  });

  it('removes entries past a retention on the same run', async () => {
    const db = h.database.db;
    const keep = (await createTenant(db, { code: 'timed', name: 'Timed', adminPassword: PASSWORD })).tenantId;
    for (let i = 0; i < 3; i++)
      await writeHistory(db, systemActor(keep), [
        { action: 'update', entity: 'unit', recordId: `timed-${i}`, changes: [] },
      ]);
    await sql`update audit_entry set at = at - interval '8 months' where tenant_id = ${keep} and record_id in ('timed-0', 'timed-1')`.execute(
      db,
    );
    await setRetention(db, keep, 6, 6);
    const done = await runAuditMaintenance(db);
    expect(done).toMatchObject({ ran: true, removed: 2 });
    const left = (
      await db.selectFrom('audit_entry').select('record_id').where('tenant_id', '=', keep).orderBy('seq').execute()
    ).map((r) => r.record_id);
    expect(left).toEqual(['timed-2', keep]);
  });

  it('runs from the server by itself once its interval is set', async () => {
    await drop(month(2));
    const app = await buildApi({
      db: h.database.db,
      config: testConfig({
        AUDIT_MAINTENANCE_INTERVAL_MS: '200',
        ...(h.config.databaseUrl ? { DATABASE_URL: h.config.databaseUrl } : {}),
      }),
      logger: false,
    });
    await app.ready();
    try {
      await expect.poll(partitions, { timeout: 10_000, interval: 100 }).toContain(month(2));
    } finally {
      await app.close();
    }
    // Closed, it makes nothing more.
    await drop(month(2));
    await new Promise((r) => setTimeout(r, 600));
    expect(await partitions()).not.toContain(month(2));
  });
});
