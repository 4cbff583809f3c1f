import { describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { readSheet } from '../../server/engine/io/sheet';

describe('reading an uploaded sheet', () => {
  it('keeps every multi-byte character of a large sheet intact (no U+FFFD at chunk boundaries)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow(['编码', '名称', 'Tên']);
    const expected: string[][] = [];
    for (let i = 0; i < 6000; i++) {
      // Distinct texts, so the shared-strings part grows past many inflate chunks.
      const row = [
        `M${String(i).padStart(5, '0')}`,
        `物料名称第${i}号：铝合金外壳（批次${i % 97}）`,
        `Vỏ hợp kim nhôm số ${i} – lô ${i % 89}`,
      ];
      expected.push(row);
      sheet.addRow(row);
    }
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    const read = await readSheet(buf);
    expect(read.headers).toEqual(['编码', '名称', 'Tên']);
    expect(read.rows).toHaveLength(6000);
    const broken = read.rows.filter((r) => r.cells.some((c) => typeof c === 'string' && c.includes('\uFFFD')));
    expect(broken).toEqual([]);
    expect(read.rows.map((r) => r.cells)).toEqual(expected);
  });

  it('keeps them intact in a sheet of inline strings too (as streamed exports write it), with its dates as dates', async () => {
    const out = new PassThrough();
    const parts: Buffer[] = [];
    out.on('data', (c: Buffer) => parts.push(c));
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = book.addWorksheet('data');
    sheet.addRow(['编码', '名称', '日期']).commit();
    const expected: [string, string, string][] = [];
    for (let i = 0; i < 6000; i++) {
      const day = new Date(Date.UTC(2026, 0, 1 + (i % 365)));
      expected.push([`M${i}`, `Bộ điều khiển số ${i} 控制器`, day.toISOString()]);
      const row = sheet.addRow([`M${i}`, `Bộ điều khiển số ${i} 控制器`, day]);
      row.getCell(3).numFmt = 'yyyy-mm-dd';
      row.commit();
    }
    await book.commit();
    const read = await readSheet(Buffer.concat(parts));
    expect(read.headers).toEqual(['编码', '名称', '日期']);
    expect(read.rows.map((r) => r.cells.map((c) => (c instanceof Date ? c.toISOString() : c)))).toEqual(expected);
  });
});
