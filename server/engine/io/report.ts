/** The error report of a failed import: the uploaded rows, an errors column, the bad cells highlighted. */
import ExcelJS from 'exceljs';
import type { ImportRowError, ResourceDef } from '../../../model/engine';
import type { Translator } from '../../i18n';
import { matchHeaders } from './labels';
import { readSheet, type Cell, type Sheet } from './sheet';

const BAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const BAD_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FF9C0006' } };

const cellOut = (c: Cell): ExcelJS.CellValue => (c === null ? null : c);

export async function errorReport(
  def: ResourceDef,
  file: Buffer,
  errors: readonly ImportRowError[],
  tr: Translator,
  fileName = '',
): Promise<Buffer> {
  const sheet = await readSheet(file, tr.language, fileName);
  const columns = matchHeaders(def, sheet.headers);
  return writeErrorReport(
    sheet,
    errors,
    (field) => columns.get(field.split('.')[0] ?? ''),
    tr.tm(def.titleKey).slice(0, 31) || def.name,
    tr,
  );
}

/**
 * Any import's error report: the uploaded rows under their own row numbers (so the messages' row
 * numbers match), an errors column, and the cells named by `columnOf` highlighted.
 */
export async function writeErrorReport(
  sheet: Sheet,
  errors: readonly { row: number; field: string; message: string }[],
  columnOf: (field: string) => number | undefined,
  title: string,
  tr: Translator,
): Promise<Buffer> {
  const byRow = new Map<number, (typeof errors)[number][]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(title);
  const errorCol = sheet.headers.length + 1;
  const header = ws.addRow([...sheet.headers, tr.t('resource.import.errorsColumn')]);
  header.font = { bold: true };
  ws.getColumn(errorCol).width = 60;

  const markHeaderErrors = byRow.get(1) ?? [];
  if (markHeaderErrors.length) header.getCell(errorCol).value = markHeaderErrors.map((e) => e.message).join('; ');

  for (const r of sheet.rows) {
    const rowErrors = byRow.get(r.row) ?? [];
    const width = Math.max(sheet.headers.length, r.cells.length);
    const values: ExcelJS.CellValue[] = [];
    for (let i = 0; i < width; i++) values[i] = cellOut(r.cells[i] ?? null);
    while (values.length < errorCol - 1) values.push(null);
    values[errorCol - 1] = rowErrors.length ? rowErrors.map((e) => e.message).join('; ') : null;
    const row = ws.getRow(r.row);
    row.values = values;
    for (const e of rowErrors) {
      const col = columnOf(e.field);
      if (col === undefined) continue;
      const cell = row.getCell(col + 1);
      cell.fill = BAD_FILL;
      cell.font = BAD_FONT;
    }
    if (rowErrors.length) row.getCell(errorCol).font = BAD_FONT;
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
