/**
 * Print templates and packaging rules through the API (issue 6): the demo rows, validation of the
 * template's default quantity and layout, the packaging rule's references, and rendering a template
 * to PDF (permission, tenant, data and copies).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../../server/tenants/provision';
import { fillCount, pageCount, shownText } from '../unit/pdf-text';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

const TEMPLATES = '/api/basic-system/print-template';
const PACKAGING = '/api/basic-system/packaging-rule';
type Errors = { errors: { field: string; key: string; message: string }[] };

const template = {
  code: 'SHIP-LABEL',
  name: 'Shipping label',
  templateType: 'label',
  fileType: 'pdf',
  codeType: 'code128',
  colour: 'black',
  defaultQuantity: 2,
  pageWidth: 80,
  pageHeight: 50,
  defaultContent: 'order=SO-1001\nqty=12',
  items: [
    { type: 'text', text: 'SHIP TO', x: 4, y: 4, width: 40, height: 6, fontSize: 12 },
    { type: 'text', key: 'order', x: 4, y: 12, width: 40, height: 6, fontSize: 10 },
    { type: 'barcode', key: 'order', x: 4, y: 20, width: 60, height: 14 },
    { type: 'qrcode', key: 'order', x: 66, y: 4, width: 12, height: 12 },
  ],
};

describe.each(DIALECTS)('print templates and packaging rules [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let viewer: string;
  let otherAdmin: string;
  let tenantId: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    await createUser(db, {
      tenantId,
      account: 'line.worker',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['staff'],
    });
    await createTenant(db, { code: 'other', name: 'Other Co', adminPassword: PASSWORD });
    admin = await loginToken(h.app, 'demo', 'admin');
    viewer = await loginToken(h.app, 'demo', 'line.worker');
    otherAdmin = await loginToken(h.app, 'other', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const req = <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = admin, lang = 'en') =>
    call<T>(h.app, method, url, { token, body, lang });
  const idOf = async (table: string, code: string) =>
    (
      await sql<{
        id: string;
      }>`select id from ${sql.table(table)} where tenant_id = ${tenantId} and code = ${code}`.execute(h.database.db)
    ).rows[0]!.id;

  it('lists the demo templates and packaging rules, the carton rule printing with the carton label', async () => {
    const templates = await req<{ records: { code: string }[] }>('GET', `${TEMPLATES}?size=50`);
    expect(templates.status).toBe(200);
    expect(templates.body.data.records.map((r) => r.code).sort()).toEqual(['CARTON-LABEL', 'METER-LABEL', 'PCB-LABEL']);
    const rules = await req<{
      records: { code: string; printTemplateId: string | null; finalPackaging: boolean; targetQuantity: number }[];
    }>('GET', `${PACKAGING}?size=50`);
    expect(rules.status).toBe(200);
    const carton = rules.body.data.records.find((r) => r.code === 'PK-METER-CTN')!;
    expect(carton).toMatchObject({
      finalPackaging: true,
      targetQuantity: 24,
      printTemplateId: await idOf('print_template', 'CARTON-LABEL'),
    });
  });

  it("requires a numeric default quantity and keeps items on the page, in the caller's language", async () => {
    const missing = await req<Errors>('POST', TEMPLATES, { ...template, defaultQuantity: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.data.errors).toContainEqual(
      expect.objectContaining({ field: 'defaultQuantity', message: 'Default print quantity is required' }),
    );
    const text = await req<Errors>('POST', TEMPLATES, { ...template, defaultQuantity: 'many' }, admin, 'zh-CN');
    expect(text.status).toBe(400);
    expect(text.body.data.errors[0]).toMatchObject({ field: 'defaultQuantity' });
    expect(text.body.data.errors[0]!.message).toContain('默认打印数量');
    const outside = await req<Errors>('POST', TEMPLATES, {
      ...template,
      items: [{ type: 'text', text: 'x', x: 70, y: 4, width: 20, height: 5 }],
    });
    expect(outside.status).toBe(400);
    expect(outside.body.data.errors).toContainEqual(
      expect.objectContaining({ field: 'items.0.x', message: 'The item in row 1 lies outside the page' }),
    );
    const content = await req<Errors>('POST', TEMPLATES, { ...template, defaultContent: 'not data' });
    expect(content.status).toBe(400);
    expect(content.body.data.errors[0]).toMatchObject({ field: 'defaultContent' });
  });

  it('renders a template to a PDF with its default content and default quantity', async () => {
    const created = await req<{ id: string }>('POST', TEMPLATES, template);
    expect(created.status).toBe(200);
    const res = await req('POST', `${TEMPLATES}/${created.body.data.id}/render`, {});
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toBe('application/pdf');
    expect(res.res.headers['content-disposition']).toMatch(/^inline; filename="SHIP-LABEL\.pdf"/);
    const bytes = res.res.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(bytes)).toBe(2);
    expect(shownText(bytes).filter((t) => t === 'SO-1001')).toHaveLength(2);
    expect(shownText(bytes)).toContain('SHIP TO');
    expect(fillCount(bytes)).toBeGreaterThan(20);
  });

  it('renders the data it is given, copies pages per record', async () => {
    const id = await idOf('print_template', 'METER-LABEL');
    const res = await req('POST', `${TEMPLATES}/${id}/render`, {
      data: [{ sn: 'SMF00126061400007', model: 'M-1' }, { sn: 'SMF00126061400008' }],
      copies: 3,
    });
    expect(res.status).toBe(200);
    const bytes = res.res.rawPayload;
    expect(pageCount(bytes)).toBe(6);
    const text = shownText(bytes);
    // The SN line under the barcode, once per copy.
    expect(text.filter((t) => t === 'SMF00126061400007')).toHaveLength(3);
    expect(text.filter((t) => t === 'SMF00126061400008')).toHaveLength(3);
    expect(text).toContain('M-1');
    const bad = await req<Errors>('POST', `${TEMPLATES}/${id}/render`, { copies: 0 });
    expect(bad.status).toBe(400);
    const many = await req('POST', `${TEMPLATES}/${id}/render`, {
      data: Array.from({ length: 3 }, (_, i) => ({ sn: `S${i}` })),
      copies: 400,
    });
    expect(many.status).toBe(400);
    expect(many.body.msg).toBe('1200 pages were asked for; one print run renders at most 1000');
    // The label printer's language instead of a PDF: one label per record, copies in ^PQ.
    const zpl = await req('POST', `${TEMPLATES}/${id}/render`, {
      data: [{ sn: 'SMF00126061400007' }],
      copies: 2,
      format: 'zpl',
    });
    expect(zpl.status).toBe(200);
    expect(zpl.res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(zpl.res.body).toMatch(/^\^XA\n/);
    expect(zpl.res.body).toContain('^BCN,96,N,N,N^FH^FDSMF00126061400007^FS');
    expect(zpl.res.body).toContain('^PQ2\n^XZ');
  });

  it('prints Chinese text with an embedded CJK font instead of question marks', async () => {
    const id = await idOf('print_template', 'METER-LABEL');
    const latin = (await req('POST', `${TEMPLATES}/${id}/render`, { data: { sn: 'SMF00126061400009', model: 'M-1' } }))
      .res.rawPayload;
    expect(latin.includes(Buffer.from('WenQuanYiZenHei'))).toBe(false);
    const res = await req('POST', `${TEMPLATES}/${id}/render`, {
      data: { sn: 'SMF00126061400009', model: '单相智能电表' },
    });
    expect(res.status).toBe(200);
    const bytes = res.res.rawPayload;
    // The font is embedded (a subset) and no text fell back to "?".
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/WenQuanYiZenHei/);
    expect(shownText(bytes).some((t) => t.includes('?'))).toBe(false);
  });

  it("renders only with the preview permission, and only the tenant's own templates", async () => {
    const id = await idOf('print_template', 'METER-LABEL');
    expect((await req('POST', `${TEMPLATES}/${id}/render`, {}, viewer)).status).toBe(403);
    expect((await req('POST', `${TEMPLATES}/${id}/render`, {}, otherAdmin)).status).toBe(404);
    expect((await call(h.app, 'POST', `${TEMPLATES}/${id}/render`, { body: {} })).status).toBe(401);
  });

  it('saves a packaging rule with its levels; refuses a repeated level order and an unknown template', async () => {
    const unitId = await idOf('unit', 'PCS');
    const rule = {
      code: 'PK-PALLET',
      name: 'Pallet',
      type: 'pallet',
      unitId,
      targetQuantity: 480,
      packagingType: 'pallet',
      mixedMaterial: true,
      printTemplateId: await idOf('print_template', 'CARTON-LABEL'),
      details: [
        { order: 1, level: 'carton', quantity: 24 },
        { order: 2, level: 'pallet', quantity: 20 },
      ],
    };
    const saved = await req<{ id: string; mixedMaterial: boolean; details: unknown[] }>('POST', PACKAGING, rule);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ mixedMaterial: true, details: rule.details });
    const repeated = await req<Errors>('POST', PACKAGING, {
      ...rule,
      code: 'PK-2',
      details: [
        { order: 1, level: 'box', quantity: 2 },
        { order: 1, level: 'carton', quantity: 2 },
      ],
    });
    expect(repeated.status).toBe(400);
    expect(repeated.body.data.errors[0]).toMatchObject({ field: 'details.1.order', key: 'validation.orderDuplicate' });
    const unknown = await req('POST', PACKAGING, {
      ...rule,
      code: 'PK-3',
      printTemplateId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(400);
    const noTarget = await req<Errors>('POST', PACKAGING, { ...rule, code: 'PK-4', targetQuantity: undefined });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.data.errors[0]).toMatchObject({ field: 'targetQuantity' });
  });
});
