/**
 * Reading an uploaded sheet (.xlsx or .csv, told apart by content) into rows of cells, streamed in the
 * thread that calls it: the server calls it in a worker (sheet-worker.ts), never on its event loop.
 */
import { ApiError } from '../../http';
import type { Language } from '../../../model/languages';
import { decodeCsv, parseCsv } from './csv';
import { readXlsx, type XlsxValue } from './xlsx-read';
import { checkZipBudget, type ZipLimits } from './zip-guard';

/** A cell as the import reads it. */
export type Cell = XlsxValue;

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

/** A zip package by its first bytes (an .xlsx is one). */
export const isZip = (buf: Uint8Array) => buf.length >= 4 && ZIP.every((b, i) => buf[i] === b);

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
  if (isZip(buf)) return 'xlsx';
  return decodeCsv(Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength), hint) ? 'csv' : null;
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

/** Streams the first worksheet, row by row: memory stays flat in the row count. */
async function readWorksheet(
  buf: Buffer,
  emit: (row: number, cells: Cell[], lastRow: number | null) => void | Promise<void>,
): Promise<void> {
  for await (const { number, values, lastRow } of readXlsx(buf)) {
    if (number > MAX_IMPORT_ROWS + 1) throw tooMany();
    if (values.length > MAX_IMPORT_COLUMNS + 1) throw tooWide();
    const cells: Cell[] = [];
    for (let i = 1; i < values.length; i++) cells.push(values[i] ?? null);
    const wait = emit(number, cells, lastRow);
    if (wait) await wait;
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
  const zip = isZip(buf);
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
      await readWorksheet(buf, emit);
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
