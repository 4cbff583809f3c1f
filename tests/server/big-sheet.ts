/** Large real workbooks for the import tests and the bench. */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * A real workbook of `rows` rows (streamed by exceljs), 8 varied columns a row, under headers that
 * match no resource's columns: an import of it ends right after the parse.
 */
export async function bigSheet(rows: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = book.addWorksheet('Sheet1');
  ws.addRow(['Reference', 'Label', 'Notes', 'Quantity', 'Weight', 'Batch', 'Line', 'Remark']).commit();
  for (let i = 1; i <= rows; i++) {
    ws.addRow([`R${String(i).padStart(7, '0')}`, `Item ${i} 部件 linh kiện`, `note ${i % 97}`, i % 1000, (i % 313) / 7, `B${i % 50}`, `L${i % 9}`, i % 3 ? 'ok' : 'check']).commit();
  }
  ws.commit();
  await book.commit();
  return Buffer.concat(chunks);
}
