/**
 * SECURITY-TESTS T2.7: hostile spreadsheets. Prototype-pollution names and keys change nothing; a
 * package that inflates to too much, or a sheet too wide, is refused before its rows are read;
 * exported cells that look like formulas stay text.
 */
import { deflateRawSync, crc32 } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, type ResourceRow } from '../../model/engine';
import type { Page } from '../../model/api';
import { unit } from '../../model/resources';
import { call, loginToken, startHarness, type Harness } from './harness';

/** A zip package written by hand, so its entries can be made hostile. */
function zip(entries: { name: string; data: Buffer; claimInflated?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflateRawSync(e.data, { level: 9 });
    const crc = crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.claimInflated ?? e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;

function sheetXml(rows: number, cols: number): string {
  const row = (r: number) =>
    `<row r="${r}">${Array.from({ length: cols }, (_, c) => `<c t="inlineStr"><is><t>v${c}</t></is></c>`).join('')}</row>`;
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${Array.from({ length: rows }, (_, i) => row(i + 1)).join('')}</sheetData></worksheet>`;
}

describe('hostile spreadsheets (T2.7)', () => {
  let h: Harness;
  let token: string;
  let factory: string;

  async function upload(file: Buffer, name = 'units.xlsx') {
    const boundary = `----t27${Math.random().toString(16).slice(2)}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const res = await h.app.inject({
      method: 'POST',
      url: `${apiPath(unit)}/import`,
      headers: {
        authorization: `Bearer ${token}`,
        'x-factory-id': factory,
        'accept-language': 'en',
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    return { status: res.statusCode, body: res.json() as { msg: string; data: unknown } };
  }

  const count = async () =>
    (
      await call<Page<ResourceRow>>(h.app, 'GET', `${apiPath(unit)}?size=1`, {
        token,
        headers: { 'x-factory-id': factory },
      })
    ).body.data.total;

  beforeAll(async () => {
    h = await startHarness('pglite');
    token = await loginToken(h.app, 'demo', 'admin');
    factory = (
      await h.database.db.selectFrom('factory').select('id').where('code', '=', 'F001').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => h?.close());

  it('leaves Object.prototype alone whatever the sheet names, headers and cells say', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('__proto__');
    ws.addRow(['__proto__', 'constructor', 'prototype', 'Code', 'Name', 'Type', '__proto__.polluted']);
    ws.addRow(['{"polluted":"yes"}', 'polluted', 'polluted', 'PP1', 'Pollution', 'quantity', 'yes']);
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status).toBeLessThan(500);
    const csv = Buffer.from('__proto__,constructor,Code,Name,Type\n{"polluted":1},polluted,PP2,Pollution,quantity\n');
    expect((await upload(csv, 'units.csv')).status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('refuses a package that would inflate to a bomb, before reading a row', async () => {
    const before = await count();
    // 40 MB of sheet XML packed into a few hundred kilobytes: a ratio no real spreadsheet has.
    const bomb = zip([
      { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(40 * 1024 * 1024, 0x20) },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const r1 = await upload(bomb);
    expect(r1.status).toBe(413);
    expect(r1.body.msg).toMatch(/unpacks to too much data/);
    // A small package whose table of contents claims 600 MB is refused on the claim alone.
    const claims = zip([
      { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetXml(2, 3)), claimInflated: 600 * 1024 * 1024 },
    ]);
    expect((await upload(claims)).status).toBe(413);
    expect(await count()).toBe(before);
  });

  it('refuses a sheet wider than the import allows, and an unreadable package, with a clear message', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Units');
    ws.addRow(Array.from({ length: 260 }, (_, i) => (i === 0 ? 'Code' : i === 1 ? 'Name' : `extra ${i}`)));
    ws.addRow(Array.from({ length: 260 }, (_, i) => `v${i}`));
    const wide = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(wide.status).toBe(413);
    expect(wide.body.msg, wide.body.msg).toMatch(/too many columns \(at most 200 /);
    const garbage = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    const broken = await upload(garbage);
    expect(broken.status).toBe(415);
  });

  it('exports values that look like formulas as text cells', async () => {
    const names = ['=HYPERLINK("http://127.0.0.1/x","open")', '+1+1', '-2+3', '@SUM(1,1)', "=cmd|' /C calc'!A0"];
    for (const [i, name] of names.entries()) {
      const r = await call(h.app, 'POST', apiPath(unit), {
        token,
        headers: { 'x-factory-id': factory },
        body: { code: `FX${i}`, name, type: 'quantity', accuracy: 0 },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const res = await h.app.inject({
      method: 'GET',
      url: `${apiPath(unit)}/export?code=FX`,
      headers: { authorization: `Bearer ${token}`, 'x-factory-id': factory, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const nameCol = (ws.getRow(1).values as unknown[]).indexOf('Name');
    expect(nameCol).toBeGreaterThan(0);
    const found: string[] = [];
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const cell = row.getCell(nameCol);
      expect(cell.type, String(cell.value)).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      found.push(String(cell.value));
    });
    expect(found.sort()).toEqual([...names].sort());
  });
});
