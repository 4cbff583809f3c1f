/**
 * A new entity from its definition alone (issue 27): a throw-away definition gets its table from the
 * migration `npm run db:migration` would write, its menu entry and permissions from the catalogue,
 * its routes from the engine, and then its list, import and export work like every other entity's.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../model/api';
import { apiPath, defineResource, field, type ImportResult, type ResourceRow } from '../../model/engine';
import { menuCatalogue } from '../../model/catalogue';
import { MASTER_DATA, RESOURCES } from '../../model/resources';
import { buildApi } from '../../server/app';
import { applyRowLevelSecurity } from '../../server/db/index';
import { schemaChanges } from '../../server/db/ddl';
import { SECOND_TENANT } from '../../server/seed';
import { seedMenu } from '../../server/seed/menu';
import { DIALECTS, call, loginToken, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

/** The one file a developer writes (with its locale keys and, if wanted, demo rows). */
const gauge = defineResource({
  name: 'gauge',
  service: 'basic-system',
  scope: 'factory',
  permissions: 'basic:gauge',
  menu: { group: 'equipment' },
  fields: {
    code: field.code({ max: 32 }),
    name: field.text({ required: true, max: 64, search: true }),
    deviceClassId: field.ref('device-class'),
    rangeMax: field.decimal({ scale: 2, min: 0 }),
    calibratedOn: field.date(),
    remark: field.textarea({ max: 255 }),
  },
});

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(DIALECTS)('a new entity from its definition [%s]', (kind) => {
  let h: Harness;
  let app: Awaited<ReturnType<typeof buildApi>>;
  let token: string;
  let factory: string;
  let tenant: string;
  const headers = () => ({ 'x-factory-id': factory, 'accept-language': 'en' });

  beforeAll(async () => {
    h = await startHarness(kind, { DEMO_SECOND_TENANT: 'on' });
    const db = h.database.db;
    // What `npm run db:migration` finds and writes: the new table, nothing else.
    const changes = await schemaChanges(db, [...RESOURCES, gauge]);
    expect(changes.map((c) => [c.resource, c.kind])).toEqual([['gauge', 'table']]);
    await h.database.runScript(changes.map((c) => c.sql).join('\n'));
    await applyRowLevelSecurity(h.database);
    // What the next start-up does: the catalogue's new entries go into the menu, granted to administrators.
    expect(await seedMenu(db, menuCatalogue([...MASTER_DATA, gauge]))).toBe(6);
    app = await buildApi({ db, config: h.config, logger: false, resources: [...RESOURCES, gauge] });
    await app.ready();
    tenant = await tenantIdOf(db);
    factory = (
      await db
        .selectFrom('factory')
        .select('id')
        .where('tenant_id', '=', tenant)
        .orderBy('code')
        .executeTakeFirstOrThrow()
    ).id;
    token = await loginToken(app, 'demo', 'admin');
  });
  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  it('sits in the equipment catalogue of the menu with its buttons', async () => {
    const rows = await sql<{ code: string; parent: string | null }>`
      select m.code, p.code as parent from menu m left join menu p on p.id = m.parent_id
      where m.code like 'basic:gauge%' order by m.code`.execute(h.database.db);
    expect(rows.rows).toEqual([
      { code: 'basic:gauge', parent: 'catalogue:equipment' },
      ...['add', 'delete', 'edit', 'export', 'import'].map((b) => ({
        code: `basic:gauge:${b}`,
        parent: 'basic:gauge',
      })),
    ]);
  });

  const exportSheet = async (lang = 'en') => {
    const res = await app.inject({
      method: 'GET',
      url: `${apiPath(gauge)}/export`,
      headers: { ...headers(), 'accept-language': lang, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  it('imports a sheet, lists the rows, and exports them again', async () => {
    // An empty export is the sheet to fill in: its header row names the definition's columns.
    const [head, ...none] = await exportSheet();
    expect(none).toEqual([]);
    expect(head).toHaveLength(Object.keys(gauge.fields).length);
    const book = await xlsx([
      head as string[],
      ['G-001', 'Caliper 150 mm', 'TOOL', 150, '2026-03-01', null],
      ['G-002', 'Torque gauge', 'TOOL', 25.5, '2026-05-12', 'Bench 2'],
    ]);
    const boundary = `----gauge${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gauges.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      book,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await app.inject({
      method: 'POST',
      url: `${apiPath(gauge)}/import`,
      headers: {
        ...headers(),
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((imported.json() as { data: ImportResult }).data).toMatchObject({ inserted: 2, errors: [] });

    // The rows are in the table, in the caller's tenant and factory, the reference resolved to the class.
    const stored = await sql<{ code: string; tenant_id: string; factory_id: string; class_code: string }>`
      select g.code, g.tenant_id, g.factory_id, c.code as class_code
      from gauge g join device_class c on c.id = g.device_class_id order by g.code`.execute(h.database.db);
    expect(stored.rows).toEqual([
      { code: 'G-001', tenant_id: tenant, factory_id: factory, class_code: 'TOOL' },
      { code: 'G-002', tenant_id: tenant, factory_id: factory, class_code: 'TOOL' },
    ]);

    const list = await call<Page<ResourceRow>>(app, 'GET', `${apiPath(gauge)}?size=10&name=torque`, {
      token,
      headers: headers(),
    });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.records[0]).toMatchObject({ code: 'G-002', calibratedOn: '2026-05-12' });
    expect(Number(list.body.data.records[0]!.rangeMax)).toBe(25.5);

    const [, ...rows] = await exportSheet();
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ['G-001', 'Caliper 150 mm', 'TOOL'],
      ['G-002', 'Torque gauge', 'TOOL'],
    ]);
  });

  it('stays behind the tenant wall: another tenant lists none of the rows, nor reads them through this factory', async () => {
    const foreign = await loginToken(app, SECOND_TENANT.code, SECOND_TENANT.account);
    const own = await sql<{ id: string }>`
      select f.id from factory f join tenant t on t.id = f.tenant_id where t.code = ${SECOND_TENANT.code} limit 1`.execute(
      h.database.db,
    );
    const mine = await call<Page<ResourceRow>>(app, 'GET', `${apiPath(gauge)}?size=10`, {
      token: foreign,
      headers: { 'x-factory-id': own.rows[0]!.id },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.total).toBe(0);
    const theirs = await call(app, 'GET', `${apiPath(gauge)}?size=10`, { token: foreign, headers: headers() });
    expect(theirs.status).toBe(403);
  });
});
