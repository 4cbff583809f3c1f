/**
 * Resource engine benchmark (issue 3), in PostgreSQL and in PGlite, with BENCH_ROWS (default
 * 1,000,000) rows of one 20-column entity:
 * - the first page and a filtered, sorted page through the API (app.inject): p50, p95, and the ratio
 *   to the same SQL run directly;
 * - export of 100,000 rows × 20 columns: time, peak memory, ratio to exceljs writing the rows alone;
 * - import of 100,000 rows (a job): time and peak memory.
 * Run alone with `npx tsx tests/bench/resources.ts`, or as a section of `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { apiPath, defineResource, field, ioFields, type ResourceDef } from '../../model/engine';
import { buildApi } from '../../server/app';
import { installAuth } from '../../server/auth/context';
import { loadConfig } from '../../server/config';
import { createDatabase, migrate, type Database } from '../../server/db/index';
import { seed } from '../../server/seed';
import type { DB } from '../../server/db/types';
import { errorHandler } from '../../server/http';
import { translator } from '../../server/i18n';
import { registerResources } from '../../server/engine';
import { dateFormatOf, toCell } from '../../server/engine/io/cells';
import { listQuerySchema } from '../../server/engine/list';
import { COUNT_EXACT_LIMIT, listStatements } from '../../server/engine/store';
import { tableOf } from '../../server/engine/table';
import { requestBreakdown } from './breakdown';
import { startPostgres } from './postgres';
import { runAlone } from './standalone';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin@2026';
/** Issue 22's budgets: the page within 2× its own SQL, the export within 1.3× exceljs writing the same rows alone. */
const BUDGET = {
  pageP95Ms: 50,
  pageRatio: 2,
  exportRatio: 1.3,
  exportMb: 300,
  importMs: { postgres: 10_000, pglite: 20_000 },
  importMb: 256,
};

export const benchGroup = defineResource({
  name: 'bench-group',
  service: 'basic-system',
  scope: 'tenant',
  permissions: 'bench:group',
  fields: { code: field.code({ max: 32 }), name: field.text({ required: true, max: 64, search: true }) },
});

/** Twenty io columns of the usual kinds. */
export const benchItem = defineResource({
  name: 'bench-item',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'bench:item',
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    groupId: field.ref('bench-group', { search: true }),
    type: field.enum('benchType', ['a', 'b', 'c', 'd'], { required: true, search: true }),
    state: field.enum('frozenState', ['normal', 'frozen'], { default: 'normal', status: true, search: true }),
    spec: field.text({ max: 64 }),
    model: field.text({ max: 64 }),
    color: field.text({ max: 32 }),
    material: field.text({ max: 32 }),
    origin: field.text({ max: 32 }),
    quantity: field.int({ min: 0 }),
    level: field.int({ min: 0, max: 9 }),
    weight: field.decimal({ scale: 1, min: 0 }),
    price: field.decimal({ scale: 2, min: 0 }),
    active: field.bool(),
    hazardous: field.bool(),
    producedOn: field.date(),
    shiftStart: field.time(),
    batchNo: field.text({ max: 32 }),
    remark: field.textarea({ max: 255 }),
  },
});
export const BENCH: readonly ResourceDef[] = [benchGroup, benchItem];

/** The tables as migrations would create them, with the list's indexes. */
export const TABLES = `
CREATE TABLE bench_group (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(), tenant_id uuid NOT NULL REFERENCES tenant (id),
  code varchar(32) NOT NULL, name varchar(64) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(), created_by uuid, updated_at timestamptz NOT NULL DEFAULT now(), updated_by uuid,
  UNIQUE (tenant_id, code)
);
CREATE TABLE bench_item (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(), tenant_id uuid NOT NULL, factory_id uuid NOT NULL,
  code varchar(32) NOT NULL, name varchar(64) NOT NULL, group_id uuid REFERENCES bench_group (id),
  type varchar(64) NOT NULL, state varchar(64) NOT NULL DEFAULT 'normal',
  spec varchar(64), model varchar(64), color varchar(32), material varchar(32), origin varchar(32),
  quantity integer, level integer, weight numeric(18, 1), price numeric(18, 2),
  active boolean NOT NULL DEFAULT false, hazardous boolean NOT NULL DEFAULT false,
  produced_on date, shift_start varchar(5), batch_no varchar(32), remark varchar(255),
  created_at timestamptz NOT NULL DEFAULT now(), created_by uuid, updated_at timestamptz NOT NULL DEFAULT now(), updated_by uuid,
  FOREIGN KEY (tenant_id, factory_id) REFERENCES factory (tenant_id, id),
  UNIQUE (tenant_id, factory_id, code)
);
CREATE INDEX bench_item_scope_idx ON bench_item (tenant_id, factory_id);
CREATE INDEX bench_item_group_idx ON bench_item (group_id);
CREATE INDEX bench_item_name_idx ON bench_item (tenant_id, factory_id, name);
CREATE INDEX bench_item_state_idx ON bench_item (tenant_id, factory_id, state);
CREATE INDEX bench_item_type_idx ON bench_item (tenant_id, factory_id, type);
CREATE STATISTICS bench_item_scope_stats (dependencies) ON tenant_id, factory_id FROM bench_item;
`;

