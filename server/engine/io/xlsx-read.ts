/**
 * The first worksheet of an .xlsx package, streamed row by row with exceljs's parsers. The package
 * is opened by its table of contents (yauzl) and its parts read in the order they are needed:
 * relationships, workbook, shared strings, styles, then the one sheet. exceljs's own reader walks
 * the zip front to back instead; a sheet stored before the shared strings (as exceljs itself writes
 * them) is then parked in a temporary file, and now and then the last part's content was lost.
 * yauzl also checks that each part inflates to exactly the size its table of contents states, the
 * size the zip guard (zip-guard.ts) has already held to the budget.
 */
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';

export interface XlsxRow {
  /** 1-based, as in the sheet. */
  number: number;
  /** 1-based (index 0 is empty), as exceljs gives them. */
  values: unknown[];
  /** The last row the sheet's dimension names, when it names one. */
  lastRow: number | null;
}

/** What this file uses of exceljs's streaming workbook reader (its typings leave these out). */
interface WorksheetRows extends AsyncIterable<{ number: number; values: unknown }> {}
interface WorkbookParts {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId?: string }[] };
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncIterable<unknown>;
  _parseStyles(part: Readable): Promise<void>;
  _parseWorksheet(chunks: AsyncIterable<string>, sheetNo: string): Iterable<{ value: WorksheetRows }>;
}
const WorkbookReader = ExcelJS.stream.xlsx.WorkbookReader as unknown as new (
  input: null,
  options: object,
) => WorkbookParts;

/** `<dimension ref="A1:T100001"/>`, near the start of a sheet's XML: its last row. */
const DIMENSION = /<dimension\s+ref="[A-Z]+\d+:[A-Z]+(\d+)"/;
const SHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/**
 * exceljs's parsers decode each inflated chunk on its own, so a character whose UTF-8 bytes
 * straddle two chunks (CJK, Vietnamese) would come out as U+FFFD. They take strings as they are:
 * this hands them text decoded across chunk boundaries.
 */
async function* decodedText(chunks: AsyncIterable<Buffer>, seen?: (text: string) => void): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const c of chunks) {
    const text = decoder.decode(c, { stream: true });
    seen?.(text);
    yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** A part named by a relationship's target: relative to `xl/`, or absolute within the package. */
const partOf = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

/** The first worksheet in the workbook's order (not the zip's); the lowest-numbered sheet part when the workbook does not say. */
function firstSheet(parts: WorkbookParts, names: Iterable<string>): string | null {
  const rId = parts.model?.sheets?.[0]?.rId;
  const target = rId ? parts.workbookRels?.find((r) => r.Id === rId)?.Target : undefined;
  if (target) return partOf(target);
  let first: [number, string] | null = null;
  for (const name of names) {
    const n = Number(SHEET_PART.exec(name)?.[1]);
    if (n && (!first || n < first[0])) first = [n, name];
  }
  return first?.[1] ?? null;
}

export async function* readXlsx(buf: Buffer): AsyncGenerator<XlsxRow> {
  const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, validateEntrySizes: true });
  const entries = new Map<string, yauzl.Entry>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  const open = (name: string) => {
    const entry = entries.get(name);
    return entry ? zip.openReadStreamPromise(entry) : null;
  };
  const parts = new WorkbookReader(null, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rels = open('xl/_rels/workbook.xml.rels');
  if (rels) await parts._parseRels(await rels);
  const book = open('xl/workbook.xml');
  if (book) await parts._parseWorkbook(await book);
  const strings = open('xl/sharedStrings.xml');
  if (strings) {
    const part = await strings;
    part.setEncoding('utf8');
    for await (const _ of parts._parseSharedStrings(part));
  }
  const styles = open('xl/styles.xml');
  if (styles) await parts._parseStyles(await styles);

  const name = firstSheet(parts, entries.keys());
  const sheet = name ? open(name) : null;
  if (!sheet) return;
  let head = '';
  let lastRow: number | null = null;
  const chunks = decodedText(await sheet, (text) => {
    if (head.length > 4096) return;
    head += text;
    const m = DIMENSION.exec(head);
    if (m) lastRow = Number(m[1]);
  });
  for (const { value: rows } of parts._parseWorksheet(chunks, SHEET_PART.exec(name!)?.[1] ?? '1'))
    for await (const row of rows)
      yield { number: row.number, values: Array.isArray(row.values) ? (row.values as unknown[]) : [], lastRow };
}
