/**
 * SECURITY-TESTS T4.2: model-based testing of the resource engine with fast-check commands. Random
 * sequences (up to 30 steps) of create, update, delete, export and import on units must leave the
 * API's rows equal to an in-memory model after every step, and never touch another tenant's rows.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../model/api';
import { apiPath, type ResourceRow } from '../../model/engine';
import { unit } from '../../model/resources';
import { createTenant } from '../../server/tenants/provision';
import { PASSWORD, call, loginToken, startHarness, type Harness } from './harness';

const RUNS = Number(process.env.MODEL_RUNS ?? 100);
const TYPES = ['quantity', 'weight', 'length'] as const;
type Unit = { name: string; type: (typeof TYPES)[number]; accuracy: number };
interface Model {
  rows: Map<string, Unit>;
}
interface Real {
  prefix: string;
  ids: Map<string, string>;
}

describe('the engine against a model (T4.2)', () => {
  let h: Harness;
  let token: string;
  let factory: string;
  let otherToken: string;
  let otherFactory: string;
  let runNo = 0;

  const headers = () => ({ 'x-factory-id': factory });
  const listAll = async (prefix: string, tok = token, fac = factory) =>
    (
      await call<Page<ResourceRow>>(h.app, 'GET', `${apiPath(unit)}?size=200&code=${encodeURIComponent(prefix)}`, {
        token: tok,
        headers: { 'x-factory-id': fac },
      })
    ).body.data.records;

  async function matches(m: Model, r: Real) {
    const rows = await listAll(r.prefix);
    const actual = Object.fromEntries(
      rows.map((x) => [x.code as string, { name: x.name, type: x.type, accuracy: x.accuracy }]),
    );
    expect(actual).toEqual(Object.fromEntries(m.rows));
    // Remember the ids the API gave, as a client would.
    r.ids = new Map(rows.map((x) => [x.code as string, x.id]));
  }

  const codeArb = fc.integer({ min: 0, max: 7 });
  const unitArb = fc.record({
    name: fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((s) => s.trim() === s && s.trim().length > 0 && !/[\u0000-\u001f]/.test(s)),
    type: fc.constantFrom(...TYPES),
    accuracy: fc.integer({ min: 0, max: 9 }),
  });
  const code = (r: Real, n: number) => `${r.prefix}${n}`;

  class Create implements fc.AsyncCommand<Model, Real> {
    constructor(
      readonly n: number,
      readonly u: Unit,
    ) {}
    check = () => true;
    async run(m: Model, r: Real) {
      const c = code(r, this.n);
      const res = await call(h.app, 'POST', apiPath(unit), { token, headers: headers(), body: { code: c, ...this.u } });
      if (m.rows.has(c)) expect(res.status, JSON.stringify(res.body)).toBe(409);
      else {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        m.rows.set(c, this.u);
      }
      await matches(m, r);
    }
    toString = () => `create(${this.n}, ${JSON.stringify(this.u)})`;
  }

  class Update implements fc.AsyncCommand<Model, Real> {
    constructor(
      readonly n: number,
      readonly u: Partial<Unit>,
    ) {}
    check = (m: Readonly<Model>) => m.rows.size > 0;
    async run(m: Model, r: Real) {
      const c = code(r, this.n);
      const id = r.ids.get(c);
      if (!id) return; // not there: nothing to update through the screen
      const res = await call(h.app, 'PUT', `${apiPath(unit)}/${id}`, { token, headers: headers(), body: this.u });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      m.rows.set(c, { ...m.rows.get(c)!, ...this.u });
      await matches(m, r);
    }
    toString = () => `update(${this.n}, ${JSON.stringify(this.u)})`;
  }

  class Delete implements fc.AsyncCommand<Model, Real> {
    constructor(readonly ns: number[]) {}
    check = (m: Readonly<Model>) => m.rows.size > 0;
    async run(m: Model, r: Real) {
      const codes = [...new Set(this.ns.map((n) => code(r, n)))];
      const ids = codes.map((c) => r.ids.get(c) ?? '00000000-0000-4000-8000-000000000000');
      const res = await call(h.app, 'DELETE', apiPath(unit), { token, headers: headers(), body: { ids } });
      // All or nothing: one missing row and nothing is deleted.
      if (codes.every((c) => m.rows.has(c))) {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        for (const c of codes) m.rows.delete(c);
      } else expect(res.status, JSON.stringify(res.body)).toBe(404);
      await matches(m, r);
    }
    toString = () => `delete(${this.ns.join(',')})`;
  }

  class Export implements fc.AsyncCommand<Model, Real> {
    check = () => true;
    async run(m: Model, r: Real) {
      const res = await h.app.inject({
        method: 'GET',
        url: `${apiPath(unit)}/export?code=${encodeURIComponent(r.prefix)}`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'en', ...headers() },
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const codes: string[] = [];
      ws.eachRow((row, i) => {
        if (i > 1) codes.push(String(row.getCell(1).value));
      });
      expect(codes.sort()).toEqual([...m.rows.keys()].sort());
    }
    toString = () => 'export()';
  }

  class Import implements fc.AsyncCommand<Model, Real> {
    constructor(readonly rows: [number, Unit][]) {}
    check = () => true;
    async run(m: Model, r: Real) {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Units');
      ws.addRow(['code', 'name', 'type', 'accuracy']);
      const byCode = new Map(this.rows.map(([n, u]) => [code(r, n), u]));
      for (const [c, u] of byCode) ws.addRow([c, u.name, u.type, u.accuracy]);
      const file = Buffer.from(await wb.xlsx.writeBuffer());
      const boundary = '----model';
      const res = await h.app.inject({
        method: 'POST',
        url: `${apiPath(unit)}/import`,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...headers(),
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      for (const [c, u] of byCode) m.rows.set(c, u);
      await matches(m, r);
    }
    toString = () => `import(${JSON.stringify(this.rows)})`;
  }

  const commands = [
    fc.tuple(codeArb, unitArb).map(([n, u]) => new Create(n, u)),
    fc
      .tuple(
        codeArb,
        fc.record({ name: unitArb.map((u) => u.name), accuracy: fc.integer({ min: 0, max: 9 }) }, { requiredKeys: [] }),
      )
      .map(([n, u]) => new Update(n, u)),
    fc.array(codeArb, { minLength: 1, maxLength: 3 }).map((ns) => new Delete(ns)),
    fc.constant(new Export()),
    fc.array(fc.tuple(codeArb, unitArb), { minLength: 1, maxLength: 4 }).map((rows) => new Import(rows)),
  ];

  beforeAll(async () => {
    h = await startHarness('pglite');
    token = await loginToken(h.app, 'demo', 'admin');
    factory = (
      await h.database.db.selectFrom('factory').select('id').where('code', '=', 'F001').executeTakeFirstOrThrow()
    ).id;
    const other = await createTenant(h.database.db, { code: 'model-other', name: 'Other', adminPassword: PASSWORD });
    otherFactory = other.factoryId;
    otherToken = await loginToken(h.app, 'model-other', 'admin');
    // The other tenant holds rows with the very codes the sequences will use.
    for (let n = 0; n < 8; n++) {
      for (let run = 0; run < 3; run++) {
        const r = await call(h.app, 'POST', apiPath(unit), {
          token: otherToken,
          headers: { 'x-factory-id': otherFactory },
          body: { code: `M${run}-${n}`, name: `Theirs ${n}`, type: 'weight', accuracy: 2 },
        });
        expect(r.status).toBe(200);
      }
    }
  }, 60_000);
  afterAll(async () => h?.close());

  it(`keeps the API equal to the model over ${RUNS} random sequences, and never touches another tenant`, async () => {
    const theirsBefore = await listAll('M', otherToken, otherFactory);
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (cmds) => {
        // A fresh code prefix per sequence; the first runs reuse the other tenant's codes on purpose.
        const prefix = `M${runNo++}-`;
        await fc.asyncModelRun(() => ({ model: { rows: new Map() }, real: { prefix, ids: new Map() } }), cmds);
      }),
      { numRuns: RUNS },
    );
    expect(await listAll('M', otherToken, otherFactory)).toEqual(theirsBefore);
  }, 600_000);
});
