/**
 * Scan rules (SPEC §3, §5): how a scanned barcode is checked and split into its part, serial number
 * (SN) and date code. Three ways: by positions (1-based, inclusive, the barcode exactly as long as
 * the rule says), by a regular expression with named groups (`part`, `sn`, `dateCode`, `check`, any
 * other name is an extra part), or by GS1 application identifiers. A check character is verified by
 * a pluggable algorithm over the characters before it. The same parser runs in the test panel, on
 * save (the rule's test vectors) and behind the server's parse API.
 */
import { z } from 'zod';
import type { RuleIssue } from '../engine/define';
import { addDays, dayOfYear, isoDate, parseLocalDate, weekStart, type LocalDate } from './calendar';
import { CHECKSUMS, type ChecksumName } from './checksum';
import { Gs1Element, parseGs1 } from './gs1';
import { groupNames, patternIssue } from './pattern';

export const INSPECTION_TYPES = ['positions', 'regex', 'gs1'] as const;
export type InspectionType = (typeof INSPECTION_TYPES)[number];

export const DATE_CODE_FORMATS = ['raw', 'YYMMDD', 'YYYYMMDD', 'YYWW', 'YYYYWW', 'YYDDD'] as const;
export type DateCodeFormat = (typeof DATE_CODE_FORMATS)[number];

/** Longest barcode a rule may describe. */
export const MAX_BARCODE_LENGTH = 512;

export interface ScanSegment {
  name: string;
  start: number;
  end: number;
}

export interface ScanVector {
  barcode: string;
  /** Whether the barcode is expected to pass (default true). */
  accept?: boolean | null;
  /** Expected values; blank ones are not compared. */
  part?: string | null;
  sn?: string | null;
  dateCode?: string | null;
}

export interface ScanRuleInput {
  inspectionType: InspectionType;
  /** Positions: the exact length; regular expression and GS1: the longest accepted. */
  barcodeLength: number;
  parseStart?: number | null;
  parseEnd?: number | null;
  checksum?: boolean | null;
  checksumStart?: number | null;
  checksumEnd?: number | null;
  checksumAlgorithm?: ChecksumName | null;
  snStart?: number | null;
  snEnd?: number | null;
  dateCodeStart?: number | null;
  dateCodeEnd?: number | null;
  dateCodeFormat?: DateCodeFormat | null;
  pattern?: string | null;
  segments?: ScanSegment[] | null;
  testVectors?: ScanVector[] | null;
}

/** A reason a barcode is refused: message key (namespace `model`) and its parameters. */
export const ScanIssue = z
  .object({
    key: z.string().meta({ description: 'Message key (namespace `model`)' }),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    message: z
      .string()
      .optional()
      .meta({ description: "The message in the caller's language (answers of the parse API)" }),
  })
  .meta({ id: 'ScanIssue' });
export type ScanIssue = z.infer<typeof ScanIssue>;

export const ScanResult = z
  .object({
    ok: z.boolean().meta({
      description: 'Accepted: the right shape, a valid date code, and a passing check character when there is one',
    }),
    errors: z.array(ScanIssue),
    part: z.string().nullable(),
    sn: z.string().nullable(),
    dateCode: z.string().nullable(),
    date: z
      .string()
      .nullable()
      .meta({ description: 'The date code as YYYY-MM-DD, when its format says how to read it' }),
    checksum: z.enum(['pass', 'fail', 'none']),
    parts: z
      .record(z.string(), z.string())
      .meta({ description: 'Every named part: segments, named groups, or GS1 AIs by number' }),
    elements: z.array(Gs1Element).optional().meta({ description: 'GS1 only: the elements with their titles' }),
  })
  .meta({ id: 'ScanResult' });
export type ScanResult = z.infer<typeof ScanResult>;

/** Runs a pattern against the whole barcode: its named groups, null when it does not match, 'timeout' when stopped. */
export type PatternMatcher = (
  source: string,
  input: string,
) => { groups: Record<string, { value: string; start: number }> } | null | 'timeout';

/** Plain RegExp, no time limit: what the browser runs. */
export const matchPattern: PatternMatcher = (source, input) => {
  const m = new RegExp(`^(?:${source})$`, 'd').exec(input);
  if (!m) return null;
  const groups: Record<string, { value: string; start: number }> = {};
  for (const [name, value] of Object.entries(m.groups ?? {})) {
    const at = m.indices?.groups?.[name];
    if (value !== undefined && at) groups[name] = { value, start: at[0] };
  }
  return { groups };
};

let configured: PatternMatcher = matchPattern;