export type Row = [string, string];
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
export const pct = (xs: number[], p: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
export const ms = (n: number) => `${n.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** Runs `fn` and reports its time and the peak resident memory above the level before it. */
async function measured<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; peak: number; peakAbs: number }> {
  gc();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = performance.now();
  try {
    const value = await fn();
    const elapsed = performance.now() - t0;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, ms: elapsed, peak: peak - base, peakAbs: peak };
  } finally {
    clearInterval(timer);
  }
}

/** Ten groups and `count` items (a tenth of them frozen), then fresh statistics. */
export async function fill(db: Kysely<DB>, tenantId: string, factoryId: string, count = ROWS): Promise<void> {
  await sql`insert into bench_group (tenant_id, code, name) select ${tenantId}, 'G' || i, 'Group ' || i from generate_series(1, 10) i`.execute(
    db,
  );
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await sql`
      insert into bench_item (tenant_id, factory_id, code, name, group_id, type, state, spec, model, color, material, origin,
        quantity, level, weight, price, active, hazardous, produced_on, shift_start, batch_no, remark)
      select ${tenantId}, ${factoryId}, 'I' || lpad(i::text, 7, '0'), 'Item ' || substr(md5(i::text), 1, 12),
        (select id from bench_group where tenant_id = ${tenantId} and code = 'G' || (1 + i % 10)),
        (array['a','b','c','d'])[1 + i % 4], case when i % 10 = 0 then 'frozen' else 'normal' end,
        'Spec ' || (i % 1000), 'M-' || (i % 97), (array['red','green','blue'])[1 + i % 3], 'Steel', 'CN',
        i % 5000, i % 9, (i % 1000) / 10.0, (i % 10000) / 100.0, i % 2 = 0, i % 7 = 0,
        date '2024-01-01' + (i % 700), lpad((i % 24)::text, 2, '0') || ':00', 'B' || (i / 1000), null
      from generate_series(${from}::int, ${to}::int) i`.execute(db);
  }
  await sql`vacuum analyze bench_group`.execute(db);
  await sql`vacuum analyze bench_item`.execute(db);
}

/** The slim API: authentication and the bench resources under /api, as in server/app.ts. */
export async function benchApi(database: Database, config: ReturnType<typeof loadConfig>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  app.setErrorHandler(errorHandler);
  await app.register(
    async (api) => {
      installAuth(api, database.db, config);
      api.setErrorHandler(errorHandler);
      await registerResources(api, { db: database.db, resources: BENCH });
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

/** The statements the list runs for `query`, run directly (no API, no request scope). */
export function directList(db: Kysely<DB>, tenantId: string, factoryId: string, query: Record<string, string>) {
  const p = listQuerySchema(benchItem).parse(query);
  const q = listStatements(benchItem, { tenantId, factoryId }, p);
  const [page, count, estimate] = [q.page.compile(db), q.count.compile(db), q.estimate.compile(db)];
  return async () => {
    const [, n] = await Promise.all([db.executeQuery(page), db.executeQuery(count)]);
    if (Number((n.rows[0] as { n: unknown }).n) > COUNT_EXACT_LIMIT) await db.executeQuery(estimate);
  };
}

/**
 * Two ways of doing the same work, each warmed by a block and then timed in alternating blocks, so
 * that neither is measured on a warmer cache or a quieter machine than the other. Each way is given
 * as a block: `n` runs, their times.
 */
export async function alternatingBlocks(
  a: (n: number) => Promise<number[]>,
  b: (n: number) => Promise<number[]>,
  blocks = 10,
  perBlock = 20,
): Promise<[number[], number[]]> {
  await a(perBlock);
  await b(perBlock);
  const [timesA, timesB] = [[] as number[], [] as number[]];
  for (let block = 0; block < blocks; block++) {
    timesA.push(...(await a(perBlock)));
    timesB.push(...(await b(perBlock)));
  }
  return [timesA, timesB];
}

export async function timeIt(n: number, fn: () => Promise<unknown>, warm = Math.min(10, n)): Promise<number[]> {
  for (let i = 0; i < warm; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

export function multipart(file: Buffer, name: string) {
  const boundary = '----bench-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function benchDialect(kind: 'postgres' | 'pglite', url: string | null, rows: Row[]): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-res-'));
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
    await database.runScript(TABLES);
    await migrate(database); // nothing to migrate: re-applies the row-level security to the new tables
    const db = database.db;
    const tenant = await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    const factory = await db
      .selectFrom('factory')
      .select('id')
      .where('tenant_id', '=', tenant.id)
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const factoryB = await db
      .insertInto('factory')
      .values({ tenant_id: tenant.id, code: 'FB', name: 'Import target' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const filled = await measured(() => fill(db, tenant.id, factory.id));
    rows.push([
      `${label}: ${ROWS.toLocaleString('en')} rows inserted (generate_series, vacuum analyze)`,
      ms(filled.ms),
    ]);

    const full = await buildApi({ db, config, logger: false });
    const login = await full.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.webClientId}:${config.webClientSecret}`).toString('base64')}`,
      },
      payload: { tenantCode: 'demo', account: 'admin', password: PASSWORD },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    await full.close();
    const app = await benchApi(database, config);
    const headers = (factoryId: string) => ({
      authorization: `Bearer ${token}`,
      'x-factory-id': factoryId,
      'accept-language': 'en',
    });
    const base = apiPath(benchItem);

    const pages: [string, Record<string, string>][] = [
      ['first page', { page: '1', size: '20' }],
      [
        'filtered, sorted page (state=frozen, sort name desc, page 3)',
        { state: 'frozen', sort: 'name', order: 'desc', page: '3', size: '20' },
      ],
      ['contains filter (name contains "ab", no index)', { name: 'ab', page: '1', size: '20' }],
    ];
    for (const [what, query] of pages) {
      const qs = new URLSearchParams(query).toString();
      const check = await app.inject({ method: 'GET', url: `${base}?${qs}`, headers: headers(factory.id) });
      if (check.statusCode !== 200) throw new Error(`${what}: ${check.statusCode} ${check.body.slice(0, 200)}`);
      const list = directList(db, tenant.id, factory.id, query);
      const [viaApi, direct] = await alternatingBlocks(
        (n) => timeIt(n, () => app.inject({ method: 'GET', url: `${base}?${qs}`, headers: headers(factory.id) }), 0),
        (n) => timeIt(n, list, 0),
      );
      const p95 = pct(viaApi, 0.95);
      const budget =
        kind === 'postgres' && !what.startsWith('contains')
          ? `  ${verdict(p95 < BUDGET.pageP95Ms)} (p95 < ${BUDGET.pageP95Ms} ms)`
          : '';
      rows.push([`${label}: ${what}, API p50 / p95`, `${ms(pct(viaApi, 0.5))} / ${ms(p95)}${budget}`]);
      rows.push([`${label}: ${what}, same SQL direct p50 / p95`, `${ms(pct(direct, 0.5))} / ${ms(pct(direct, 0.95))}`]);
      const ratio = pct(viaApi, 0.5) / pct(direct, 0.5);
      const ratioBudget = what.startsWith('contains')
        ? ''
        : `  ${verdict(ratio <= BUDGET.pageRatio)} (≤ ${BUDGET.pageRatio}×)`;
      rows.push([`${label}: ${what}, API / direct (p50)`, `${ratio.toFixed(2)}×${ratioBudget}`]);
    }

    await requestBreakdown(
      {
        label,
        db,
        config,
        resources: BENCH,
        headers: headers(factory.id),
        list: `${base}?page=1&size=20`,
        write: {
          url: base,
          body: (i) => ({ code: `W${String(i).padStart(6, '0')}`, name: `Written ${i}`, type: 'a' }),
        },
      },
      rows,
    );

    // Export: the frozen rows (a tenth of the table: 100,000 of 1,000,000) with all twenty columns.
    const exp = await measured(async () => {
      const res = await app.inject({
        method: 'GET',
        url: `${base}/export?state=frozen&sort=code`,
        headers: headers(factory.id),
      });
      if (res.statusCode !== 200) throw new Error(`export: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res.rawPayload;
    });
    const exported = exp.value;
    const exportedRows = Math.floor(ROWS / 10);
    rows.push([
      `${label}: export ${exportedRows.toLocaleString('en')} rows × ${ioFields(benchItem).length} columns, time`,
      ms(exp.ms),
    ]);
    rows.push([
      `${label}: export, peak memory above start (absolute RSS)`,
      `${mb(exp.peak)} (${mb(exp.peakAbs)})  ${verdict(exp.peak < BUDGET.exportMb * 1024 * 1024)} (< ${BUDGET.exportMb} MB)`,
    ]);
    rows.push([`${label}: export file size`, mb(exported.length)]);

    // exceljs alone writing the same cells with the same options (date cells carry their format,
    // so styles are on), on the main thread; the rows are read and converted beforehand, not timed.
    const t = tableOf(benchItem);
    const raw = (
      await sql`select ${t.selectList()} from bench_item where tenant_id = ${tenant.id} and factory_id = ${factory.id} and state = 'frozen' order by code`.execute(
        db,
      )
    ).rows as Record<string, unknown>[];
    const groups = new Map<string, string>();
    for (const g of (await sql`select id, code from bench_group`.execute(db)).rows as { id: string; code: string }[])
      groups.set(g.id, g.code);
    const tr = translator('en');
    const lookups = { refCodes: new Map([['groupId', groups]]), dictLabels: new Map<string, Map<string, string>>() };
    const dateColumns = ioFields(benchItem).flatMap(([, f], i) =>
      dateFormatOf(f) ? [[i + 1, dateFormatOf(f)!] as const] : [],
    );
    const cells = raw.map((r) => {
      const api = t.toApi(r);
      return ioFields(benchItem).map(([k, f]) => toCell(k, f, api[k], tr, lookups));
    });
    const alone = await measured(async () => {
      const out = new PassThrough();
      let size = 0;
      out.on('data', (c: Buffer) => {
        size += c.length;
      });
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: dateColumns.length > 0,
        useSharedStrings: false,
      });
      const ws = wb.addWorksheet('bench');
      ws.columns = ioFields(benchItem).map(([k]) => ({ header: k, key: k }));
      for (const c of cells) {
        const row = ws.addRow(c);
        for (const [col, numFmt] of dateColumns)
          if (row.getCell(col).value instanceof Date) row.getCell(col).numFmt = numFmt;
        row.commit();
      }
      ws.commit();
      await wb.commit();
      return size;
    });
    const exportRatio = exp.ms / alone.ms;
    rows.push([`${label}: exceljs alone writing the same rows, time`, ms(alone.ms)]);
    rows.push([
      `${label}: export / exceljs alone`,
      `${exportRatio.toFixed(2)}×  ${verdict(exportRatio <= BUDGET.exportRatio)} (≤ ${BUDGET.exportRatio}×)`,
    ]);
    cells.length = 0;
    raw.length = 0;

    // Import: the exported file into another factory (every row inserted), as a job.
    const { payload, contentType } = multipart(exported, 'bench.xlsx');
    const imp = await measured(async () => {
      const res = await app.inject({
        method: 'POST',
        url: `${base}/import`,
        headers: { ...headers(factoryB.id), 'content-type': contentType },
        payload,
      });
      const body = res.json() as { data: { jobId: string | null; inserted: number } };
      if (res.statusCode === 200) return body.data.inserted;
      if (res.statusCode !== 202 || !body.data.jobId)
        throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
      for (;;) {
        await new Promise((r) => setTimeout(r, 100));
        const job = (
          await app.inject({
            method: 'GET',
            url: `${base}/import/jobs/${body.data.jobId}`,
            headers: headers(factoryB.id),
          })
        ).json() as { data: { status: string; result: { inserted: number; errors: unknown[] } | null } };
        if (job.data.status === 'succeeded') return job.data.result!.inserted;
        if (job.data.status === 'failed')
          throw new Error(`import job failed: ${JSON.stringify(job.data.result?.errors.slice(0, 3))}`);
      }
    });
    if (imp.value !== exportedRows) throw new Error(`import wrote ${imp.value} rows, expected ${exportedRows}`);
    rows.push([
      `${label}: import ${exportedRows.toLocaleString('en')} rows (.xlsx, job), time`,
      `${ms(imp.ms)}  ${verdict(imp.ms <= BUDGET.importMs[kind])} (≤ ${BUDGET.importMs[kind]} ms)`,
    ]);
    rows.push([
      `${label}: import, peak memory above start (absolute RSS)`,
      `${mb(imp.peak)} (${mb(imp.peakAbs)})  ${verdict(imp.peak <= BUDGET.importMb * 1024 * 1024)} (≤ ${BUDGET.importMb} MB)`,
    ]);
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The section of `npm run bench`: PostgreSQL (when installed), then PGlite. */
export async function resourceBench(rows: Row[]): Promise<void> {
  const pg = await startPostgres();
  try {
    if (pg) await benchDialect('postgres', pg.url, rows);
    else rows.push(['PostgreSQL', 'not installed: skipped']);
  } finally {
    pg?.stop();
  }
  if (process.env.BENCH_SKIP_PGLITE !== '1') await benchDialect('pglite', null, rows);
}

runAlone(import.meta.filename, resourceBench);
