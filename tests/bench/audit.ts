/**
 * The audit trail (issue 25), on PostgreSQL:
 * - import of 100,000 rows (a CSV, as a job) with history on and off: the overhead of writing one
 *   entry per row in the import's transaction, chained a chunk at a time (budget ≤ 15 %);
 * - a record's history read through the API with 10,000,000 entries in the table (p95 ≤ 50 ms).
 * BENCH_ONLY=audit runs it alone (`npx tsx tests/bench/run.ts`); AUDIT_BENCH_ENTRIES sets the fill.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { apiPath } from '../../model/engine';
import { unit } from '../../model/resources';
import { buildApi } from '../../server/app';
import { recordKey } from '../../server/audit/batch';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/index';
import { seed } from '../../server/seed';
import { startPostgres } from './postgres';
import { ms, multipart, pct, timeIt, type Row } from './resources';
import { runAlone } from './standalone';

const PASSWORD = 'Admin@2026';
const IMPORT_ROWS = Number(process.env.AUDIT_BENCH_IMPORT_ROWS ?? 100_000);
const ENTRIES = Number(process.env.AUDIT_BENCH_ENTRIES ?? 10_000_000);
const RECORDS = 200_000;
const BUDGET = { overhead: 0.15, readP95Ms: 50 };
const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

function csv(prefix: string): Buffer {
  const lines = ['Code,Name,Type,Accuracy'];
  for (let i = 0; i < IMPORT_ROWS; i++) lines.push(`${prefix}${String(i).padStart(6, '0')},Bench unit ${i},Quantity,2`);
  return Buffer.from(lines.join('\n'));
}

async function importOnce(app: FastifyInstance, headers: Record<string, string>, prefix: string): Promise<number> {
  const { payload, contentType } = multipart(csv(prefix), 'units.csv');
  const base = apiPath(unit);
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `${base}/import`,
    headers: { ...headers, 'content-type': contentType },
    payload,
  });
  const body = res.json() as { data: { jobId: string | null } };
  if (res.statusCode !== 202 || !body.data.jobId)
    throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    const job = (
      await app.inject({ method: 'GET', url: `${base}/import/jobs/${body.data.jobId}`, headers })
    ).json() as { data: { status: string; result: { inserted: number; errors: unknown[] } | null } };
    if (job.data.status === 'succeeded') {
      if (job.data.result!.inserted !== IMPORT_ROWS) throw new Error(`import wrote ${job.data.result!.inserted}`);
      return performance.now() - t0;
    }
    if (job.data.status === 'failed')
      throw new Error(`import failed: ${JSON.stringify(job.data.result?.errors.slice(0, 3))}`);
  }
}

export async function auditBench(rows: Row[]): Promise<void> {
  const pg = await startPostgres();
  if (!pg) {
    rows.push(['audit trail', 'PostgreSQL not installed: skipped']);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-audit-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    LOGIN_CAPTCHA: 'off',
    ADMIN_PASSWORD: PASSWORD,
    DATA_DIR: dataDir,
    DATABASE_URL: pg.url,
    WEBHOOK_INTERVAL_MS: '0',
    AUDIT_MAINTENANCE_INTERVAL_MS: '0',
  });
  const database = await createDatabase(config);
  try {
    const db = database.db;
    await seed(db, config);
    const app = await buildApi({ db, config, logger: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.webClientId}:${config.webClientSecret}`).toString('base64')}`,
      },
      payload: { tenantCode: 'demo', account: 'admin', password: PASSWORD },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const tenant = await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${token}`, 'accept-language': 'en' };

    // Import: each run into fresh codes (every row inserted), so each finds a larger table than the
    // one before and takes a little longer. After one run not counted (the first into an empty table,
    // and the code's first), off and on in the order off on on off, twice: a steady drift weighs the
    // same on both, and the means compare.
    await importOnce(app, headers, 'W');
    const times: Record<'off' | 'on', number[]> = { off: [], on: [] };
    const order: ('off' | 'on')[] = ['off', 'on', 'on', 'off', 'off', 'on', 'on', 'off'];
    for (const [i, mode] of order.entries()) {
      if (mode === 'off') process.env.AUDIT_TRAIL_BENCH_OFF = '1';
      else delete process.env.AUDIT_TRAIL_BENCH_OFF;
      times[mode].push(await importOnce(app, headers, `B${i}`));
    }
    delete process.env.AUDIT_TRAIL_BENCH_OFF;
    // One entry per imported record, as the audit screen lists them (kept as one row per chunk, migration 037).
    const entries = (
      await sql<{
        n: string;
      }>`select count(*) as n from audit_trail where tenant_id = ${tenant.id} and action = 'import' and import_job_id is not null`.execute(
        db,
      )
    ).rows[0]!;
    const stored = await db
      .selectFrom('audit_entry')
      .select(sql<string>`count(*)`.as('n'))
      .where('tenant_id', '=', tenant.id)
      .where('action', '=', 'import')
      .executeTakeFirstOrThrow();
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const overhead = mean(times.on) / mean(times.off) - 1;
    rows.push([
      `PostgreSQL: import ${IMPORT_ROWS.toLocaleString('en')} rows (CSV, job), history off (each run)`,
      times.off.map(ms).join(', '),
    ]);
    rows.push([
      `PostgreSQL: import ${IMPORT_ROWS.toLocaleString('en')} rows (CSV, job), history on (each run)`,
      times.on.map(ms).join(', '),
    ]);
    rows.push([
      'PostgreSQL: history entries written by the imports with history on (rows they are kept in)',
      `${Number(entries.n).toLocaleString('en')} (${Number(stored.n).toLocaleString('en')})`,
    ]);
    rows.push([
      'PostgreSQL: import overhead of history (mean on / mean off − 1)',
      `${(overhead * 100).toFixed(1)} %  ${verdict(overhead <= BUDGET.overhead)} (≤ ${BUDGET.overhead * 100} %)`,
    ]);

    // Read: ENTRIES entries over a year (200,000 records, 50 each), in monthly partitions made for the past year.
    await sql`do $$ declare m timestamp; begin
      for i in 1..12 loop
        m := date_trunc('month', now() at time zone 'UTC') - make_interval(months => i);
        if to_regclass('audit_entry_' || to_char(m, 'YYYY_MM')) is null then
          execute format('create table %I partition of audit_entry for values from (%L) to (%L)', 'audit_entry_' || to_char(m, 'YYYY_MM'), m at time zone 'UTC', (m + interval '1 month') at time zone 'UTC');
        end if;
      end loop; end $$`.execute(db);
    const t0 = performance.now();
    const step = 1_000_000;
    for (let from = 1; from <= ENTRIES; from += step) {
      const to = Math.min(ENTRIES, from + step - 1);
      await sql`insert into audit_entry (tenant_id, seq, id, at, action, entity, record_id, record_code, user_name, changes, prev_hash, hash)
        select ${tenant.id}::uuid, 1000000000 + g, gen_random_uuid(), now() - make_interval(secs => (${ENTRIES} - g) * 3), 'update', 'material',
               'rec-' || (g % ${RECORDS}), 'M' || (g % ${RECORDS}), 'bench', '[{"field":"name","before":"a","after":"b"}]'::jsonb, repeat('0', 64), repeat('0', 64)
        from generate_series(${from}::bigint, ${to}::bigint) g`.execute(db);
    }
    await sql`vacuum analyze audit_entry`.execute(db);
    rows.push([
      `PostgreSQL: ${ENTRIES.toLocaleString('en')} history entries inserted (generate_series, vacuum analyze)`,
      ms(performance.now() - t0),
    ]);
    const total = await sql<{ n: string }>`select count(*) as n from audit_entry`.execute(db);
    rows.push(['PostgreSQL: entries in the table', Number(total.rows[0]!.n).toLocaleString('en')]);

    let n = 0;
    const ids = Array.from({ length: 300 }, (_, i) => `rec-${1 + ((i * 7919) % (RECORDS - 1))}`);
    const viaApi = await timeIt(300, async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/platform-system/audit/material/${ids[n++ % ids.length]}`,
        headers,
      });
      if (res.statusCode !== 200) throw new Error(`history: ${res.statusCode} ${res.body.slice(0, 200)}`);
    });
    const sample = (
      await app.inject({ method: 'GET', url: `/api/platform-system/audit/material/${ids[0]}`, headers })
    ).json() as { data: { items: unknown[] } };
    const p95 = pct(viaApi, 0.95);
    rows.push([
      `PostgreSQL: a record's history (${sample.data.items.length} entries) through the API, p50 / p95`,
      `${ms(pct(viaApi, 0.5))} / ${ms(p95)}  ${verdict(p95 <= BUDGET.readP95Ms)} (p95 ≤ ${BUDGET.readP95Ms} ms)`,
    ]);
    const plan = await sql<{
      'QUERY PLAN': string;
    }>`explain select * from audit_entry where tenant_id = ${tenant.id} and entity = 'material' and record_id = 'rec-1' order by at desc, seq desc limit 200`.execute(
      db,
    );
    rows.push([
      'PostgreSQL: its plan uses',
      plan.rows
        .map((r) => r['QUERY PLAN'])
        .filter((l) => /Index|Seq Scan/.test(l))
        .slice(0, 2)
        .map((l) => l.trim())
        .join(' | '),
    ]);
    const chunks = await sql<{
      'QUERY PLAN': string;
    }>`explain analyze select id from audit_entry where tenant_id = ${tenant.id} and entity = 'material' and record_keys @> array[${recordKey('rec-1')}::int4] and factory_id is null order by at desc, seq desc limit 200`.execute(
      db,
    );
    rows.push([
      'PostgreSQL: and for import chunks',
      chunks.rows
        .map((r) => r['QUERY PLAN'])
        .filter((l) => /Index|Seq Scan|Execution/.test(l) && !/rows=0 loops/.test(l))
        .slice(0, 4)
        .map((l) => l.trim())
        .join(' | '),
    ]);
    await app.close();
  } finally {
    await database.close();
    pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runAlone(import.meta.filename, auditBench);
