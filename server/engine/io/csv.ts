/**
 * CSV files as spreadsheets save them on any locale's machine: the encoding (UTF-8 with or without a
 * byte-order mark, UTF-16, GB18030/GBK, Big5, Windows-1252 and -1258) and the separator (`,`, `;` or
 * tab; Excel's `sep=` first line) are detected, then csv-parse reads the records (RFC 4180 quoting:
 * quoted fields may hold separators, quotes ("") and line breaks).
 */
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { CsvError, parse } from 'csv-parse/sync';
import type { Language } from '../../../model/languages';
import { ApiError } from '../../http';

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030' | 'big5' | 'windows-1252' | 'windows-1258';
export type CsvDelimiter = ',' | ';' | '\t';

export interface DecodedCsv {
  text: string;
  encoding: CsvEncoding;
}

/** The legacy (non-Unicode) encoding a spreadsheet program writes CSV in, by the user's language. */
const LEGACY_OF: Record<Language, CsvEncoding> = {
  'zh-CN': 'gb18030',
  'zh-TW': 'big5',
  en: 'windows-1252',
  es: 'windows-1252',
  vi: 'windows-1258',
};

/** chardet's names of the encodings read here. */
const CHARDET: Record<string, CsvEncoding> = {
  GB18030: 'gb18030',
  Big5: 'big5',
  'ISO-8859-1': 'windows-1252',
  'ISO-8859-15': 'windows-1252',
  'windows-1252': 'windows-1252',
  'windows-1258': 'windows-1258',
};

/** Text a CSV may hold: no NUL or other control character but tab and line breaks, no undecodable byte. */
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/;

function decodeWith(buf: Buffer, encoding: CsvEncoding): string | null {
  let text: string;
  if (encoding === 'utf-8') {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
    } catch {
      return null;
    }
  } else {
    text = iconv.decode(buf, encoding, { stripBOM: true });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return BINARY.test(text) ? null : text;
}

/** UTF-16 without a byte-order mark: mostly ASCII text has a zero in every other byte. */
function utf16Without(buf: Buffer): CsvEncoding | null {
  const n = Math.min(buf.length, 4096) & ~1;
  if (n < 4) return null;
  let zeroEven = 0;
  let zeroOdd = 0;
  for (let i = 0; i < n; i += 2) {
    if (buf[i] === 0) zeroEven++;
    if (buf[i + 1] === 0) zeroOdd++;
  }
  const pairs = n / 2;
  if (zeroOdd > pairs * 0.4 && zeroEven < pairs * 0.05) return 'utf-16le';
  if (zeroEven > pairs * 0.4 && zeroOdd < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * For short files statistics say little: the bytes' shape does. Latin text has a high byte here and
 * there between ASCII letters; Chinese text comes in pairs of high bytes (GB2312's range), and Big5's
 * common characters often end in an ASCII-range byte.
 */
function byShape(buf: Buffer): { family: 'latin' | 'cjk' | null; big5Like: boolean } {
  let single = 0;
  let pairs = 0;
  let lowTrail = 0;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i]!;
    if (b < 0x80) continue;
    const next = buf[i + 1] ?? 0;
    if (b >= 0x81 && b <= 0xfe && ((next >= 0x40 && next <= 0x7e) || (next >= 0x80 && next <= 0xfe))) {
      // A double-byte character, unless it reads better as a Latin letter followed by an ASCII letter.
      if (next >= 0x80) {
        pairs++;
        i++;
        continue;
      }
      if (/[A-Za-z]/.test(String.fromCharCode(next)) && b >= 0xc0) {
        single++;
        continue;
      }
      pairs++;
      lowTrail++;
      i++;
      continue;
    }
    single++;
  }
  if (single === 0 && pairs === 0) return { family: null, big5Like: false };
  return { family: pairs > single ? 'cjk' : 'latin', big5Like: pairs > 0 && lowTrail / pairs > 0.15 };
}

/**
 * The text of an uploaded CSV, or null when the bytes are no text in an encoding read here (a
 * binary file, or a file whose bytes no candidate decodes cleanly). `hint` is the uploader's
 * language: among legacy encodings that fit equally, its spreadsheet program's is taken.
 */
export function decodeCsv(buf: Buffer, hint?: Language): DecodedCsv | null {
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    const text = decodeWith(buf, 'utf-8');
    return text === null ? null : { text, encoding: 'utf-8' };
  }
  if (buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) {
    const encoding: CsvEncoding = buf[0] === 0xff ? 'utf-16le' : 'utf-16be';
    const text = decodeWith(buf, encoding);
    return text === null ? null : { text, encoding };
  }
  const wide = utf16Without(buf);
  if (wide) {
    const text = decodeWith(buf, wide);
    if (text !== null) return { text, encoding: wide };
  }
  if (buf.includes(0)) return null;
  const utf8 = decodeWith(buf, 'utf-8');
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8' };

  // A legacy encoding: chardet's opinion when it is firm, else the shape of the bytes and the hint.
  const candidates: CsvEncoding[] = [];
  const add = (e: CsvEncoding | undefined) => {
    if (e && !candidates.includes(e)) candidates.push(e);
  };
  const opinions = chardet.analyse(buf);
  for (const o of opinions) if (o.confidence >= 50) add(CHARDET[o.name]);
  const shape = byShape(buf);
  const legacy = hint ? LEGACY_OF[hint] : undefined;
  if (shape.family === 'cjk') {
    if (legacy === 'big5' || (shape.big5Like && legacy !== 'gb18030')) add('big5');
    add('gb18030');
    add('big5');
  } else if (shape.family === 'latin') {
    if (legacy === 'windows-1258') add('windows-1258');
    add('windows-1252');
  }
  for (const o of opinions) add(CHARDET[o.name]);
  add(legacy);
  for (const encoding of candidates) {
    const text = decodeWith(buf, encoding);
    if (text !== null) return { text, encoding };
  }
  return null;
}

