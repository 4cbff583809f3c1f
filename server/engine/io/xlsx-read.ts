/**
 * The first worksheet of an .xlsx package, streamed row by row. The package is opened by its table
 * of contents (yauzl) and its parts read in the order they are needed: relationships, workbook,
 * shared strings, styles, then the one sheet. yauzl also checks that each part inflates to exactly
 * the size its table of contents states, the size the zip guard (zip-guard.ts) has already held to
 * the budget. The XML is read by saxen, a non-validating parser that still refuses a tag closed out
 * of order or a part cut short; it leaves entities alone, and `entities` decodes them where a value
 * has one. What a cell means (its type, a shared string, a date by its number format) is read here,
 * in one pass that builds nothing but the values: exceljs's reader, which built a whole cell model
 * per cell, took more than twice as long, and saxes, a conforming parser, took twice as long as saxen
 * to tokenise the same sheet.
 */
import type { Readable } from 'node:stream';
import { decodeXML } from 'entities';
import { Parser } from 'saxen';
import yauzl from 'yauzl';

/** A cell's value; an error cell (`#N/A`) reads as null. */
export type XlsxValue = string | number | boolean | Date | null;

export interface XlsxRow {
  /** 1-based, as in the sheet. */
  number: number;
  /** 1-based (index 0 is empty); a cell with no value is left out. */
  values: (XlsxValue | undefined)[];
  /** The last row the sheet's dimension names, when it names one. */
  lastRow: number | null;
}

/** The largest sheet a spreadsheet program writes: a cell beyond it is not a real file's. */
const MAX_COLUMN = 16_384;
const MAX_ROW = 1_048_576;
const SHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const DIMENSION = /^[A-Z]+\d+:[A-Z]+(\d+)$/;

/** Built-in number formats that show a date or a time (ECMA-376 §18.8.30, with the East Asian ones). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** A format code shows a date when, outside quoted text and [brackets], it has a date or time letter. */
const isDateCode = (code: string) => /[ymdhsb]/i.test(code.replace(/\[[^\]]*]|"[^"]*"|\\./g, ''));

/** The name without its namespace prefix: some writers spell `<x:row>`. */
const local = (name: string) => {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
};

/** A part named by a relationship's target: relative to `xl/`, or absolute within the package. */
const partOf = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

/** Column number of a cell reference (`AB12` → 28); 0 when it has none. */
function columnOf(ref: string): number {
  let n = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    n = n * 26 + (c - 64);
  }
  return n;
}

type Handlers = {
  /**
   * `attributes` reads the tag's attributes when called (most tags' are not wanted); their values
   * come as written: `decoded` reads one with its entities replaced.
   */
  open?: (name: string, attributes: () => Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** An attribute's or a text's value with its entities (`&amp;`, `&#x1F600;`) replaced. */
const decoded = (raw: string) => (raw.includes('&') ? decodeXML(raw) : raw);

function parserFor(h: Handlers): Parser {
  const parser = new Parser();
  const { open, close, text } = h;
  if (open) parser.on('openTag', (name, attributes) => open(local(name), () => attributes() || {}));
  // A self-closing tag (`<c r="A1"/>`) is reported closed as well.
  if (close) parser.on('closeTag', (name) => close(local(name)));
  if (text) {
    parser.on('text', (raw) => text(decoded(raw)));
    parser.on('cdata', text);
  }
  return parser;
}

/** Decoded text handed to the parser at once: larger pieces than the inflater's 16 KiB cost less per piece. */
const PIECE = 256 * 1024;

/**
 * Hands the part's text to `parser` as it inflates, decoded across chunk boundaries (a character
 * whose UTF-8 bytes straddle two chunks stays whole); after each piece, `drain` may hand on what it
 * read. A part cut short, or a tag closed out of order, throws.
 */
async function* feed(part: Readable, parser: Parser): AsyncGenerator<void> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  for await (const chunk of part as AsyncIterable<Buffer>) {
    pending += decoder.decode(chunk, { stream: true });
    if (pending.length < PIECE) continue;
    parser.write(pending);
    pending = '';
    yield;
  }
  parser.write(pending + decoder.decode());
  parser.end();
  yield;
}

async function parseWhole(part: Readable, h: Handlers): Promise<void> {
  for await (const _ of feed(part, parserFor(h)));
}

/** Each shared string's text: its runs joined, phonetic guides (`rPh`) left out. */
async function sharedStrings(part: Readable): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await parseWhole(part, {
    open: (name) => {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't') inText = phonetic === 0;
    },
    close: (name) => {
      if (name === 'si') {
        strings.push(current ?? '');
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (inText && current !== null) current += text;
    },
  });
  return strings;
}

