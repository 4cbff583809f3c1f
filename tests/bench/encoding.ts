/**
 * Encoding-rule benchmark (issue 6), on PostgreSQL and PGlite: codes per second drawn through the
 * generate API (app.inject: authentication, permission, rule, context, the row-locked counter and
 * the audit rows) against the same counter incremented by the bare upsert statement alone, both
 * with BENCH_ENCODING_CONCURRENCY (default 16) concurrent callers; one code per call, and blocks of 100.
 * Budget (issue 22), one code a call: at least 2,000 codes/s on PostgreSQL and 1,000 on PGlite, and
 * no slower than half the bare counter upsert.
 * Run alone with `npx tsx tests/bench/encoding.ts` or `BENCH_ONLY=encoding npm run bench`, or as a
 * section of `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApi } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/index';
import { seed } from '../../server/seed';
import { startPostgres } from './postgres';
import { runAlone } from './standalone';

type Row = [string, string];
const PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin@2026';
const CONCURRENCY = Number(process.env.BENCH_ENCODING_CONCURRENCY ?? 16);
const SECONDS = Number(process.env.BENCH_ENCODING_SECONDS ?? 5);
const FLOOR = { postgres: 2000, pglite: 1000 } as const;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** Runs `fn` from CONCURRENCY callers for SECONDS; returns how many units it produced per second. */
async function rate(fn: () => Promise<number>): Promise<number> {
  for (let i = 0; i < 20; i++) await fn();
  const until = performance.now() + SECONDS * 1000;
  let units = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const n = await fn(); // not `units += await fn()`: that reads `units` before the await
        units += n;
      }
    }),
  );
  return units / ((performance.now() - t0) / 1000);
}

async function benchDialect(kind: 'postgres' | 'pglite', url: string | null, rows: Row[]): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-enc-'));
  const env: Record<string, string> = {
    LOG_LEVEL: 'silent',
    LOGIN_CAPTCHA: 'off',
    ADMIN_PASSWORD: PASSWORD,
    DATA_DIR: dataDir,
  };
  if (url) env.DATABASE_URL = url;
  const config = loadConfig(env);
  const database = await createDatabase(config);
  const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  try {
    await seed(database.db, config);
    const db = database.db;
    const app = await buildApi({ db, config, logger: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}` },
      payload: { tenantCode: 'demo', account: 'admin', password: PASSWORD },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const tenantId = (await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    const create = await app.inject({
      method: 'POST',
      url: '/api/basic-system/encoding-rule',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        name: 'BENCH',
        ruleType: 'base36',
        startCode: '00000000',
        resetType: 'none',
        details: [
          { order: 1, paramType: 'fixed', value: 'B' },
          { order: 2, paramType: 'system', parameter: 'serial' },
        ],
      },
    });
    const ruleId = (create.json() as { data: { id: string } }).data.id;

    const draw = (count: number) => async () => {
      const r = await app.inject({
        method: 'POST',
        url: `/api/basic-system/encoding-rule/${ruleId}/generate`,
        headers: { authorization: `Bearer ${token}` },
        payload: { count },
      });
      if (r.statusCode !== 200) throw new Error(`generate: ${r.statusCode} ${r.body}`);
      return count;
    };
    const api1 = await rate(draw(1));
    const api100 = await rate(draw(100));
    // The same counter row, the same upsert, nothing else (no request, no scope, no audit).
    const bare = await rate(async () => {
      await sql`insert into encoding_counter as c (tenant_id, rule_id, factory_code, line_code, period, value)
        values (${tenantId}, ${ruleId}, '', '', '', 1)
        on conflict (tenant_id, rule_id, factory_code, line_code, period) do update set value = c.value + excluded.value
        returning c.value`.execute(db);
      return 1;
    });
    const issued = Number(
      (await sql<{ n: string }>`select count(*) as n from encoding_issue where rule_id = ${ruleId}`.execute(db))
        .rows[0]!.n,
    );
    rows.push([`encoding ${label}: API, 1 code per call (${CONCURRENCY} callers)`, `${api1.toFixed(0)} codes/s`]);
    rows.push([`encoding ${label}: API, blocks of 100`, `${api100.toFixed(0)} codes/s`]);
    rows.push([`encoding ${label}: bare SQL upsert of the counter`, `${bare.toFixed(0)} increments/s`]);
    rows.push([
      `encoding ${label}: API (1 per call) / bare SQL`,
      `${(api1 / bare).toFixed(3)}× (${(bare / api1).toFixed(1)} times slower)`,
    ]);
    rows.push([
      `encoding ${label}: budget ≥ ${FLOOR[kind].toLocaleString('en')} codes/s and ≤ 2× the bare upsert`,
      `${verdict(api1 >= FLOOR[kind] && bare / api1 <= 2)} (${api1.toFixed(0)} codes/s, ${(bare / api1).toFixed(2)}× the bare upsert's cost)`,
    ]);
    if (kind === 'pglite')
      rows.push([
        `encoding ${label}: how it differs`,
        'one in-process connection: every statement runs on the event loop, one after another, so batching saves statements, not lock waits',
      ]);
    rows.push([`encoding ${label}: API (blocks of 100) / bare SQL`, `${(api100 / bare).toFixed(2)}×`]);
    rows.push([`encoding ${label}: audit rows written`, String(issued)]);
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function encodingBench(rows: Row[]): Promise<void> {
  const pg = await startPostgres();
  try {
    if (pg) await benchDialect('postgres', pg.url, rows);
    else rows.push(['encoding PostgreSQL', 'not installed: skipped']);
  } finally {
    pg?.stop();
  }
  if (process.env.BENCH_SKIP_PGLITE !== '1') await benchDialect('pglite', null, rows);
}

runAlone(import.meta.filename, encodingBench);
