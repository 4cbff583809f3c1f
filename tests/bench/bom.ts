/**
 * BOM explosion benchmark (issue 7): a 5-level BOM of 2,000 lines below one product, exploded through
 * the API (GET /api/basic-system/bom/explode: the recursive read, the walk, the totals) and in memory
 * alone (model/bom.ts). Median and slowest of several runs, PGlite in memory.
 * Run alone with `BENCH_ONLY=bom npm run bench`.
 */
import { sql } from 'kysely';
import { explode, totals, type BomLine } from '../../model/bom';
import { buildApi } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDatabase } from '../../server/db/index';
import { seed } from '../../server/seed';
import { ms, pct, type Row } from './resources';
import { tenantIdOf } from '../server/seeded';

const LEVELS = [10, 40, 150, 600, 1200]; // lines per level: 2,000 in all
const RUNS = Number(process.env.BENCH_BOM_RUNS ?? 15);
const BUDGET_MS = 500;
const PASSWORD = process.env.ADMIN_PASSWORD ?? 'Admin@2026';

export async function bomBench(rows: Row[]): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'silent', LOGIN_CAPTCHA: 'off', ADMIN_PASSWORD: PASSWORD });
  const database = await createDatabase(config, { memory: true });
  try {
    await seed(database.db, config);
    const db = database.db;
    const tenant = await tenantIdOf(db);
    const total = LEVELS.reduce((a, b) => a + b, 0);
    // Material 0 is the product; the i-th material of level k hangs under material (i mod |level k-1|) of level k-1.
    const ids = (
      await sql<{ id: string }>`insert into material (tenant_id, code, name, type, basic_unit_id)
      select ${tenant}::uuid, 'BB' || lpad(i::text, 5, '0'), 'Bench part ' || i, 'raw', (select id from unit where tenant_id = ${tenant}::uuid and code = 'PCS')
      from generate_series(0, ${total}) as i order by i returning id`.execute(db)
    ).rows.map((r) => r.id);
    const lines: { parent: string; child: string; lineNo: number; dosage: number; loss: number }[] = [];
    let previous = [ids[0]!];
    let next = 1;
    for (const size of LEVELS) {
      const level: string[] = [];
      for (let i = 0; i < size; i++, next++) {
        const parent = previous[i % previous.length]!;
        lines.push({
          parent,
          child: ids[next]!,
          lineNo: 10 * (Math.floor(i / previous.length) + 1),
          dosage: 1 + (i % 4),
          loss: i % 3,
        });
        level.push(ids[next]!);
      }
      previous = level;
    }
    for (let i = 0; i < lines.length; i += 500) {
      await db
        .insertInto('bom_line')
        .values(
          lines.slice(i, i + 500).map((l) => ({
            tenant_id: tenant,
            parent_material_id: l.parent,
            component_material_id: l.child,
            line_no: l.lineNo,
            dosage: l.dosage,
            loss_rate: l.loss,
          })),
        )
        .execute();
    }

    const app = await buildApi({ db, config, logger: false });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        authorization: `Basic ${Buffer.from(`${config.webClientId}:${config.webClientSecret}`).toString('base64')}`,
      },
      payload: { tenantCode: 'demo', account: 'admin', password: PASSWORD },
    });
    const headers = { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };
    const url = `/api/basic-system/bom/explode?materialId=${ids[0]}&quantity=100`;
    const check = await app.inject({ method: 'GET', url, headers });
    const body = check.json() as { data: { rows: unknown[]; totals: unknown[] } };
    if (check.statusCode !== 200 || body.data.rows.length !== total)
      throw new Error(`explode: ${check.statusCode} ${check.body.slice(0, 200)}`);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - t0);
    }
    const median = pct(times, 0.5);
    rows.push([
      `BOM explosion via API, 5 levels, ${total.toLocaleString('en')} lines (PGlite): median / slowest of ${RUNS}`,
      `${ms(median)} / ${ms(Math.max(...times))}  ${median < BUDGET_MS ? 'within' : 'OVER'} ${BUDGET_MS} ms`,
    ]);

    const graph: BomLine[] = lines.map((l, i) => ({
      id: `l${i}`,
      parent: l.parent,
      child: l.child,
      dosage: l.dosage,
      lossRate: l.loss,
      serialNumber: l.lineNo,
    }));
    const mem: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      totals(explode(graph, ids[0]!, 100));
      mem.push(performance.now() - t0);
    }
    rows.push([`BOM explosion in memory (model/bom.ts), same BOM: median of ${RUNS}`, ms(pct(mem, 0.5))]);
    await app.close();
  } finally {
    await database.close();
  }
}

/** `BENCH_ONLY=bom`: this part alone, printed. */
export async function runBomBench(): Promise<void> {
  const rows: Row[] = [];
  await bomBench(rows);
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('\n' + rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
}
