/** Large real workbooks for the import tests and the bench. */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * A real workbook of `rows` rows (streamed by exceljs), 8 varied columns a row, under headers that
 * match no resource's columns: an import of it ends right after the parse.
 */
export function bigSheet(rows: number): Promise<Buffer> {
  return streamed(['Reference', 'Label', 'Notes', 'Quantity', 'Weight', 'Batch', 'Line', 'Remark'], rows, (i) => [
    `R${String(i).padStart(7, '0')}`,
    `Item ${i} 部件 linh kiện`,
    `note ${i % 97}`,
    i % 1000,
    (i % 313) / 7,
    `B${i % 50}`,
    `L${i % 9}`,
    i % 3 ? 'ok' : 'check',
  ]);
}

/** A real workbook of `rows` units (code, name, type, accuracy) that imports into the unit screen. */
export function unitSheet(rows: number, prefix = 'U'): Promise<Buffer> {
  return streamed(['Code', 'Name', 'Type', 'Accuracy'], rows, (i) => [
    `${prefix}${String(i).padStart(7, '0')}`,
    `Unit ${i} 单位 đơn vị`,
    'Quantity',
    i % 4,
  ]);
}

async function streamed(headers: string[], rows: number, row: (i: number) => (string | number)[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = book.addWorksheet('Sheet1');
  ws.addRow(headers).commit();
  for (let i = 1; i <= rows; i++) ws.addRow(row(i)).commit();
  ws.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
