/**
 * Import, export and template of the resource engine (issue 3): round trips, all-or-nothing with a
 * per-row error report, CSV, headers in any language, dry runs, large files as jobs.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../model/api';
import {
  IMPORT_JOB_THRESHOLD,
  IMPORT_MAX_BYTES,
  apiPath,
  ioFields,
  type ImportJob,
  type ImportResult,
  type ResourceDef,
  type ResourceRow,
} from '../../model/engine';
import { RESOURCES, customer, unit, warehouse, warehouseArea } from '../../model/resources';
import { createUser } from '../../server/tenants/provision';
import { translator } from '../../server/i18n';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { Maker, newGroup, seedDicts } from './resource-fixtures';
import { tenantIdOf } from './seeded';

type CellIn = string | number | boolean | null;

async function xlsx(rows: CellIn[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readBook(buf: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb;
}

/** The first sheet's rows as plain values (rich text and formulas as text). */
async function sheetRows(buf: Buffer): Promise<CellIn[][]> {
  const ws = (await readBook(buf)).worksheets[0]!;
  const out: CellIn[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const values = (row.values as unknown[]).slice(1);
    out.push(
      values.map((v) =>
        v === undefined || v === null
          ? null
          : typeof v === 'object'
            ? String((v as { text?: unknown }).text ?? '')
            : (v as CellIn),
      ),
    );
  });
  return out;
}

const label = (lang: string, key: string) => translator(lang as 'en').tm(key);
const headersOf = (def: ResourceDef, lang: string) => ioFields(def).map(([, f]) => label(lang, f.label!));

/** Comparable field values of rows (ids of refs are the same rows; timestamps and ids left out). */
const fieldsOf = (def: ResourceDef, rows: ResourceRow[]) =>
  rows
    .map((r) => Object.fromEntries(Object.keys(def.fields).map((k) => [k, r[k]])))
    .sort((a, b) => String(a[def.codeField]).localeCompare(String(b[def.codeField])));

