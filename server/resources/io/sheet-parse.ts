/**
 * Reading an uploaded sheet (.xlsx or .csv, told apart by content) into rows of cells, in the thread
 * that calls it: the server calls it in a worker (sheet-worker.ts), never on its event loop.
 */
import ExcelJS from 'exceljs';
import { ApiError } from '../../http';
import type { Language } from '../../../model/languages';
import { decodeCsv, parseCsv } from './csv';
import { checkZipBudget, type ZipLimits } from './zip-guard';

/** A cell as the import reads it. */
export type Cell = string | number | boolean | Date | null;

export interface SheetRow {
  /** 1-based row number in the sheet (the header is row 1). */
  row: number;
  cells: Cell[];
}

export interface Sheet {
  kind: 'xlsx' | 'csv';
  headers: string[];
  rows: SheetRow[];
}

export type SheetKind = Sheet['kind'];

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * What one upload may hold. A 50 MB zip can inflate to far more than memory allows (a zip bomb):
 * reading stops with 413 past these.
 */
export const MAX_IMPORT_ROWS = 200_000;
export const MAX_IMPORT_COLUMNS = 200;

const tooMany = () => new ApiError(413, 'resource.import.tooManyRows', { maxRows: MAX_IMPORT_ROWS });
const tooWide = () => new ApiError(413, 'resource.import.tooManyColumns', { maxColumns: MAX_IMPORT_COLUMNS });

/** The file's type by its bytes: a zip package (xlsx) or text in an encoding CSV files come in (csv); null otherwise. */
export function sniffSheet(buf: Uint8Array, hint?: Language): SheetKind | null {
  if (buf.length >= 4 && ZIP.every((b, i) => buf[i] === b)) return 'xlsx';
  return decodeCsv(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), hint) ? 'csv' : null;
}

function cellValue(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if ('result' in o) return cellValue(o.result);
    if (typeof o.text === 'string') return o.text;
    if (o.error !== undefined) return null;
  }
  return String(v);
}

const isBlank = (c: Cell) => c === null || (typeof c === 'string' && c.trim() === '');
const text = (c: Cell) => (c === null ? '' : c instanceof Date ? c.toISOString() : String(c)).trim();

/**
 * Reads the whole package, then the first worksheet. Not exceljs's streaming reader: it decodes each
 * inflated chunk on its own, so a character whose UTF-8 bytes straddle two chunks (CJK, Vietnamese)
 * came out as U+FFFD in large sheets. The zip budget (zip-guard.ts) bounds what this may inflate.
 */
async function readXlsx(buf: Buffer): Promise<{ records: Cell[][]; numbers: number[] }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = book.worksheets[0];
  const records: Cell[][] = [];
  const numbers: number[] = [];
  if (!ws) return { records, numbers };
  if (ws.rowCount > MAX_IMPORT_ROWS + 1) throw tooMany();
  if (ws.columnCount > MAX_IMPORT_COLUMNS) throw tooWide();
  ws.eachRow({ includeEmpty: false }, (row, number) => {
    const values = Array.isArray(row.values) ? row.values : [];
    // row.values is 1-based (index 0 is empty).
    if (values.length > MAX_IMPORT_COLUMNS + 1) throw tooWide();
    const cells: Cell[] = [];
    for (let i = 1; i < values.length; i++) cells.push(cellValue(values[i]));
    records.push(cells);
    numbers.push(number);
  });
  return { records, numbers };
}

/**
 * Reads the first worksheet (or the CSV records, in whatever encoding and with whichever separator
 * the file has; `hint`, the uploader's language, settles an encoding its bytes leave open): row 1
 * the headers, blank rows skipped. 415 when unreadable.
 */
export async function parseSheet(buf: Buffer, hint: Language | undefined, file: string, limits: ZipLimits): Promise<Sheet> {
  const zip = buf.length >= 4 && ZIP.every((b, i) => buf[i] === b);
  const decoded = zip ? null : decodeCsv(buf, hint);
  const kind: SheetKind | null = zip ? 'xlsx' : decoded ? 'csv' : null;
  if (!kind) throw new ApiError(415, 'resource.import.fileType');
  let records: Cell[][];
  let numbers: number[];
  if (kind === 'xlsx') {
    checkZipBudget(buf, file, limits);
    try {
      ({ records, numbers } = await readXlsx(buf));
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(415, 'resource.import.fileType');
    }
  } else {
    records = parseCsv(decoded!.text);
    if (records.length > MAX_IMPORT_ROWS + 1) throw tooMany();
    if (records.some((r) => r.length > MAX_IMPORT_COLUMNS)) throw tooWide();
    numbers = records.map((_, i) => i + 1);
  }
  const headerIndex = numbers.indexOf(1);
  const headers = headerIndex >= 0 ? (records[headerIndex] ?? []).map(text) : [];
  const rows: SheetRow[] = [];
  records.forEach((cells, i) => {
    const row = numbers[i]!;
    if (row <= 1 || cells.every(isBlank)) return;
    rows.push({ row, cells });
  });
  return { kind, headers, rows };
}
