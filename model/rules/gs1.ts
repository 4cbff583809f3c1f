/**
 * GS1 element strings (GS1-128, GS1 DataMatrix, GS1 QR): application identifiers (AI) followed by
 * their data. Fixed-length data runs on into the next AI; variable-length data ends at FNC1, which a
 * scanner sends as the GS character (0x1D), or at the end. A leading symbology identifier (`]C1`,
 * `]d2`, `]Q3`, `]e0`) or FNC1 is dropped. Check digits of 00, 01, 02, 410, 414 are verified (GS1 mod 10).
 */
import { z } from 'zod';
import { gs1Mod10 } from './checksum';

export const GS = '\u001d';

export interface AiSpec {
  title: string;
  /** Numeric data only. */
  numeric: boolean;
  /** Fixed data length, or the maximum of a variable-length field. */
  length: number;
  fixed: boolean;
  /** The last digit is a GS1 mod 10 check digit. */
  check?: boolean;
  /** YYMMDD. */
  date?: boolean;
  /** The AI's fourth digit is the number of decimals (310n, 320n, 330n). */
  decimals?: boolean;
}

const n = (title: string, length: number, extra: Partial<AiSpec> = {}): AiSpec => ({
  title,
  numeric: true,
  length,
  fixed: true,
  ...extra,
});
const nv = (title: string, length: number): AiSpec => ({ title, numeric: true, length, fixed: false });
const an = (title: string, length: number): AiSpec => ({ title, numeric: false, length, fixed: false });

/** The common AIs; four-digit families with a decimal indicator are keyed by their first three digits. */
export const AIS: Record<string, AiSpec> = {
  '00': n('SSCC', 18, { check: true }),
  '01': n('GTIN', 14, { check: true }),
  '02': n('CONTENT', 14, { check: true }),
  '10': an('BATCH/LOT', 20),
  '11': n('PROD DATE', 6, { date: true }),
  '12': n('DUE DATE', 6, { date: true }),
  '13': n('PACK DATE', 6, { date: true }),
  '15': n('BEST BEFORE', 6, { date: true }),
  '16': n('SELL BY', 6, { date: true }),
  '17': n('USE BY', 6, { date: true }),
  '20': n('VARIANT', 2),
  '21': an('SERIAL', 20),
  '22': an('CPV', 20),
  '240': an('ADDITIONAL ID', 30),
  '241': an('CUST. PART No.', 30),
  '250': an('SECONDARY SERIAL', 30),
  '30': nv('VAR. COUNT', 8),
  '310': n('NET WEIGHT (kg)', 6, { decimals: true }),
  '320': n('NET WEIGHT (lb)', 6, { decimals: true }),
  '330': n('GROSS WEIGHT (kg)', 6, { decimals: true }),
  '37': nv('COUNT', 8),
  '400': an('ORDER NUMBER', 30),
  '401': an('GINC', 30),
  '403': an('ROUTE', 30),
  '410': n('SHIP TO LOC', 13, { check: true }),
  '414': n('LOC No.', 13, { check: true }),
  '420': an('SHIP TO POST', 20),
  '422': n('ORIGIN', 3),
  '7003': n('EXPIRY TIME', 10),
  '8004': an('GIAI', 30),
  '8020': an('REF No.', 25),
  '90': an('INTERNAL', 30),
  '91': an('INTERNAL', 90),
  '92': an('INTERNAL', 90),
  '93': an('INTERNAL', 90),
  '94': an('INTERNAL', 90),
  '95': an('INTERNAL', 90),
  '96': an('INTERNAL', 90),
  '97': an('INTERNAL', 90),
  '98': an('INTERNAL', 90),
  '99': an('INTERNAL', 90),
};

/** GS1 character set 82 (what alphanumeric AIs may hold). */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

export const Gs1Element = z
  .object({
    ai: z.string(),
    title: z.string(),
    value: z.string(),
    decimal: z.string().optional().meta({ description: 'For 310n and friends: the value with its decimals (`1.25`)' }),
    date: z.string().optional().meta({ description: "For date AIs: YYYY-MM-DD (day 00 means the month's last day)" }),
  })
  .meta({ id: 'Gs1Element' });
export type Gs1Element = z.infer<typeof Gs1Element>;

export type Gs1ErrorKey =
  | 'scan.gs1Empty'
  | 'scan.gs1UnknownAi'
  | 'scan.gs1Short'
  | 'scan.gs1Long'
  | 'scan.gs1Data'
  | 'scan.gs1Check'
  | 'scan.gs1Date'
  | 'scan.gs1Repeated';