/** For each cell style (`cellXfs`, by index), whether its number format shows a date. */
async function dateStyles(part: Readable): Promise<boolean[]> {
  const codes = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  await parseWhole(part, {
    open: (name, attributes) => {
      if (name === 'numFmt') {
        const a = attributes();
        codes.set(Number(a.numFmtId), decoded(a.formatCode ?? ''));
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) formats.push(Number(attributes().numFmtId ?? 0));
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formats.map((id) => {
    const code = codes.get(id);
    return code === undefined ? DATE_FORMAT_IDS.has(id) : isDateCode(code);
  });
}

/** A serial day number as a date (the 1900 system counts from 1899-12-30, the 1904 one from 1904-01-01). */
const serialDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** The cell being read. One object for the whole sheet, reset per cell: a sheet has millions. */
interface CellState {
  open: boolean;
  column: number;
  type: string;
  style: number;
  text: string;
  /** Text is being read: inside `<v>`, or inside an inline string's `<t>`. */
  reading: boolean;
  hasValue: boolean;
}

function valueOf(cell: CellState, strings: string[], dates: boolean[], date1904: boolean): XlsxValue {
  const { type, text } = cell;
  switch (type) {
    case 's':
      return strings[Number(text)] ?? null;
    case 'str':
    case 'inlineStr':
      return text;
    case 'b':
      return text.trim() !== '0' && text.trim() !== '';
    case 'e':
      return null;
    case 'd': {
      const d = new Date(text);
      return Number.isNaN(d.getTime()) ? text : d;
    }
    default: {
      const n = Number(text);
      if (text.trim() === '' || Number.isNaN(n)) return text;
      return dates[cell.style] ? serialDate(n, date1904) : n;
    }
  }
}

export async function* readXlsx(buf: Buffer): AsyncGenerator<XlsxRow> {
  const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true, validateEntrySizes: true });
  const entries = new Map<string, yauzl.Entry>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  const open = (name: string) => {
    const entry = entries.get(name);
    return entry ? zip.openReadStreamPromise(entry) : null;
  };

  const targets = new Map<string, string>();
  const rels = open('xl/_rels/workbook.xml.rels');
  if (rels)
    await parseWhole(await rels, {
      open: (name, attributes) => {
        if (name !== 'Relationship') return;
        const a = attributes();
        if (a.Id && a.Target) targets.set(decoded(a.Id), decoded(a.Target));
      },
    });
  let firstId: string | null = null;
  let date1904 = false;
  const book = open('xl/workbook.xml');
  if (book)
    await parseWhole(await book, {
      open: (name, attributes) => {
        if (name === 'sheet' && firstId === null) {
          const a = attributes();
          const id = a['r:id'] ?? a.id;
          firstId = id === undefined ? null : decoded(id);
        } else if (name === 'workbookPr') {
          const flag = attributes().date1904;
          date1904 = flag === '1' || flag === 'true';
        }
      },
    });
  const stringsPart = open('xl/sharedStrings.xml');
  const strings = stringsPart ? await sharedStrings(await stringsPart) : [];
  const stylesPart = open('xl/styles.xml');
  const dates = stylesPart ? await dateStyles(await stylesPart) : [];

  const name = firstSheet(firstId ? targets.get(firstId) : undefined, entries.keys());
  const sheet = name ? open(name) : null;
  if (!sheet) return;

  const ready: XlsxRow[] = [];
  let lastRow: number | null = null;
  let row: XlsxRow | null = null;
  let rowNumber = 0;
  let column = 0;
  const cell: CellState = { open: false, column: 0, type: 'n', style: 0, text: '', reading: false, hasValue: false };
  let inline = false;
  let phonetic = false;
  const parser = parserFor({
    open: (tag, attributes) => {
      switch (tag) {
        case 'dimension': {
          const m = DIMENSION.exec(attributes().ref ?? '');
          if (m) lastRow = Number(m[1]);
          break;
        }
        case 'row': {
          const r = attributes().r;
          rowNumber = r ? Number(r) : rowNumber + 1;
          if (!Number.isInteger(rowNumber) || rowNumber < 1 || rowNumber > MAX_ROW) throw new Error('bad row number');
          row = { number: rowNumber, values: [], lastRow };
          column = 0;
          break;
        }
        case 'c': {
          if (!row) break;
          const a = attributes();
          column = a.r ? columnOf(a.r) : column + 1;
          if (column < 1 || column > MAX_COLUMN) throw new Error('bad cell reference');
          cell.open = true;
          cell.column = column;
          cell.type = a.t ?? 'n';
          cell.style = a.s ? Number(a.s) : 0;
          cell.text = '';
          cell.reading = cell.hasValue = false;
          break;
        }
        case 'v':
          if (cell.open) cell.reading = cell.hasValue = true;
          break;
        case 'is':
          inline = true;
          if (cell.open) cell.hasValue = true;
          break;
        case 't':
          if (cell.open && inline && !phonetic) cell.reading = true;
          break;
        case 'rPh':
          phonetic = true;
          break;
      }
    },
    close: (tag) => {
      switch (tag) {
        case 'v':
        case 't':
          cell.reading = false;
          break;
        case 'is':
          inline = false;
          break;
        case 'rPh':
          phonetic = false;
          break;
        case 'c':
          if (row && cell.open && cell.hasValue) row.values[cell.column] = valueOf(cell, strings, dates, date1904);
          cell.open = false;
          break;
        case 'row':
          if (row) ready.push(row);
          row = null;
          break;
      }
    },
    text: (text) => {
      if (cell.reading) cell.text += text;
    },
  });
  for await (const _ of feed(await sheet, parser)) {
    for (const r of ready) yield r;
    ready.length = 0;
  }
}

/** The first worksheet in the workbook's order (not the zip's); the lowest-numbered sheet part when the workbook does not say. */
function firstSheet(target: string | undefined, names: Iterable<string>): string | null {
  if (target) return partOf(target);
  let first: [number, string] | null = null;
  for (const name of names) {
    const n = Number(SHEET_PART.exec(name)?.[1]);
    if (n && (!first || n < first[0])) first = [n, name];
  }
  return first?.[1] ?? null;
}