describe.each(DIALECTS)('resource import and export [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let colleague: string; // another administrator of the same tenant
  let factory: string;
  let maker: Maker;

  const headers = (extra: Record<string, string> = {}) => ({ 'x-factory-id': factory, ...extra });
  const get = <T = unknown>(url: string, lang?: string, token = admin) =>
    call<T>(h.app, 'GET', url, { token, headers: headers(), lang });

  async function upload<T = ImportResult>(
    def: ResourceDef,
    file: Buffer,
    name: string,
    opts: { dryRun?: boolean; lang?: string } = {},
  ) {
    const boundary = `----engine${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const payload = Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await h.app.inject({
      method: 'POST',
      url: `${apiPath(def)}/import${opts.dryRun ? '?dryRun=1' : ''}`,
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': opts.lang ?? 'en',
        ...headers(),
      },
      payload,
    });
    return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: T } };
  }

  const list = async (def: ResourceDef, query: string) =>
    (await get<Page<ResourceRow>>(`${apiPath(def)}?size=500&${query}`)).body.data;

  async function exported(def: ResourceDef, query: string, lang = 'en') {
    const res = await h.app.inject({
      method: 'GET',
      url: `${apiPath(def)}/export?${query}`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': lang, ...headers() },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return { res, buf: res.rawPayload };
  }

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    const demo = await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
    factory = (
      await db
        .selectFrom('factory')
        .select('id')
        .where('tenant_id', '=', demo.id)
        .orderBy('code')
        .executeTakeFirstOrThrow()
    ).id;
    admin = await loginToken(h.app, 'demo', 'admin');
    await createUser(db, {
      tenantId: demo.id,
      account: 'admin2',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['admin'],
      factoryIds: [factory],
    });
    colleague = await loginToken(h.app, 'demo', 'admin2');
    maker = new Maker({ app: h.app, token: admin, factoryId: factory, dicts: await seedDicts(db, demo.id, RESOURCES) });
  });
  afterAll(async () => {
    await h?.close();
  });

  // Beside each definition, a scope too large to read its codes up front (IMPORT_KNOWN_CODES=1): codes looked up one by one.
  for (const [def, known] of [
    [unit, ''],
    [warehouseArea, ''],
    [customer, ''],
    [unit, '1'],
    [customer, '1'],
  ] as const) {
    it(`${def.name}: export → import gives identical rows (updated in place, then inserted anew)${known ? ', codes looked up one by one' : ''}`, async () => {
      if (known) process.env.IMPORT_KNOWN_CODES = known;
      else delete process.env.IMPORT_KNOWN_CODES;
      const group = newGroup();
      for (const suffix of ['A', 'B', 'C', 'D']) await maker.create(def, { [def.codeField]: `${group}${suffix}` });
      const before = (await list(def, `${def.codeField}=${group}`)).records;
      expect(before).toHaveLength(4);
      const { res, buf } = await exported(def, `${def.codeField}=${group}&sort=${def.codeField}&order=desc`);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(String(res.headers['content-disposition'])).toContain(
        `filename*=UTF-8''${encodeURIComponent(label('en', def.titleKey))}`,
      );
      const rows = await sheetRows(buf);
      expect(rows[0]).toEqual(headersOf(def, 'en'));
      expect(rows.slice(1).map((r) => r[0])).toEqual([`${group}D`, `${group}C`, `${group}B`, `${group}A`]);

      const again = await upload(def, buf, 'export.xlsx');
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.data).toMatchObject({ total: 4, inserted: 0, updated: 4, errors: [] });
      expect(fieldsOf(def, (await list(def, `${def.codeField}=${group}`)).records)).toEqual(fieldsOf(def, before));

      const del = await call(h.app, 'DELETE', apiPath(def), {
        token: admin,
        headers: headers(),
        body: { ids: before.map((r) => r.id) },
      });
      expect(del.status).toBe(200);
      const fresh = await upload(def, buf, 'export.xlsx');
      expect(fresh.body.data).toMatchObject({ total: 4, inserted: 4, updated: 0 });
      expect(fieldsOf(def, (await list(def, `${def.codeField}=${group}`)).records)).toEqual(fieldsOf(def, before));
      delete process.env.IMPORT_KNOWN_CODES;
    });
  }

  it('round-trips every definition: export, then import of the file changes nothing', async () => {
    for (const def of RESOURCES.filter((d) => d.verbs.includes('import') && d.verbs.includes('export'))) {
      const group = newGroup();
      await maker.create(def, { [def.codeField]: `${group}A` });
      await maker.create(def, { [def.codeField]: `${group}B` });
      const before = (await list(def, `${def.codeField}=${group}`)).records;
      const { buf } = await exported(def, `${def.codeField}=${group}`, 'zh-CN');
      const again = await upload(def, buf, `${def.name}.xlsx`, { lang: 'zh-CN' });
      expect(again.status, `${def.name}: ${JSON.stringify(again.body).slice(0, 500)}`).toBe(200);
      expect(again.body.data, def.name).toMatchObject({ total: 2, inserted: 0, updated: 2 });
      expect(fieldsOf(def, (await list(def, `${def.codeField}=${group}`)).records), def.name).toEqual(
        fieldsOf(def, before),
      );
    }
  });

  it('writes nothing when one row of 1,000 is bad, and reports exactly that row', async () => {
    const group = newGroup();
    const head = headersOf(unit, 'en');
    const rows: CellIn[][] = [head];
    // The bad row sits anywhere (T4.4); its position is in the failure message to replay it.
    const bad = Math.floor(Math.random() * 1000);
    for (let i = 0; i < 1000; i++)
      rows.push([`${group}${String(i).padStart(4, '0')}`, `Unit ${i}`, 'Weight', i === bad ? 12 : i % 10, null]);
    const res = await upload(unit, await xlsx(rows), 'units.xlsx');
    expect(res.status, `bad row at index ${bad}`).toBe(400);
    expect(res.body.data.errors, `bad row at index ${bad}`).toEqual([
      expect.objectContaining({ row: bad + 2, field: 'accuracy', key: 'validation.tooLarge' }),
    ]);
    expect(res.body.data.errors[0]!.message).toContain('Accuracy');
    expect(res.body.data.total).toBe(1000);
    expect(res.body.data.inserted + res.body.data.updated).toBe(0);
    expect((await list(unit, `code=${group}`)).total).toBe(0);

    // The report: the uploaded rows, an errors column, the bad cell highlighted.
    const report = await h.app.inject({
      method: 'GET',
      url: `${apiPath(unit)}/import/report/${res.body.data.reportId}`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(report.statusCode).toBe(200);
    const ws = (await readBook(report.rawPayload)).worksheets[0]!;
    expect(ws.getRow(1).getCell(head.length + 1).value).toBe('Errors');
    expect(ws.getRow(bad + 2).getCell(1).value).toBe(`${group}${String(bad).padStart(4, '0')}`);
    expect(String(ws.getRow(bad + 2).getCell(head.length + 1).value)).toContain('Accuracy');
    expect(ws.getRow(bad === 0 ? 3 : bad + 1).getCell(head.length + 1).value ?? null).toBeNull();
    const fill = ws.getRow(bad + 2).getCell(4).fill as ExcelJS.FillPattern;
    expect(fill.pattern).toBe('solid');
    expect(ws.actualRowCount).toBe(1001);
    // Only its uploader may fetch it.
    const foreign = await h.app.inject({
      method: 'GET',
      url: `${apiPath(unit)}/import/report/${res.body.data.reportId}`,
      headers: { authorization: `Bearer ${colleague}` },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('imports .csv (UTF-8 with or without BOM, quoted fields) with Chinese or English headers', async () => {
    const group = newGroup();
    const zh = headersOf(unit, 'zh-CN').join(',');
    const csv = `\ufeff${zh}\r\n${group}1,"Box, large",重量,2,"two\r\nlines"\r\n${group}2,"Say ""hi""",Length,1,\r\n`;
    const res = await upload(unit, Buffer.from(csv, 'utf8'), 'units.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, inserted: 2 });
    const rows = (await list(unit, `code=${group}&sort=code`)).records;
    expect(rows.map((r) => [r.code, r.name, r.type, r.accuracy, r.remark])).toEqual([
      [`${group}1`, 'Box, large', 'weight', 2, 'two\r\nlines'],
      [`${group}2`, 'Say "hi"', 'length', 1, null],
    ]);
    const en = `${headersOf(unit, 'en').join(',')}\n${group}3,Roll,quantity,0,\n`;
    const res2 = await upload(unit, Buffer.from(en, 'utf8'), 'no-bom.csv');
    expect(res2.body.data).toMatchObject({ total: 1, inserted: 1 });
  });

  it('reads headers, options and yes/no in any language or as keys, and refs by code', async () => {
    const group = newGroup();
    const wh = await maker.create(warehouse, { code: `${group}W` });
    const byKey = [
      ['code', 'name', 'warehouseId', 'type', 'inventoryArea', 'agv'],
      [`${group}1`, 'Area one', wh.code as string, label('vi', 'enum.areaType.receiving'), '否', 'Sí'],
    ];
    const res = await upload(warehouseArea, await xlsx(byKey), 'areas.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const zh = [headersOf(warehouseArea, 'zh-TW'), [`${group}2`, 'Area two', wh.code as string, 'storage', true, 0]];
    expect((await upload(warehouseArea, await xlsx(zh), 'areas.xlsx')).status).toBe(200);
    const rows = (await list(warehouseArea, `code=${group}&sort=code`)).records;
    expect(rows.map((r) => [r.warehouseId, r.type, r.inventoryArea, r.agv])).toEqual([
      [wh.id, 'receiving', false, true],
      [wh.id, 'storage', true, false],
    ]);

    const bad = [
      headersOf(warehouseArea, 'en'),
      [`${group}3`, 'Area three', 'NO-SUCH-WAREHOUSE', 'storage', 'maybe', null],
      [`${group}3`, 'Again', wh.code as string, 'storage', null, null],
    ];
    const r = await upload(warehouseArea, await xlsx(bad), 'areas.xlsx');
    expect(r.status).toBe(400);
    expect(r.body.data.errors.map((e) => [e.row, e.field, e.key])).toEqual([
      [2, 'warehouseId', 'validation.reference'],
      [2, 'inventoryArea', 'validation.boolean'],
      [3, 'code', 'resource.import.duplicateInFile'],
    ]);
    const noCode = await upload(warehouseArea, await xlsx([['name'], ['x']]), 'areas.xlsx');
    expect(noCode.status).toBe(400);
    expect(noCode.body.data.errors).toEqual([
      expect.objectContaining({ row: 1, field: 'code', key: 'resource.import.missingColumn' }),
    ]);
  });

  it('checks without writing on a dry run', async () => {
    const group = newGroup();
    const file = await xlsx([
      headersOf(unit, 'en'),
      [`${group}1`, 'One', 'Time', 0, null],
      [`${group}2`, 'Two', 'Time', 1, null],
    ]);
    const res = await upload(unit, file, 'units.xlsx', { dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ dryRun: true, total: 2, inserted: 2, updated: 0, errors: [] });
    expect((await list(unit, `code=${group}`)).total).toBe(0);
  });

  it('refuses other files by content (415) and files over the limit (413)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload(unit, png, 'units.xlsx')).status).toBe(415);
    expect((await upload(unit, Buffer.from('PK\u0003\u0004 not really a zip'), 'units.xlsx')).status).toBe(415);
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x61);
    expect((await upload(unit, big, 'units.csv')).status).toBe(413);
    // A small file can still hold too many rows (a zip bomb, or just too much at once).
    const many = Buffer.from(`code\n${'x\n'.repeat(200_001)}`);
    const tooMany = await upload(unit, many, 'units.csv');
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.msg).toContain('200,000');
  });

  it('exports with the list filters and sort, labels in the request language', async () => {
    const group = newGroup();
    await maker.create(unit, { code: `${group}1`, type: 'weight', accuracy: 1 });
    await maker.create(unit, { code: `${group}2`, type: 'length', accuracy: 2 });
    await maker.create(unit, { code: `${group}3`, type: 'weight', accuracy: 3 });
    const { buf } = await exported(unit, `code=${group}&type=weight&sort=accuracy&order=desc`, 'zh-CN');
    const rows = await sheetRows(buf);
    expect(rows[0]).toEqual(headersOf(unit, 'zh-CN'));
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3]])).toEqual([
      [`${group}3`, '重量', 3],
      [`${group}1`, '重量', 1],
    ]);
    const bad = await call(h.app, 'GET', `${apiPath(unit)}/export?sort=nope`, { token: admin });
    expect(bad.status).toBe(400);
  });

  it('offers a template with the headers and drop-downs of the options', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `${apiPath(customer)}/template`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(200);
    const wb = await readBook(res.rawPayload);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(headersOf(customer, 'es'));
    expect(ws.actualRowCount).toBe(1);
    const categoryCol = ioFields(customer).findIndex(([k]) => k === 'category') + 1;
    const validation = ws.getCell(2, categoryCol).dataValidation;
    expect(validation?.type).toBe('list');
    const lists = wb.getWorksheet('lists')!;
    const [ref] = validation!.formulae as string[];
    const col = /\$([A-Z]+)\$1:/.exec(ref!)![1]!;
    const options: unknown[] = [];
    lists.getColumn(col).eachCell((c) => options.push(c.value));
    const items = await h.database.db
      .selectFrom('dict_item as i')
      .innerJoin('dict as d', 'd.id', 'i.dict_id')
      .select('i.label')
      .where('d.type', '=', 'customer_category')
      .where('d.tenant_id', '=', await tenantIdOf(h.database.db))
      .orderBy('i.sort')
      .orderBy('i.value')
      .execute();
    expect(options).toEqual(items.map((i) => i.label));
    // And it imports as is: an empty template is an import of nothing.
    const empty = await upload(customer, res.rawPayload, 'template.xlsx');
    expect(empty.body.data, `${empty.status} ${empty.body.msg}`).toMatchObject({ total: 0, inserted: 0 });
  });

  it(`imports more than ${IMPORT_JOB_THRESHOLD} rows as a job with progress, for its uploader only`, async () => {
    const group = newGroup();
    const count = IMPORT_JOB_THRESHOLD + 1;
    const lines = [headersOf(unit, 'en').join(',')];
    for (let i = 0; i < count; i++)
      lines.push(`${group}${i.toString(36).padStart(4, '0')},Unit ${i},Quantity,${i % 10},`);
    const res = await upload(unit, Buffer.from(lines.join('\n')), 'many.csv');
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(202);
    const jobId = res.body.data.jobId!;
    expect(res.body.data).toMatchObject({ total: count, jobId: expect.any(String) });
    expect((await get(`${apiPath(unit)}/import/jobs/${jobId}`, 'en', colleague)).status).toBe(404);
    const seen: number[] = [];
    let job: ImportJob | null = null;
    for (let i = 0; i < 600; i++) {
      const r = await get<ImportJob>(`${apiPath(unit)}/import/jobs/${jobId}`);
      expect(r.status).toBe(200);
      job = r.body.data;
      seen.push(job.processed);
      if (job.status === 'succeeded' || job.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(job).toMatchObject({ status: 'succeeded', total: count, processed: count, fileName: 'many.csv' });
    expect(job!.result).toMatchObject({ inserted: count, updated: 0, errors: [] });
    expect(seen.every((p, i) => i === 0 || p >= seen[i - 1]!)).toBe(true);
    // PostgreSQL answers while the job's transaction is open; PGlite has one connection and waits.
    if (kind === 'postgres')
      expect(
        seen.some((p) => p > 0 && p < count),
        JSON.stringify(seen),
      ).toBe(true);
    // Over 10,000 matches the total is the planner's estimate, and the page says so.
    const page = (await list(unit, `code=${group}`)) as Page<ResourceRow> & { totalExact: boolean };
    expect(page.totalExact).toBe(false);
    expect(page.total).toBeGreaterThan(IMPORT_JOB_THRESHOLD);
    const stored = await h.database.db
      .selectFrom('tenant')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const n = await sql<{
      n: string;
    }>`select count(*) as n from unit where tenant_id = ${stored.id} and code like ${`${group}%`}`.execute(
      h.database.db,
    );
    expect(Number(n.rows[0]!.n)).toBe(count);
  });

  it('fails a job whole when its last row is bad, and keeps its file for the error report', async () => {
    const group = newGroup();
    const count = IMPORT_JOB_THRESHOLD + 1;
    const lines = [headersOf(unit, 'en').join(',')];
    for (let i = 0; i < count; i++)
      lines.push(
        `${group}${i.toString(36).padStart(4, '0')},Unit ${i},${i === count - 1 ? 'Nonsense' : 'Quantity'},${i % 10},`,
      );
    const res = await upload(unit, Buffer.from(lines.join('\n')), 'late-error.csv');
    expect(res.status).toBe(202);
    const jobId = res.body.data.jobId!;
    let job: ImportJob | null = null;
    for (let i = 0; i < 600 && job?.status !== 'failed' && job?.status !== 'succeeded'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await get<ImportJob>(`${apiPath(unit)}/import/jobs/${jobId}`)).body.data;
    }
    expect(job).toMatchObject({ status: 'failed', total: count });
    expect(job!.result!.errors.map((e) => [e.row, e.field])).toEqual([[count + 1, 'type']]);
    const stored = await h.database.db
      .selectFrom('tenant')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const n = await sql<{
      n: string;
    }>`select count(*) as n from unit where tenant_id = ${stored.id} and code like ${`${group}%`}`.execute(
      h.database.db,
    );
    expect(Number(n.rows[0]!.n)).toBe(0);
    const report = await h.app.inject({
      method: 'GET',
      url: `${apiPath(unit)}/import/report/${jobId}`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(report.statusCode).toBe(200);
    const ws = (await readBook(report.rawPayload)).worksheets[0]!;
    expect(ws.rowCount).toBe(count + 1);
  });
});