export interface Gs1Error {
  /** Message key (namespace `model`). */
  key: Gs1ErrorKey;
  params: Record<string, string | number>;
}

export type Gs1Result = { ok: true; elements: Gs1Element[] } | { ok: false; error: Gs1Error; elements: Gs1Element[] };

const SYMBOLOGY = /^\](C1|d2|Q3|e0|J1)/;
const LEADING_GS = new RegExp(`^${GS}+`);

/** The barcode's element string: symbology identifier and leading FNC1 dropped, `<GS>` text as GS. */
export function elementString(barcode: string): string {
  return barcode.replace(SYMBOLOGY, '').replace(/<GS>/g, GS).replace(LEADING_GS, '');
}

function lookup(rest: string): { ai: string; spec: AiSpec } | null {
  for (const len of [2, 3, 4]) {
    const ai = rest.slice(0, len);
    if (ai.length < len || !/^\d+$/.test(ai)) return null;
    const spec = AIS[ai];
    if (!spec) continue;
    if (!spec.decimals) return { ai, spec };
    // 310n: the fourth digit says how many decimals (0–5).
    const full = rest.slice(0, 4);
    return /^\d{3}[0-5]$/.test(full) ? { ai: full, spec } : null;
  }
  return null;
}

/** YYMMDD → YYYY-MM-DD, in 2000–2099; day 00 = last day of the month. */
function gs1Date(v: string): string | null {
  const year = 2000 + Number(v.slice(0, 2));
  const mm = Number(v.slice(2, 4));
  const dd = Number(v.slice(4, 6));
  if (mm < 1 || mm > 12) return null;
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  if (dd > last) return null;
  return `${year}-${String(mm).padStart(2, '0')}-${String(dd === 0 ? last : dd).padStart(2, '0')}`;
}

/** Splits a GS1 element string into its elements, verifying lengths, character sets, check digits and dates. */
export function parseGs1(barcode: string): Gs1Result {
  const text = elementString(barcode);
  const elements: Gs1Element[] = [];
  const fail = (key: Gs1ErrorKey, params: Record<string, string | number> = {}): Gs1Result => ({
    ok: false,
    error: { key, params },
    elements,
  });
  if (text.length === 0) return fail('scan.gs1Empty');
  let i = 0;
  while (i < text.length) {
    if (text[i] === GS) {
      i++;
      continue;
    }
    const found = lookup(text.slice(i));
    if (!found) return fail('scan.gs1UnknownAi', { at: i + 1 });
    const { ai, spec } = found;
    const start = i + ai.length;
    let value: string;
    if (spec.fixed) {
      value = text.slice(start, start + spec.length);
      if (value.includes(GS) || value.length < spec.length) return fail('scan.gs1Short', { ai });
      i = start + spec.length;
    } else {
      const end = text.indexOf(GS, start);
      value = text.slice(start, end < 0 ? text.length : end);
      if (value.length === 0) return fail('scan.gs1Short', { ai });
      if (value.length > spec.length) return fail('scan.gs1Long', { ai, length: spec.length });
      i = end < 0 ? text.length : end + 1;
    }
    if (spec.numeric ? !/^\d+$/.test(value) : !CSET82.test(value)) return fail('scan.gs1Data', { ai });
    if (spec.check && gs1Mod10(value.slice(0, -1)) !== value.slice(-1)) return fail('scan.gs1Check', { ai });
    if (elements.some((e) => e.ai === ai)) return fail('scan.gs1Repeated', { ai });
    const element: Gs1Element = { ai, title: spec.title, value };
    if (spec.date) {
      const date = gs1Date(value);
      if (!date) return fail('scan.gs1Date', { ai });
      element.date = date;
    }
    if (spec.decimals) {
      const d = Number(ai[3]);
      element.decimal = d === 0 ? String(Number(value)) : `${Number(value.slice(0, -d))}.${value.slice(-d)}`;
    }
    elements.push(element);
  }
  return { ok: true, elements };
}

/** Writes elements as an element string, GS after each variable-length field but the last (tests, labels). */
export function formatGs1(elements: readonly { ai: string; value: string }[]): string {
  return elements
    .map((e, k) => {
      const spec = AIS[e.ai] ?? AIS[e.ai.slice(0, 3)];
      const sep = spec && !spec.fixed && k < elements.length - 1 ? GS : '';
      return `${e.ai}${e.value}${sep}`;
    })
    .join('');
}
