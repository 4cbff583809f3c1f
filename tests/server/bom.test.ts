/**
 * Bills of materials (issue 7): lines with validation in the user's language, cycles refused (direct,
 * through levels, in an import file), explosion with loss, where-used, import all or nothing with a
 * row report, export → import, tenant isolation and 403 per verb.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BomExplosion, BomImportResult, BomLineRow, BomProduct, BomTree, BomWhereUsed } from '../../model/bom';
import type { Page } from '../../model/api';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf, tenantIdOf } from './seeded';

const API = '/api/basic-system/bom';
const VERBS = ['view', 'add', 'edit', 'delete', 'import', 'export'] as const;

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function sheetRows(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow({ includeEmpty: false }, (row) =>
    out.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? null)),
  );
  return out;
}

const HEAD_EN = [
  'Product part number',
  'Serial number',
  'Component part number',
  'Dosage',
  'Dosage unit',
  'Loss rate (%)',
  'Priority',
  'ECN order number',
];

describe.each(DIALECTS)('BOM [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let other: string;
  let demoId: string;
  const ids = new Map<string, string>(); // material code → id (demo tenant)
  const without = new Map<string, string>();
  let foreignMaterial: string;

  const req = <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token = admin,
    lang = 'en',
  ) => call<T>(h.app, method, url, { token, body, lang });
  const add = (
    parent: string,
    component: string,
    lineNo: number,
    dosage: number,
    extra: Record<string, unknown> = {},
  ) =>
    req<BomLineRow>('POST', `${API}/line`, {
      parentId: ids.get(parent),
      componentId: ids.get(component),
      lineNo,
      dosage,
      ...extra,
    });

  async function upload<T = BomImportResult>(file: Buffer, url = `${API}/import`, token = admin) {
    const boundary = `----bom${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bom.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const res = await h.app.inject({
      method: 'POST',
      url,
      payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'accept-language': 'en',
      },
    });
    return {
      status: res.statusCode,
      res,
      body: (String(res.headers['content-type']).includes('json') ? res.json() : null) as { data: T } | null,
    };
  }

  async function materials(tenantId: string, codes: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const code of codes) {
      const r = await sql<{ id: string }>`insert into material (tenant_id, code, name, type, basic_unit_id)
        values (${tenantId}::uuid, ${code}, ${`Material ${code}`}, 'raw', (select id from unit where tenant_id = ${tenantId}::uuid order by code limit 1)) returning id`.execute(
        h.database.db,
      );
      out.set(code, r.rows[0]!.id);
    }
    return out;
  }

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    demoId = await tenantIdOf(db);
    admin = await loginToken(h.app, 'demo', 'admin');
    for (const [k, v] of await materials(demoId, [
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
      'X1',
      'X2',
      'X3',
      'R1',
      'R2',
      'R3',
    ]))
      ids.set(k, v);
    const acme = await createTenant(db, { code: 'acme', name: 'Acme', adminPassword: PASSWORD });
    other = await loginToken(h.app, 'acme', 'admin');
    await sql`insert into unit (tenant_id, code, name, type) values (${acme.tenantId}::uuid, 'PCS', 'Piece', 'quantity')`.execute(
      db,
    );
    foreignMaterial = (await materials(acme.tenantId, ['A'])).get('A')!;

    const menus = await db.selectFrom('menu').select(['id', 'perms']).execute();
    const factory = await factoryIdOf(db, demoId, 'F001');
    for (const verb of VERBS) {
      const role = await db
        .insertInto('role')
        .values({ tenant_id: demoId, code: `bom-no-${verb}`, name: `Without ${verb}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const granted = menus.filter((m) => m.perms !== `basic:bom:${verb}`);
      await db
        .insertInto('role_menu')
        .values(granted.map((m) => ({ tenant_id: demoId, role_id: role.id, menu_id: m.id })))
        .execute();
      await createUser(db, {
        tenantId: demoId,
        account: `bom-no-${verb}`,
        password: PASSWORD,
        passwordHash: await passwordHash(),
        roles: [`bom-no-${verb}`],
        factoryIds: [factory],
      });
      without.set(verb, await loginToken(h.app, 'demo', `bom-no-${verb}`));
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  it('adds, edits and deletes lines, with validation messages naming the field', async () => {
    const created = await add('X1', 'X2', 10, 2.5, { lossRate: 4, priority: 1, ecnNumber: 'ECN-1' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      lineNo: 10,
      dosage: 2.5,
      lossRate: 4,
      priority: 1,
      ecnNumber: 'ECN-1',
      component: { code: 'X2' },
    });

    const bad = await req<{ errors: { field: string; key: string; message: string }[] }>('POST', `${API}/line`, {
      parentId: ids.get('X1'),
      componentId: ids.get('X3'),
      lineNo: 0,
      dosage: -1,
      lossRate: 101,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e) => [e.field, e.key])).toEqual(
      expect.arrayContaining([
        ['lineNo', 'validation.tooSmall'],
        ['dosage', 'validation.tooSmall'],
        ['lossRate', 'validation.tooLarge'],
      ]),
    );
    expect(bad.body.data.errors.find((e) => e.field === 'dosage')!.message).toBe('Dosage is too small');
    const zh = await req<{ errors: { field: string; message: string }[] }>(
      'POST',
      `${API}/line`,
      { parentId: ids.get('X1'), componentId: ids.get('X3'), lineNo: 20 },
      admin,
      'zh-CN',
    );
    expect(zh.body.data.errors).toContainEqual(
      expect.objectContaining({ field: 'dosage', message: expect.stringContaining('用量') }),
    );

    const taken = await add('X1', 'X3', 10, 1);
    expect(taken.status).toBe(400);
    expect(taken.body.msg).toBe('Serial number 10 is already used in this material');
    const twice = await add('X1', 'X2', 20, 1);
    expect((twice.body.data as unknown as { errors: { key: string }[] }).errors[0]!.key).toBe(
      'validation.bomComponentTwice',
    );

    const edited = await req<BomLineRow>('PUT', `${API}/line/${created.body.data.id}`, {
      componentId: ids.get('X3'),
      lineNo: 15,
      dosage: 3,
      ecnNumber: '',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({
      lineNo: 15,
      dosage: 3,
      lossRate: 0,
      ecnNumber: null,
      component: { code: 'X3' },
    });
    const tree = await req<BomTree>('GET', `${API}/tree?materialId=${ids.get('X1')}`);
    expect(tree.body.data.children.map((c) => [c.lineNo, c.component.code])).toEqual([[15, 'X3']]);

    expect((await req('DELETE', `${API}/line`, { ids: [created.body.data.id] })).status).toBe(200);
    expect((await req<BomTree>('GET', `${API}/tree?materialId=${ids.get('X1')}`)).body.data.children).toEqual([]);
    expect((await req('DELETE', `${API}/line`, { ids: [created.body.data.id] })).status).toBe(404);
  });

  it('refuses a direct and an indirect cycle, naming the path', async () => {
    const self = await add('R1', 'R1', 10, 1);
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('Component part number would make a cycle: R1 → R1');
    expect((await add('R1', 'R2', 10, 1)).status).toBe(200);
    const direct = await add('R2', 'R1', 10, 1);
    expect(direct.status).toBe(400);
    expect(direct.body.data).toEqual({
      errors: [
        {
          field: 'componentId',
          key: 'validation.bomCycle',
          message: 'Component part number would make a cycle: R2 → R1 → R2',
        },
      ],
    });
    const r23 = await add('R2', 'R3', 10, 1);
    expect(r23.status).toBe(200);
    expect((await add('R3', 'R1', 10, 1)).body.msg).toBe('Component part number would make a cycle: R3 → R1 → R2 → R3');
    // An edit that would close the loop is refused too.
    const r3line = await add('R3', 'X1', 10, 1);
    expect(
      (await req('PUT', `${API}/line/${r3line.body.data.id}`, { componentId: ids.get('R1'), lineNo: 10, dosage: 1 }))
        .status,
    ).toBe(400);
    // Concurrent writers each adding one half of a loop: the lock lets exactly one of them land.
    const both = await Promise.all([add('X3', 'R1', 10, 1), add('R3', 'X3', 20, 1)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const loop = await Promise.all([add('X2', 'X3', 10, 1), add('X3', 'X2', 20, 1)]);
    expect(loop.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('explodes a three-level BOM with loss at every level, summed per component', async () => {
    // A: 2 B (10 % loss), 3 C; B: 4 C (5 % loss), 1 D; C: 0.5 E (20 % loss).
    for (const [p, c, n, d, loss] of [
      ['A', 'B', 10, 2, 10],
      ['A', 'C', 20, 3, 0],
      ['B', 'C', 10, 4, 5],
      ['B', 'D', 20, 1, 0],
      ['C', 'E', 10, 0.5, 20],
    ] as const) {
      expect((await add(p, c, n, d, { lossRate: loss })).status).toBe(200);
    }
    const r = await req<BomExplosion>('GET', `${API}/explode?materialId=${ids.get('A')}&quantity=10`);
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x) => [x.path.join('/'), x.level, x.quantity])).toEqual([
      ['A/B', 1, 22],
      ['A/B/C', 2, 92.4],
      ['A/B/C/E', 3, 55.44],
      ['A/B/D', 2, 22],
      ['A/C', 1, 30],
      ['A/C/E', 2, 18],
    ]);
    expect(r.body.data.totals.map((t) => [t.component.code, t.quantity, t.lowLevel])).toEqual([
      ['B', 22, 1],
      ['C', 122.4, 2],
      ['D', 22, 2],
      ['E', 73.44, 3],
    ]);
    const bad = await req('GET', `${API}/explode?materialId=${ids.get('A')}&quantity=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('Quantity is too small');
  });

  it('finds where a component is used, through levels', async () => {
    const r = await req<BomWhereUsed>('GET', `${API}/where-used?materialId=${ids.get('E')}`);
    expect(r.body.data.rows.map((x) => [x.parent.code, x.level, x.path.join('/')])).toEqual([
      ['C', 1, 'C/E'],
      ['A', 2, 'A/C/E'],
      ['B', 2, 'B/C/E'],
    ]);
    const products = await req<Page<BomProduct>>('GET', `${API}/products?keyword=Material%20B`);
    expect(products.body.data.records.map((p) => [p.code, p.lineCount])).toEqual([['B', 2]]);
  });

  it('imports all or nothing, with a per-row, per-field report (a bad unit, a cycle in the file)', async () => {
    const before = (await req<BomTree>('GET', `${API}/tree?materialId=${ids.get('F')}`)).body.data.children;
    const file = await xlsx([
      HEAD_EN,
      ['F', 10, 'G', 2, 'PCS', 1, null, 'ECN-9'],
      ['F', 20, 'D', 1, 'NOPE', 0, null, null],
      ['G', 10, 'F', 1, 'PCS', 0, null, null],
      ['F', 30, 'MISSING', 1, null, null, null, null],
    ]);
    const r = await upload(file);
    expect(r.status).toBe(400);
    expect(r.body!.data.errors.map((e) => [e.row, e.field, e.key])).toEqual([
      [3, 'dosageUnitId', 'validation.reference'],
      [4, 'componentId', 'validation.bomCycle'],
      [5, 'componentId', 'validation.reference'],
    ]);
    expect(r.body!.data.errors[1]!.message).toBe('Component part number would make a cycle: G → F → G');
    expect((await req<BomTree>('GET', `${API}/tree?materialId=${ids.get('F')}`)).body.data.children).toEqual(before);

    const report = await h.app.inject({
      method: 'GET',
      url: `${API}/import/report/${r.body!.data.reportId}`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(report.statusCode).toBe(200);
    const rows = await sheetRows(report.rawPayload);
    expect(rows[0]!.at(-1)).toBe('Errors');
    expect(String(rows[2]!.at(-1))).toContain('Dosage unit');
    expect(rows[1]!.length).toBe(HEAD_EN.length); // a good row has no message

    const good = await upload(
      await xlsx([HEAD_EN, ['F', 10, 'G', 2, 'PCS', 1, null, 'ECN-9'], ['F', 20, 'D', 1, null, 0, 3, null]]),
    );
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body!.data).toMatchObject({ total: 2, inserted: 2, updated: 0, errors: [] });
  });

  it('round-trips export → import without changes, and export headers follow the language', async () => {
    const tree = async () => (await req<BomTree>('GET', `${API}/tree?materialId=${ids.get('A')}`)).body.data;
    const before = await tree();
    const res = await h.app.inject({
      method: 'GET',
      url: `${API}/export?materialId=${ids.get('A')}`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(HEAD_EN);
    expect(rows.slice(1).map((r) => Array.from({ length: 8 }, (_, i) => r[i] ?? null))).toEqual([
      ['A', 10, 'B', 2, null, 10, null, null],
      ['A', 20, 'C', 3, null, 0, null, null],
      ['B', 10, 'C', 4, null, 5, null, null],
      ['B', 20, 'D', 1, null, 0, null, null],
      ['C', 10, 'E', 0.5, null, 20, null, null],
    ]);
    const again = await upload(res.rawPayload);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body!.data).toMatchObject({ total: 5, inserted: 0, updated: 5 });
    const strip = (t: BomTree): unknown =>
      JSON.parse(JSON.stringify(t, (k, v) => (k === 'id' || k === 'updatedAt' ? undefined : v)));
    expect(strip(await tree())).toEqual(strip(before));
    const zh = await h.app.inject({
      method: 'GET',
      url: `${API}/template`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh-CN' },
    });
    expect((await sheetRows(zh.rawPayload))[0]![0]).toBe('成品料号');
  });

  it('keeps another tenant out: their ids 404, their materials refused', async () => {
    const line = await add('G', 'E', 10, 1);
    expect(line.status).toBe(200);
    expect((await req('GET', `${API}/tree?materialId=${ids.get('A')}`, undefined, other)).status).toBe(404);
    expect((await req('GET', `${API}/explode?materialId=${ids.get('A')}`, undefined, other)).status).toBe(404);
    expect(
      (
        await req(
          'PUT',
          `${API}/line/${line.body.data.id}`,
          { componentId: foreignMaterial, lineNo: 1, dosage: 1 },
          other,
        )
      ).status,
    ).toBe(404);
    expect((await req('DELETE', `${API}/line`, { ids: [line.body.data.id] }, other)).status).toBe(404);
    expect((await req<Page<BomProduct>>('GET', `${API}/products`, undefined, other)).body.data.total).toBe(0);
    const foreign = await req<{ errors: { field: string; key: string }[] }>('POST', `${API}/line`, {
      parentId: ids.get('G'),
      componentId: foreignMaterial,
      lineNo: 20,
      dosage: 1,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.errors).toEqual([
      expect.objectContaining({ field: 'componentId', key: 'validation.reference' }),
    ]);
    expect((await req('GET', `${API}/tree?materialId=${ids.get('G')}`)).status).toBe(200);
  });

  it('answers 403 for each verb the role lacks', async () => {
    const a = ids.get('A')!;
    const checks: [string, () => Promise<number>][] = [
      ['view', async () => (await req('GET', `${API}/tree?materialId=${a}`, undefined, without.get('view'))).status],
      ['view', async () => (await req('GET', `${API}/explode?materialId=${a}`, undefined, without.get('view'))).status],
      [
        'add',
        async () =>
          (
            await req(
              'POST',
              `${API}/line`,
              { parentId: a, componentId: ids.get('G'), lineNo: 90, dosage: 1 },
              without.get('add'),
            )
          ).status,
      ],
      [
        'edit',
        async () =>
          (
            await req(
              'PUT',
              `${API}/line/${ids.get('A')}`,
              { componentId: a, lineNo: 1, dosage: 1 },
              without.get('edit'),
            )
          ).status,
      ],
      ['delete', async () => (await req('DELETE', `${API}/line`, { ids: [a] }, without.get('delete'))).status],
      ['import', async () => (await upload(await xlsx([HEAD_EN]), `${API}/import`, without.get('import'))).status],
      ['export', async () => (await req('GET', `${API}/export`, undefined, without.get('export'))).status],
    ];
    for (const [verb, run] of checks) expect(await run(), verb).toBe(403);
    expect((await req('GET', `${API}/tree?materialId=${a}`, undefined, without.get('add'))).status).toBe(200);
  });

  it('seeds the demo tenant a two-level BOM', async () => {
    const meter = (await req<Page<BomProduct>>('GET', `${API}/products?keyword=METER-1P-DDSU`)).body.data.records[0]!;
    const tree = (await req<BomTree>('GET', `${API}/tree?materialId=${meter.id}`)).body.data;
    expect(tree.children.map((c) => c.component.code)).toEqual([
      'PCBA-METER-1P',
      'CASE-METER-1P',
      'SCREW-M3X8',
      'CTN-METER',
    ]);
    expect(tree.children[0]!.children.map((c) => c.component.code)).toEqual([
      'IC-MCU-STM32',
      'RES-0603-10K',
      'CAP-0402-100N',
    ]);
  });
});
