/**
 * Materials and BOM benchmark (issue 7):
 * - the material list with BENCH_MATERIALS (default 1,000,000) materials: first page p95, a search
 *   by code prefix and by name fragment, through the API, in PGlite and PostgreSQL;
 * - BOM explosion of a 5-level, 2,000-node BOM (model/bom.ts): time.
 * Run alone with `BENCH_ONLY=materials npm run bench`, or as a section of `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { explode, totals, type BomLine } from '../../model/bom';
import { buildApi } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/index';
import { seed } from '../../server/seed';
import { startPostgres } from './postgres';
import { runAlone } from './standalone';
import { ms, pct, timeIt, type Row } from './resources';

const COUNT = Number(process.env.BENCH_MATERIALS ?? 1_000_000);
const PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin@2026';
const BUDGET_P95_MS = 50;

async function listDialect(kind: 'pglite' | 'postgres', url: string | null, rows: Row[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-mat-'));
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
    const tenant = await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    const t0 = performance.now();
    await sql`insert into material (tenant_id, code, name, type, basic_unit_id, specification)
      select ${tenant.id}::uuid, 'M' || lpad(i::text, 7, '0'), 'Material ' || i || ' ' || (array['steel','copper','resin','glass','paper'])[1 + i % 5],
             (array['raw','semi','finished','auxiliary','packaging'])[1 + i % 5],
             (select id from unit where tenant_id = ${tenant.id}::uuid and code = 'PCS'), 'spec ' || (i % 997)
      from generate_series(1, ${COUNT}) as i`.execute(db);
    await sql`vacuum analyze material`.execute(db);
    rows.push([`${label}: ${COUNT.toLocaleString('en')} materials inserted`, ms(performance.now() - t0)]);

    const app = await buildApi({ db, config, logger: false });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.webClientId}:${config.webClientSecret}`).toString('base64')}`,
      },
      payload: { tenantCode: 'demo', account: 'admin', password: PASSWORD },
    });
    const headers = {
      authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}`,
      'accept-language': 'en',
    };
    const list = '/api/basic-system/material?';
    // Search everywhere (issue 24) looks through every resource, the million materials among them.
    const everywhere = '/api/platform-system/search?q=';
    const cases: [string, string][] = [
      ['material list, first page', `${list}page=1&size=20`],
      ['material list, search by code prefix "M00123"', `${list}code=M00123&page=1&size=20`],
      ['material list, search by name fragment "copper"', `${list}name=copper&page=1&size=20`],
      ['search everywhere, a code "M00123"', `${everywhere}M00123`],
      ['search everywhere, a name "material 4242"', `${everywhere}material%204242`],
      ['search everywhere, matching nothing "zz"', `${everywhere}zz`],
    ];
    for (const [what, url] of cases) {
      const check = await app.inject({ method: 'GET', url, headers });
      if (check.statusCode !== 200) throw new Error(`${what}: ${check.statusCode} ${check.body.slice(0, 200)}`);
      const times = await timeIt(50, () => app.inject({ method: 'GET', url, headers }));
      const p95 = pct(times, 0.95);
      rows.push([
        `${label}: ${what}, p50 / p95`,
        `${ms(pct(times, 0.5))} / ${ms(p95)}  ${p95 < BUDGET_P95_MS ? 'within' : 'OVER'} ${BUDGET_P95_MS} ms`,
      ]);
    }
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A 5-level BOM of 2,000 lines: each assembly takes several parts, a few shared between assemblies. */
function bigBom(): { lines: BomLine[]; top: string } {
  const lines: BomLine[] = [];
  const fan = [4, 5, 5, 4, 4]; // 4 + 20 + 100 + 400 + 1,600 = 2,124 lines
  let frontier = ['TOP'];
  let n = 0;
  for (const [level, k] of fan.entries()) {
    const next: string[] = [];
    for (const parent of frontier) {
      for (let j = 0; j < k; j++) {
        // Every seventh part on the last level is a shared standard part (used in many places).
        const child = level === fan.length - 1 && j % 7 === 0 ? `STD-${j}` : `L${level + 1}-${n}`;
        lines.push({ id: `b${n}`, parent, child, dosage: 1 + (n % 3), lossRate: n % 5, serialNumber: (j + 1) * 10 });
        n++;
        next.push(child);
      }
    }
    frontier = next;
  }
  return { lines: lines.slice(0, 2000), top: 'TOP' };
}

export async function materialBench(rows: Row[]): Promise<void> {
  const { lines, top } = bigBom();
  const times = await timeIt(30, async () => totals(explode(lines, top, 100)));
  rows.push([
    `BOM explosion, 5 levels, ${lines.length.toLocaleString('en')} lines (with totals), p50 / p95`,
    `${ms(pct(times, 0.5))} / ${ms(pct(times, 0.95))}`,
  ]);
  await listDialect('pglite', null, rows);
  const pg = await startPostgres().catch(() => null);
  if (!pg) {
    rows.push(['PostgreSQL: material list', 'skipped: no PostgreSQL binaries']);
    return;
  }
  try {
    await listDialect('postgres', pg.url, rows);
  } finally {
    await pg.stop();
  }
}

runAlone(import.meta.filename, materialBench);