/** An Excel "sep=;" first line: the separator it names. */
const SEP_LINE = /^sep=([,;\t|])\r?\n/i;

/** The field separator of `text`: the candidate that splits its first lines into the most, most consistent columns. */
export function detectDelimiter(text: string): CsvDelimiter {
  const sample = text.slice(0, 64 * 1024);
  const lines = sample.split(/\r\n|\n|\r/).slice(0, 50);
  // A cut record at the end of the sample must not count.
  const head = lines.slice(0, Math.max(1, lines.length - 1)).join('\n');
  let best: { d: CsvDelimiter; score: number } = { d: ',', score: -1 };
  for (const d of [',', ';', '\t'] as const) {
    let records: string[][];
    try {
      records = parse(head, {
        delimiter: d,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
      }) as string[][];
    } catch {
      continue;
    }
    const width = records[0]?.length ?? 0;
    if (width < 2) continue;
    const same = records.filter((r) => r.length === width).length / records.length;
    // Consistency first, then width; a comma wins ties.
    const score = same * 1000 + Math.min(width, 999);
    if (score > best.score) best = { d, score };
  }
  return best.d;
}

export const MAX_CSV_RECORD_BYTES = 1024 * 1024;

/**
 * The records of a CSV text (its separator detected; an Excel `sep=` line honoured and dropped).
 * 400 `resource.import.csvMalformed` with the line when the quoting is broken.
 */
export function parseCsv(text: string): string[][] {
  const sep = SEP_LINE.exec(text);
  const body = sep ? text.slice(sep[0].length) : text;
  const delimiter = sep ? sep[1]! : detectDelimiter(body);
  try {
    return parse(body, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      max_record_size: MAX_CSV_RECORD_BYTES,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError)
      throw new ApiError(400, 'resource.import.csvMalformed', {
        line: (err as CsvError & { lines?: number }).lines ?? 0,
      });
    throw err;
  }
}

/** One CSV field, quoted when it needs to be. */
export function csvField(v: string): string {
  return /[",;\t\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}
