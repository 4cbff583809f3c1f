/**
 * Health while uploads are read (issue 22), on PGlite and PostgreSQL: /api/health polled every 5 ms
 * through the API while (a) a 1 MB spreadsheet that inflates to 300 MiB is sent to an import route
 * ten times over, (b) a 100,000-row spreadsheet is parsed, and (c) 1,000 labels render to PDF. Budget: p99 ≤ 100 ms. PGlite runs its
 * statements on the event loop itself, so its figure shows the most.
 * Run alone with `npx tsx tests/bench/parse-health.ts` or `BENCH_ONLY=parse npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApi } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/index';
import { seed } from '../../server/seed';
import { bigSheet } from '../server/big-sheet';
import { bomb } from '../server/zip-fixtures';
import { startPostgres } from './postgres';
import { multipart } from './resources';
import { runAlone } from './standalone';

type Row = [string, string];
const PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin@2026';
const ROWS = Number(process.env.BENCH_PARSE_ROWS ?? 100_000);

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? NaN;

/** Polls /api/health every 5 ms while `work` runs; the answer times in ms. */
async function pollDuring(
  app: FastifyInstance,
  work: () => Promise<unknown>,
): Promise<{ health: number[]; ms: number }> {
  let done = false;
  const health: number[] = [];
  const t0 = performance.now();
  const running = work().finally(() => {
    done = true;
  });
  // Timed from when each poll was due: a blocked event loop delays the poll's timer, not only its answer.
  let due = performance.now();
  while (!done) {
    await app.inject({ method: 'GET', url: '/api/health' });
    const answered = performance.now();
    health.push(answered - due);
    due = answered + 5;
    await new Promise((r) => setTimeout(r, 5));
  }
  await running;
  return { health, ms: performance.now() - t0 };
}

async function benchDialect(
  kind: 'postgres' | 'pglite',
  url: string | null,
  files: { bomb: Buffer; big: Buffer },
  rows: Row[],
): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-parse-'));
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
    const app = await buildApi({ db: database.db, config, logger: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { authorization: `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}` },
      payload: { tenantCode: 'demo', account: 'admin', password: PASSWORD },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const factory = (
      await database.db.selectFrom('factory').select('id').where('code', '=', 'F001').executeTakeFirstOrThrow()
    ).id;
    const upload = async (bytes: Buffer, expected: number) => {
      const { payload, contentType } = multipart(bytes, 'upload.xlsx');
      const r = await app.inject({
        method: 'POST',
        url: '/api/basic-system/unit/import',
        payload,
        headers: { authorization: `Bearer ${token}`, 'x-factory-id': factory, 'content-type': contentType },
      });
      if (r.statusCode !== expected) throw new Error(`import: ${r.statusCode} ${r.body.slice(0, 300)}`);
      return r;
    };
    const hostile = await pollDuring(app, async () => {
      for (let i = 0; i < 10; i++) await upload(files.bomb, 413);
    });
    const parsed = await pollDuring(app, () => upload(files.big, 202));
    // A thousand labels of a seeded template: 100 records × 10 copies, with Chinese text (the CJK font is subset and embedded).
    const template = (
      await sql<{ id: string }>`select id from print_template order by code limit 1`.execute(database.db)
    ).rows[0];
    const printed = template
      ? await pollDuring(app, async () => {
          const r = await app.inject({
            method: 'POST',
            url: `/api/basic-system/print-template/${template.id}/render`,
            headers: { authorization: `Bearer ${token}`, 'x-factory-id': factory },
            payload: {
              copies: 10,
              data: Array.from({ length: 100 }, (_, i) => ({
                model: `电能表 DDZY-1500 型 ${i}`,
                sn: `SMF2606140${String(i).padStart(4, '0')}`,
                date: '2026-06-14',
              })),
            },
          });
          if (r.statusCode !== 200) throw new Error(`render: ${r.statusCode} ${r.body.slice(0, 300)}`);
        })
      : null;
    const verdict = (xs: number[]) => (quantile(xs, 0.99) <= 100 ? 'PASS' : 'FAIL');
    const describe = (xs: number[]) =>
      `p50 ${quantile(xs, 0.5).toFixed(1)} / p99 ${quantile(xs, 0.99).toFixed(1)} / max ${Math.max(...xs).toFixed(1)} ms over ${xs.length} polls`;
    rows.push([
      `health ${label}: while 10 hostile uploads (1 MB → 300 MiB) are refused (${Math.round(hostile.ms)} ms)`,
      describe(hostile.health),
    ]);
    rows.push([`health ${label}: hostile uploads, budget p99 ≤ 100 ms`, verdict(hostile.health)]);
    rows.push([
      `health ${label}: while ${ROWS.toLocaleString('en')} rows are parsed (${Math.round(parsed.ms)} ms)`,
      describe(parsed.health),
    ]);
    rows.push([`health ${label}: import parse, budget p99 ≤ 100 ms`, verdict(parsed.health)]);
    if (printed) {
      rows.push([
        `health ${label}: while 1,000 labels render to PDF (${Math.round(printed.ms)} ms)`,
        describe(printed.health),
      ]);
      rows.push([`health ${label}: PDF rendering, budget p99 ≤ 100 ms`, verdict(printed.health)]);
    } else rows.push([`health ${label}: PDF rendering`, 'no print template seeded: skipped']);
    // The queued job refuses the file at once (no code column); give it time to end before closing.
    await new Promise((r) => setTimeout(r, 2000));
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function parseHealthBench(rows: Row[]): Promise<void> {
  const files = { bomb: await bomb(), big: await bigSheet(ROWS) };
  const pg = await startPostgres();
  try {
    if (pg) await benchDialect('postgres', pg.url, files, rows);
    else rows.push(['health PostgreSQL', 'not installed: skipped']);
  } finally {
    pg?.stop();
  }
  await benchDialect('pglite', null, files, rows);
}

runAlone(import.meta.filename, parseHealthBench);
