import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readSheet } from '../../server/resources/io/sheet';

describe('reading an uploaded sheet', () => {
  it('keeps every multi-byte character of a large sheet intact (no U+FFFD at chunk boundaries)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow(['编码', '名称', 'Tên']);
    const expected: string[][] = [];
    for (let i = 0; i < 6000; i++) {
      // Distinct texts, so the shared-strings part grows past many inflate chunks.
      const row = [`M${String(i).padStart(5, '0')}`, `物料名称第${i}号：铝合金外壳（批次${i % 97}）`, `Vỏ hợp kim nhôm số ${i} – lô ${i % 89}`];
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
});