/**
 * The matcher the definition's own rules (test vectors on save) use. The server installs one with a
 * time limit at start-up, so that a save cannot hold its event loop with a slow pattern.
 */
export function usePatternMatcher(matcher: PatternMatcher): void {
  configured = matcher;
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Positions of the named intervals a positional rule may declare, in the order overlaps are reported. */
const INTERVALS = [
  ['parseStart', 'parseEnd'],
  ['checksumStart', 'checksumEnd'],
  ['snStart', 'snEnd'],
  ['dateCodeStart', 'dateCodeEnd'],
] as const;

/** Width of the text each date-code format reads. */
const DATE_CODE_LENGTH: Record<Exclude<DateCodeFormat, 'raw'>, number> = {
  YYMMDD: 6,
  YYYYMMDD: 8,
  YYWW: 4,
  YYYYWW: 6,
  YYDDD: 5,
};

/** Reads a date code; null when it is not a date in that format. Weeks start on Monday, week 1 holds 1 January. */
export function decodeDateCode(format: DateCodeFormat, text: string): LocalDate | null {
  if (format === 'raw') return null;
  if (text.length !== DATE_CODE_LENGTH[format] || !/^\d+$/.test(text)) return null;
  const year = format.startsWith('YYYY') ? Number(text.slice(0, 4)) : 2000 + Number(text.slice(0, 2));
  const rest = text.slice(format.startsWith('YYYY') ? 4 : 2);
  if (format.endsWith('MMDD'))
    return parseLocalDate(`${String(year).padStart(4, '0')}-${rest.slice(0, 2)}-${rest.slice(2, 4)}`);
  const jan1 = { year, month: 1, day: 1 };
  if (format === 'YYDDD') {
    const d = Number(rest);
    const last = dayOfYear({ year, month: 12, day: 31 });
    return d >= 1 && d <= last ? addDays(jan1, d - 1) : null;
  }
  const week = Number(rest);
  if (week < 1) return null;
  const first = week === 1 ? jan1 : addDays(weekStart(jan1, 'monday'), (week - 1) * 7);
  return first.year === year ? first : null;
}

function intervalIssues(row: Record<string, unknown>, length: number | null): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const taken: { from: number; to: number }[] = [];
  const check = (startKey: string, endKey: string) => {
    const start = num(row[startKey]);
    const end = num(row[endKey]);
    if (start === null && end === null) return;
    if (start === null) return issues.push({ field: startKey, key: 'validation.required' });
    if (end === null) return issues.push({ field: endKey, key: 'validation.required' });
    let ok = true;
    if (length !== null && start > length)
      ok = !issues.push({ field: startKey, key: 'validation.beyondLength', params: { length } });
    else if (start > end) ok = !issues.push({ field: startKey, key: 'validation.startAfterEnd' });
    if (length !== null && end > length)
      ok = !issues.push({ field: endKey, key: 'validation.beyondLength', params: { length } });
    if (!ok) return;
    const clash = taken.find((t) => start <= t.to && t.from <= end);
    if (clash)
      issues.push({ field: startKey, key: 'validation.positionsOverlap', params: { from: clash.from, to: clash.to } });
    else taken.push({ from: start, to: end });
  };
  for (const [s, e] of INTERVALS) {
    if (s === 'checksumStart' && row.checksum !== true) continue;
    check(s, e);
  }
  const segments = Array.isArray(row.segments) ? (row.segments as Record<string, unknown>[]) : [];
  segments.forEach((_seg, i) => check(`segments.${i}.start`, `segments.${i}.end`));
  return issues;
}

/** Reads `segments.3.start` style keys out of the row for intervalIssues. */
function flatSegments(row: Record<string, unknown>): Record<string, unknown> {
  const flat: Record<string, unknown> = { ...row };
  const segments = Array.isArray(row.segments) ? (row.segments as Record<string, unknown>[]) : [];
  segments.forEach((seg, i) => {
    flat[`segments.${i}.start`] = seg?.start;
    flat[`segments.${i}.end`] = seg?.end;
  });
  return flat;
}

