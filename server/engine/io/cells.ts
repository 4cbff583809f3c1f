/** Cells ↔ field values: what an import accepts and what an export writes, per field kind. */
import type { FieldDef } from '../../../model/engine';
import type { Translator } from '../../i18n';
import type { DictItemOption } from '../dicts';
import { boolLookup, enumLookup, normalize } from './labels';
import type { Cell } from './sheet';
import { dateOnly, parseDay, spreadsheetDay } from '../../dates';

export interface CellLookups {
  /** Ref field key → referenced row code → id (rows of the caller's scope). */
  refIds: Map<string, Map<string, string>>;
  /** Dict field key → the tenant's items (null: no such dictionary). */
  dictItems: Map<string, DictItemOption[] | null>;
}

export type CellResult = { value: unknown } | { error: string };

const pad = (n: number) => String(n).padStart(2, '0');
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/**
 * A date cell as YYYY-MM-DD, or null when it names no calendar day ("2026/13/45", "2026-02-30").
 * A spreadsheet's date has no time zone: exceljs hands it over as UTC midnight, a serial number
 * counts days from Excel's epoch.
 */
function dateText(c: Cell): string | null {
  // A second's tolerance: a day stored as 46082.99999999 is the 46083rd.
  if (c instanceof Date)
    return Number.isNaN(c.getTime()) ? null : dateOnly(new Date(Math.floor((c.getTime() + 1000) / DAY_MS) * DAY_MS));
  if (typeof c === 'number')
    return Number.isFinite(c) && c > 0 && c < 2958466
      ? dateOnly(new Date(EXCEL_EPOCH + Math.floor(c + 1 / 86400) * DAY_MS))
      : null;
  return parseDay(String(c));
}

function timeText(c: Cell): string {
  if (c instanceof Date) return `${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}`;
  if (typeof c === 'number' && c >= 0 && c < 1) {
    const minutes = Math.round(c * 1440) % 1440;
    return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  }
  const s = String(c).trim();
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(s);
  return m ? `${pad(Number(m[1]))}:${m[2]}` : s;
}

const plain = (c: Cell) => (c instanceof Date ? c.toISOString() : String(c)).trim();
const splitCodes = (s: string) =>
  s
    .split(/[,;，；、\n]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** A cell as the value the field's schema parses; `{ error }` with a `model` message key when it cannot be. */
export function fromCell(key: string, f: FieldDef, c: Cell, lookups: CellLookups): CellResult {
  if (c === null || (typeof c === 'string' && c.trim() === '')) return { value: undefined };
  switch (f.kind) {
    case 'text':
    case 'code':
    case 'textarea':
      return { value: typeof c === 'number' ? String(c) : plain(c) };
    case 'int':
    case 'decimal':
      return { value: typeof c === 'number' ? c : plain(c) };
    case 'bool': {
      if (typeof c === 'boolean') return { value: c };
      const b = boolLookup().get(normalize(plain(c)));
      return b === undefined ? { error: 'validation.boolean' } : { value: b };
    }
    case 'enum': {
      const v = enumLookup(f).get(normalize(plain(c)));
      return v === undefined ? { error: 'validation.option' } : { value: v };
    }
    case 'dict': {
      const s = plain(c);
      const items = lookups.dictItems.get(key);
      if (!items) return { value: s };
      const n = normalize(s);
      const item = items.find((i) => normalize(i.value) === n) ?? items.find((i) => normalize(i.label) === n);
      return item ? { value: item.value } : { error: 'validation.option' };
    }
    case 'ref':
    case 'refs': {
      const ids = lookups.refIds.get(key) ?? new Map<string, string>();
      const codes = f.kind === 'ref' ? [plain(c)] : splitCodes(plain(c));
      const found = codes.map((code) => ids.get(code));
      if (found.some((id) => id === undefined)) return { error: 'validation.reference' };
      return { value: f.kind === 'ref' ? found[0] : found };
    }
    case 'date': {
      const day = dateText(c);
      return day === null ? { error: 'validation.date' } : { value: day };
    }
    case 'datetime':
      return { value: c instanceof Date ? c.toISOString() : plain(c) };
    case 'time':
      return { value: timeText(c) };
    case 'details':
      try {
        return { value: JSON.parse(plain(c)) as unknown };
      } catch {
        return { error: 'validation.rows' };
      }
  }
}

/** The codes a ref/refs cell names (to look them up before converting). */
export function codesOf(f: FieldDef, c: Cell): string[] {
  if (c === null || (typeof c === 'string' && c.trim() === '')) return [];
  return f.kind === 'refs' ? splitCodes(plain(c)) : [plain(c)];
}

export interface ExportLookups {
  /** Ref field key → id → code. */
  refCodes: Map<string, Map<string, string>>;
  /** Dict field key → value → label. */
  dictLabels: Map<string, Map<string, string>>;
  /** The user's UTC offset (minutes, as getTimezoneOffset; null: UTC): times are written in the user's day. */
  offset?: number | null;
}

/** The number format of a field's export column, for the kinds written as spreadsheet dates. */
export function dateFormatOf(f: FieldDef): string | null {
  return f.kind === 'date' ? 'yyyy-mm-dd' : f.kind === 'datetime' ? 'yyyy-mm-dd hh:mm:ss' : null;
}

/**
 * A field value as an export cell: labels in the request language, refs by code, numbers as numbers,
 * dates and times as spreadsheet dates (which sort and compute as dates; a spreadsheet's date has no
 * zone, so a time is written as the user's wall-clock time).
 */
export function toCell(
  key: string,
  f: FieldDef,
  v: unknown,
  tr: Translator,
  lookups: ExportLookups,
): string | number | Date | null {
  if (v === null || v === undefined) return null;
  switch (f.kind) {
    case 'date':
      return spreadsheetDay(String(v)) ?? String(v);
    case 'datetime': {
      const at = v instanceof Date ? v.getTime() : Date.parse(String(v));
      return Number.isNaN(at) ? String(v) : new Date(at - (lookups.offset ?? 0) * 60_000);
    }
    case 'int':
    case 'decimal':
      return Number(v);
    case 'bool':
      return tr.t(v ? 'resource.yes' : 'resource.no');
    case 'enum':
      return tr.tm(`enum.${f.enumName}.${String(v)}`);
    case 'dict':
      return lookups.dictLabels.get(key)?.get(String(v)) ?? String(v);
    case 'ref':
      return lookups.refCodes.get(key)?.get(String(v)) ?? null;
    case 'refs': {
      const codes = (Array.isArray(v) ? v : []).map((id) => lookups.refCodes.get(key)?.get(String(id))).filter(Boolean);
      return codes.length ? codes.join(', ') : null;
    }
    case 'details':
      return Array.isArray(v) && v.length ? JSON.stringify(v) : null;
    default:
      return String(v);
  }
}
