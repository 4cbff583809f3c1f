/**
 * The export's .xlsx writer, read back by another program's reader (exceljs loading the whole
 * workbook) and by ours: text as text (markup, formulas and edge spaces kept, characters XML cannot
 * carry left out), numbers, dates with their column's format, widths, and a sheet name a spreadsheet accepts.
 */
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { XlsxWriter, type ExportCell } from '../../server/engine/io/xlsx-write';
import { readXlsx } from '../../server/engine/io/xlsx-read';

async function written(rows: ExportCell[][][]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const writer = new XlsxWriter(
    {
      sheet: 'Units: [2026/11]*',
      columns: [
        { header: 'Code', width: 12 },
        { header: 'Name <名称>', width: 30 },
        { header: 'Qty', width: 10 },
        { header: 'Since', width: 20 },
      ],
      dateColumns: [[4, 'yyyy-mm-dd hh:mm']],
    },
    (c) => chunks.push(Buffer.from(c)),
  );
  for (const chunk of rows) await writer.rows(chunk);
  await writer.end();
  return Buffer.concat(chunks);
}

describe('the export .xlsx writer', () => {
  it('writes a workbook another reader opens, with each value as it was', async () => {
    const since = new Date('2026-03-04T05:06:00Z');
    const buf = await written([
      [
        ['U-1', 'Tom & Jerry <b>', 12.5, since],
        ['=1+1', '  edge spaces  ', -3, null],
      ],
      [['U-3', 'bell\u0007 tab\tnew\nline', 0, since]],
    ]);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(buf as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Units   2026 11');
    expect(sheet.getColumn(2).width).toBe(30);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Code', 'Name <名称>', 'Qty', 'Since']);
    expect(sheet.getCell('A2').value).toBe('U-1');
    expect(sheet.getCell('B2').value).toBe('Tom & Jerry <b>');
    expect(sheet.getCell('C2').value).toBe(12.5);
    expect(sheet.getCell('D2').value).toEqual(since);
    expect(sheet.getCell('D2').numFmt).toBe('yyyy-mm-dd hh:mm');
    // A value that looks like a formula is text, not a formula.
    expect(sheet.getCell('A3').value).toBe('=1+1');
    expect(sheet.getCell('A3').formula).toBeUndefined();
    expect(sheet.getCell('B3').value).toBe('  edge spaces  ');
    expect(sheet.getCell('D3').value).toBeNull();
    expect(sheet.getCell('B4').value).toBe('bell tab\tnew\nline');
    expect(sheet.rowCount).toBe(4);

    const ours = [];
    for await (const row of readXlsx(buf)) ours.push(row.values);
    expect(ours[2]).toEqual([undefined, '=1+1', '  edge spaces  ', -3]);
    expect(ours[3]).toEqual([undefined, 'U-3', 'bell tab\tnew\nline', 0, since]);
  });
});