/** The rule's own consistency (SPEC §5), without its test vectors. */
export function scanRuleShapeIssues(row: Record<string, unknown>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const length = num(row.barcodeLength);
  const type = row.inspectionType as InspectionType;
  if (type === 'positions') {
    issues.push(...intervalIssues(flatSegments(row), length));
    const algorithm = CHECKSUMS[(row.checksumAlgorithm as ChecksumName) ?? 'gs1Mod10'];
    const cs = num(row.checksumStart);
    const ce = num(row.checksumEnd);
    if (row.checksum === true) {
      if (cs === null && ce === null) issues.push({ field: 'checksumStart', key: 'validation.required' });
      else if (cs !== null && ce !== null && cs <= ce) {
        if (algorithm && ce - cs + 1 !== algorithm.length)
          issues.push({ field: 'checksumEnd', key: 'validation.checksumLength', params: { length: algorithm.length } });
        if (cs === 1) issues.push({ field: 'checksumStart', key: 'validation.checksumNoData' });
      }
    }
    const format = (row.dateCodeFormat as DateCodeFormat) ?? 'raw';
    const ds = num(row.dateCodeStart);
    const de = num(row.dateCodeEnd);
    if (format !== 'raw' && ds !== null && de !== null && ds <= de && de - ds + 1 !== DATE_CODE_LENGTH[format]) {
      issues.push({
        field: 'dateCodeEnd',
        key: 'validation.dateCodeLength',
        params: { length: DATE_CODE_LENGTH[format] },
      });
    }
  }
  if (type === 'regex') {
    const source = typeof row.pattern === 'string' ? row.pattern : '';
    if (source.trim() === '') issues.push({ field: 'pattern', key: 'validation.required' });
    else {
      const bad = patternIssue(source);
      if (bad) issues.push({ field: 'pattern', key: bad });
      else if (row.checksum === true && !groupNames(source).includes('check'))
        issues.push({ field: 'pattern', key: 'validation.patternNoCheck' });
    }
  }
  const segments = Array.isArray(row.segments) ? (row.segments as Partial<ScanSegment>[]) : [];
  const names = new Map<string, number>();
  segments.forEach((seg, i) => {
    const name = typeof seg?.name === 'string' ? seg.name : '';
    const before = names.get(name);
    if (name && before !== undefined)
      issues.push({ field: `segments.${i}.name`, key: 'validation.nameDuplicate', params: { row: before + 1 } });
    else if (name) names.set(name, i);
  });
  return issues;
}

/** The test vectors' verdicts against the rule: one issue per vector that does not come out as stored. */
export function vectorIssues(row: Record<string, unknown>, match: PatternMatcher = configured): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const vectors = Array.isArray(row.testVectors) ? (row.testVectors as Partial<ScanVector>[]) : [];
  vectors.forEach((v, i) => {
    if (typeof v?.barcode !== 'string' || v.barcode === '') return;
    const r = parseBarcode(row as unknown as ScanRuleInput, v.barcode, match);
    const row1 = i + 1;
    if (r.errors.some((e) => e.key === 'scan.patternTimeout')) {
      issues.push({ field: 'pattern', key: 'validation.patternSlow', params: { row: row1 } });
      return;
    }
    if (v.accept === false) {
      if (r.ok)
        issues.push({ field: `testVectors.${i}.barcode`, key: 'validation.vectorAccepted', params: { row: row1 } });
      return;
    }
    if (!r.ok) {
      issues.push({ field: `testVectors.${i}.barcode`, key: 'validation.vectorRejected', params: { row: row1 } });
      return;
    }
    for (const key of ['part', 'sn', 'dateCode'] as const) {
      const want = v[key];
      if (typeof want === 'string' && want !== '' && r[key] !== want) {
        issues.push({
          field: `testVectors.${i}.${key}`,
          key: 'validation.vectorMismatch',
          params: { row: row1, actual: r[key] ?? '' },
        });
      }
    }
  });
  return issues;
}

/** Every cross-field rule of a scan rule: its shape, then (when the shape holds) its test vectors. */
export function scanRuleIssues(row: Record<string, unknown>): RuleIssue[] {
  const shape = scanRuleShapeIssues(row);
  return shape.length > 0 ? shape : vectorIssues(row);
}

const slice = (s: string, start: number | null | undefined, end: number | null | undefined) =>
  typeof start === 'number' && typeof end === 'number' ? [...s].slice(start - 1, end).join('') : null;

function finish(rule: ScanRuleInput, r: ScanResult): ScanResult {
  const format = rule.dateCodeFormat ?? 'raw';
  if (r.dateCode !== null && format !== 'raw' && r.date === null) {
    const d = decodeDateCode(format, r.dateCode);
    if (d) r.date = isoDate(d);
    else r.errors.push({ key: 'scan.dateCodeInvalid', params: { value: r.dateCode } });
  }
  r.ok = r.errors.length === 0;
  return r;
}

