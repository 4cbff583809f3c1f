/**
 * Reading an uploaded sheet (.xlsx or .csv, told apart by content) into rows of cells, streamed in the
 * thread that calls it: the server calls it in a worker (sheet-worker.ts), never on its event loop.
 */
import { Readable } from 'node:stream';
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

/** Hands the header row, then the data rows in batches, to whoever reads the sheet. */
export interface SheetSink {
  /** `size`: the data rows the file says it holds (its dimension, or its records), when it says. */
  head(kind: SheetKind, headers: string[], size: number | null): void;
  /** Reading goes on once the returned promise settles (the reader keeps pace with its consumer). */
  rows(rows: SheetRow[]): void | Promise<void>;
}

/** Rows per batch handed to the sink. */
const BATCH = 500;

/**
 * exceljs's streaming reader decodes each inflated chunk on its own, so a character whose UTF-8
 * bytes straddle two chunks (CJK, Vietnamese) would come out as U+FFFD. This reader hands it text
 * decoded across chunk boundaries instead (its parser takes strings as they are).
 */
async function* decodedText(
  chunks: AsyncIterable<Buffer | string>,
  seen: (text: string) => void,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const c of chunks) {
    const text = typeof c === 'string' ? c : decoder.decode(c, { stream: true });
    seen(text);
    yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** What this file uses of exceljs's streaming workbook reader (its typings leave the parts below out). */
interface WorksheetStream extends AsyncIterable<{ number: number; values: unknown }> {
  id?: number | string;
}
interface WorkbookStream extends AsyncIterable<WorksheetStream> {
  model?: { sheets?: { id: number | string }[] };
  _parseWorksheet(chunks: AsyncIterable<Buffer | string>, sheetNo: string): unknown;
  _parseSharedStrings(entry: Readable): unknown;
}
const WorkbookReader = ExcelJS.stream.xlsx.WorkbookReader as unknown as new (
  input: Readable,
  options: object,
) => WorkbookStream;

/** `<dimension ref="A1:T100001"/>`, near the start of a sheet's XML: its last row. */
const DIMENSION = /<dimension\s+ref="[A-Z]+\d+:[A-Z]+(\d+)"/;

class DecodingReader extends WorkbookReader {
  /** The last row the dimension of the worksheet being read names (only the read one is decoded). */
  lastRow: number | null = null;

  override _parseWorksheet(chunks: AsyncIterable<Buffer | string>, sheetNo: string) {
    let head = '';
    return super._parseWorksheet(
      decodedText(chunks, (text) => {
        if (head.length > 4096) return;
        head += text;
        const m = DIMENSION.exec(head);
        if (m) this.lastRow = Number(m[1]);
      }),
      sheetNo,
    );
  }

  override _parseSharedStrings(entry: Readable) {
    entry.setEncoding('utf8');
    return super._parseSharedStrings(entry);
  }
}

/**
 * Streams the first worksheet, row by row: memory stays flat in the row count. The zip budget
 * (zip-guard.ts) bounds what this may inflate.
 */
async function readXlsx(
  buf: Buffer,
  emit: (row: number, cells: Cell[], lastRow: number | null) => void | Promise<void>,
): Promise<void> {
  const reader = new DecodingReader(Readable.from([buf]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let read = false;
  for await (const ws of reader) {
    // The workbook's first sheet (its order in the workbook, not in the zip). The others are passed
    // over, not left behind: the reader removes what it parked of them on disk as it goes.
    const first = reader.model?.sheets?.[0]?.id;
    if (read || (first !== undefined && ws.id !== undefined && String(ws.id) !== String(first))) continue;
    read = true;
    for await (const row of ws) {
      if (row.number > MAX_IMPORT_ROWS + 1) throw tooMany();
      const values = Array.isArray(row.values) ? (row.values as unknown[]) : [];
      // row.values is 1-based (index 0 is empty).
      if (values.length > MAX_IMPORT_COLUMNS + 1) throw tooWide();
      const cells: Cell[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellValue(values[i]));
      const wait = emit(row.number, cells, reader.lastRow);
      if (wait) await wait;
    }
  }
}

/**
 * Reads the first worksheet (or the CSV records, in whatever encoding and with whichever separator
 * the file has; `hint`, the uploader's language, settles an encoding its bytes leave open): row 1
 * the headers, blank rows skipped, handed to `sink` as they are read. 415 when unreadable.
 */
export async function parseSheet(
  buf: Buffer,
  hint: Language | undefined,
  file: string,
  limits: ZipLimits,
  sink: SheetSink,
): Promise<void> {
  const zip = buf.length >= 4 && ZIP.every((b, i) => buf[i] === b);
  const decoded = zip ? null : decodeCsv(buf, hint);
  const kind: SheetKind | null = zip ? 'xlsx' : decoded ? 'csv' : null;
  if (!kind) throw new ApiError(415, 'resource.import.fileType');
  let headed = false;
  let batch: SheetRow[] = [];
  const emit = (row: number, cells: Cell[], lastRow: number | null): void | Promise<void> => {
    if (!headed) {
      if (lastRow !== null && lastRow > MAX_IMPORT_ROWS + 1) throw tooMany();
      sink.head(kind, row === 1 ? cells.map(text) : [], lastRow === null ? null : Math.max(0, lastRow - 1));
      headed = true;
    }
    if (row <= 1 || cells.every(isBlank)) return;
    batch.push({ row, cells });
    if (batch.length < BATCH) return;
    const full = batch;
    batch = [];
    return sink.rows(full);
  };
  if (kind === 'xlsx') {
    checkZipBudget(buf, file, limits);
    try {
      await readXlsx(buf, emit);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(415, 'resource.import.fileType');
    }
  } else {
    const records = parseCsv(decoded!.text);
    if (records.length > MAX_IMPORT_ROWS + 1) throw tooMany();
    if (records.some((r) => r.length > MAX_IMPORT_COLUMNS)) throw tooWide();
    for (const [i, cells] of records.entries()) {
      const wait = emit(i + 1, cells, records.length);
      if (wait) await wait;
    }
  }
  if (!headed) sink.head(kind, [], 0);
  if (batch.length > 0) await sink.rows(batch);
}