function verify(rule: ScanRuleInput, data: string, check: string, r: ScanResult): void {
  const algorithm = CHECKSUMS[rule.checksumAlgorithm ?? 'gs1Mod10'];
  const expected = algorithm.compute(data);
  if (expected === null) {
    r.checksum = 'fail';
    r.errors.push({ key: 'scan.checksumData' });
  } else if (expected !== check) {
    r.checksum = 'fail';
    r.errors.push({ key: 'scan.checksumFailed', params: { expected, actual: check } });
  } else {
    r.checksum = 'pass';
  }
}

/** Parses a barcode by the rule (which should be free of scanRuleShapeIssues). */
export function parseBarcode(rule: ScanRuleInput, barcode: string, match: PatternMatcher = configured): ScanResult {
  const r: ScanResult = {
    ok: false,
    errors: [],
    part: null,
    sn: null,
    dateCode: null,
    date: null,
    checksum: 'none',
    parts: {},
  };
  const length = [...barcode].length;
  if (length === 0) {
    r.errors.push({ key: 'scan.empty' });
    return r;
  }
  const type = rule.inspectionType;
  if (type === 'positions' && length !== rule.barcodeLength) {
    r.errors.push({ key: 'scan.lengthMismatch', params: { length, expected: rule.barcodeLength } });
    return r;
  }
  if (type !== 'positions' && length > rule.barcodeLength) {
    r.errors.push({ key: 'scan.tooLong', params: { length, max: rule.barcodeLength } });
    return r;
  }

  if (type === 'positions') {
    r.part = slice(barcode, rule.parseStart, rule.parseEnd);
    r.sn = slice(barcode, rule.snStart, rule.snEnd);
    r.dateCode = slice(barcode, rule.dateCodeStart, rule.dateCodeEnd);
    for (const seg of rule.segments ?? []) r.parts[seg.name] = slice(barcode, seg.start, seg.end) ?? '';
    if (rule.checksum && typeof rule.checksumStart === 'number' && typeof rule.checksumEnd === 'number') {
      const chars = [...barcode];
      verify(
        rule,
        chars.slice(0, rule.checksumStart - 1).join(''),
        chars.slice(rule.checksumStart - 1, rule.checksumEnd).join(''),
        r,
      );
    }
    return finish(rule, r);
  }

  if (type === 'regex') {
    const m = match(rule.pattern ?? '', barcode);
    if (m === 'timeout') {
      r.errors.push({ key: 'scan.patternTimeout' });
      return r;
    }
    if (!m) {
      r.errors.push({ key: 'scan.noMatch' });
      return r;
    }
    for (const [name, g] of Object.entries(m.groups)) {
      if (name === 'part') r.part = g.value;
      else if (name === 'sn') r.sn = g.value;
      else if (name === 'dateCode') r.dateCode = g.value;
      else if (name !== 'check') r.parts[name] = g.value;
    }
    const check = m.groups.check;
    if (rule.checksum && check) verify(rule, barcode.slice(0, check.start), check.value, r);
    return finish(rule, r);
  }

  const gs1 = parseGs1(barcode);
  r.elements = gs1.elements;
  for (const e of gs1.elements) r.parts[e.ai] = e.value;
  if (!gs1.ok) {
    r.errors.push({ key: gs1.error.key, params: gs1.error.params });
    return r;
  }
  const value = (...ais: string[]) => ais.map((ai) => r.parts[ai]).find((v) => v !== undefined) ?? null;
  r.part = value('01', '02', '00', '240');
  r.sn = value('21', '250');
  const dated = gs1.elements.find((e) => ['11', '13', '15', '17'].includes(e.ai));
  r.dateCode = dated?.value ?? null;
  r.date = dated?.date ?? null;
  // The GS1 check digits of 00/01/02 were verified while parsing.
  if (gs1.elements.some((e) => ['00', '01', '02', '410', '414'].includes(e.ai))) r.checksum = 'pass';
  return finish(rule, r);
}

/**
 * SPEC §5: changing the barcode length changes the parse end. A parse end that was the old length
 * (or is now past the end) follows the new length; a parse start past the new end comes back to 1.
 */
export function adjustToLength<T extends Partial<ScanRuleInput>>(row: T, newLength: number | null): T {
  const next = { ...row, barcodeLength: newLength } as T;
  if (newLength === null || !Number.isFinite(newLength) || newLength < 1) return next;
  const oldLength = row.barcodeLength;
  const end = row.parseEnd;
  if (end === null || end === undefined || end === oldLength || end > newLength) next.parseEnd = newLength;
  if (typeof row.parseStart === 'number' && row.parseStart > newLength) next.parseStart = 1;
  if (row.parseStart === null || row.parseStart === undefined) next.parseStart = 1;
  return next;
}
