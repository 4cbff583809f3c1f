/**
 * Encoding rules (SPEC §3, §5): what a rule holds, its validation (the same message keys on the form
 * and the server), and the codes it writes. A code is the rule's detail rows in order: fixed values
 * and system parameters (the serial number, dates, factory and line codes), each optionally cut down
 * to some of its characters (the truncation bit). The serial number is the start code plus the
 * counter's offset, in the rule's base, as wide as the start code.
 */
import type { RuleIssue } from '../engine/define';
import {
  ALPHABETS,
  RULE_TYPES,
  alphabetOf,
  decode,
  encode,
  isAlphabet,
  isCodeOf,
  largestCode,
  repeatedCharacter,
  type RuleType,
} from './base';
import {
  DEFAULT_DATE_FORMAT,
  RESET_TYPES,
  WEEKDAYS,
  dateFormatLength,
  formatDate,
  isDateFormat,
  periodKey,
  type LocalDate,
  type ResetType,
  type Weekday,
} from './calendar';
import { applyTruncation, parseTruncation } from './truncation';

export const PARAM_TYPES = ['fixed', 'system'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export const SYSTEM_PARAMETERS = ['serial', 'date', 'year', 'month', 'week', 'day', 'factoryCode', 'lineCode'] as const;
export type SystemParameter = (typeof SYSTEM_PARAMETERS)[number];

/** A rule name: English letters, digits and underscores (SPEC §5). */
export const RULE_NAME = { source: '^[A-Za-z0-9_]+$', key: 'validation.ruleName' } as const;
/** Longest start code: the counter is a 64-bit integer. */
export const MAX_CODE_WIDTH = 24;
/** Largest counter value PostgreSQL's bigint holds. */
export const MAX_COUNTER = 9_223_372_036_854_775_807n;

export interface EncodingDetail {
  order: number;
  paramType: ParamType;
  /** The system parameter (paramType `system`). */
  parameter?: SystemParameter | null;
  /** The fixed value (paramType `fixed`); for the `date` parameter its format (default YYYYMMDD). */
  value?: string | null;
  /** Which characters to keep: `5`, `1,3-7` (see truncation.ts). */
  truncation?: string | null;
}

export interface EncodingRuleInput {
  name?: string;
  ruleType: RuleType;
  /** The alphabet of a custom rule. */
  baseCode?: string | null;
  startCode: string;
  /** Blank: the largest code as wide as the start code. */
  endCode?: string | null;
  resetType: ResetType;
  firstWeekday?: Weekday | null;
  details: EncodingDetail[];
}

/** What a code depends on besides the counter. */
export interface EncodingContext {
  factoryCode?: string | null;
  lineCode?: string | null;
  /** The local calendar day the codes are issued on (tenant's time zone). */
  date: LocalDate;
}

/** Why a code cannot be written; the message key is `encoding.<reason>` (namespace `model`). */
export class EncodingError extends Error {
  constructor(
    readonly reason: 'factoryMissing' | 'lineMissing' | 'truncationBeyond' | 'exhausted',
    readonly params: Record<string, string | number> = {},
  ) {
    super(`encoding.${reason}`);
    this.name = 'EncodingError';
  }

  get key(): string {
    return `encoding.${this.reason}`;
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const blank = (v: unknown) => str(v).trim() === '';
const chars = (s: string) => [...s].length;

/** The length a detail's value always has, when known before issuing (factory and line codes vary). */
function knownLength(d: EncodingDetail, startCode: string): number | null {
  if (d.paramType === 'fixed') return chars(str(d.value));
  switch (d.parameter) {
    case 'serial':
      return chars(startCode);
    case 'date':
      return dateFormatLength(blank(d.value) ? DEFAULT_DATE_FORMAT : str(d.value));
    case 'year':
      return 4;
    case 'month':
    case 'week':
    case 'day':
      return 2;
    default:
      return null;
  }
}

/** Calendar parts a detail row writes, to tell whether the code names the counter's period. */
function calendarParts(d: EncodingDetail): Set<string> {
  if (d.paramType !== 'system') return new Set();
  switch (d.parameter) {
    case 'year':
    case 'month':
    case 'week':
    case 'day':
      return new Set([d.parameter]);
    case 'date': {
      const f = blank(d.value) ? DEFAULT_DATE_FORMAT : str(d.value);
      const parts = new Set<string>();
      if (f.includes('YY')) parts.add('year');
      if (f.includes('MM')) parts.add('month');
      if (f.includes('WW')) parts.add('week');
      if (f.includes('DDD')) parts.add('dayOfYear');
      if (f.replace(/DDD/g, '').includes('DD')) parts.add('day');
      return parts;
    }
    default:
      return new Set();
  }
}

/** Whether the code tells the counter's periods apart; otherwise a reset would repeat codes. */
function namesPeriod(reset: ResetType, details: readonly EncodingDetail[]): boolean {
  const p = new Set(details.flatMap((d) => [...calendarParts(d)]));
  const date = p.has('dayOfYear') || (p.has('month') && p.has('day'));
  switch (reset) {
    case 'none':
      return true;
    case 'year':
      return p.has('year');
    case 'month':
      return p.has('year') && p.has('month');
    case 'week':
      return p.has('year') && (p.has('week') || date);
    case 'day':
      return p.has('year') && date;
  }
}

function detailsOf(row: Record<string, unknown>): EncodingDetail[] {
  return Array.isArray(row.details)
    ? (row.details as EncodingDetail[]).filter((d) => typeof d === 'object' && d !== null)
    : [];
}

/**
 * Cross-field rules of SPEC §5 (the single fields' rules are in the definition): a custom base code
 * without repeated characters; start and end codes valid for the base, of one length, end not below
 * start; complete detail rows, exactly one serial number; truncation bits; a reset the code can show.
 */
export function encodingRuleIssues(row: Record<string, unknown>): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const ruleType = str(row.ruleType) as RuleType;
  const startCode = str(row.startCode);
  const endCode = str(row.endCode);
  const baseCode = str(row.baseCode);

  let alphabet: string | null = null;
  if (ruleType === 'custom') {
    const repeated = repeatedCharacter(baseCode);
    if (blank(baseCode)) issues.push({ field: 'baseCode', key: 'validation.required' });
    else if (repeated !== null)
      issues.push({ field: 'baseCode', key: 'validation.baseRepeated', params: { char: repeated } });
    else if (!isAlphabet(baseCode)) issues.push({ field: 'baseCode', key: 'validation.baseCharacters' });
    else alphabet = baseCode;
  } else if ((RULE_TYPES as readonly string[]).includes(ruleType)) {
    alphabet = ALPHABETS[ruleType as Exclude<RuleType, 'custom'>];
  }

  if (alphabet !== null && startCode !== '') {
    if (!isCodeOf(startCode, alphabet)) issues.push({ field: 'startCode', key: 'validation.codeNotInBase' });
    else if (chars(startCode) > MAX_CODE_WIDTH) issues.push({ field: 'startCode', key: 'validation.tooLong' });
    else if (endCode !== '') {
      if (chars(endCode) !== chars(startCode))
        issues.push({ field: 'endCode', key: 'validation.endLength', params: { length: chars(startCode) } });
      else if (!isCodeOf(endCode, alphabet)) issues.push({ field: 'endCode', key: 'validation.codeNotInBase' });
      else if (decode(endCode, alphabet) < decode(startCode, alphabet))
        issues.push({ field: 'endCode', key: 'validation.endBelowStart' });
    }
  }

  const reset = str(row.resetType) as ResetType;
  if (reset === 'week' && !(WEEKDAYS as readonly string[]).includes(str(row.firstWeekday))) {
    issues.push({ field: 'firstWeekday', key: 'validation.required' });
  }

  const details = detailsOf(row);
  const orders = new Map<number, number>();
  let serialRow = -1;
  details.forEach((d, i) => {
    const at = (f: string) => `details.${i}.${f}`;
    if (typeof d.order === 'number') {
      const before = orders.get(d.order);
      if (before !== undefined)
        issues.push({ field: at('order'), key: 'validation.orderDuplicate', params: { row: before + 1 } });
      else orders.set(d.order, i);
    }
    if (d.paramType === 'fixed' && blank(d.value)) issues.push({ field: at('value'), key: 'validation.required' });
    if (d.paramType === 'system') {
      if (blank(d.parameter)) issues.push({ field: at('parameter'), key: 'validation.required' });
      if (d.parameter === 'serial') {
        if (serialRow >= 0)
          issues.push({ field: at('parameter'), key: 'validation.serialDuplicate', params: { row: serialRow + 1 } });
        else serialRow = i;
      }
      if (d.parameter === 'date' && !blank(d.value) && !isDateFormat(str(d.value)))
        issues.push({ field: at('value'), key: 'validation.dateFormat' });
    }
    if (!blank(d.truncation)) {
      // The format first, on every row: a bit that is no truncation at all is told so, whatever it cuts.
      const t = parseTruncation(str(d.truncation).trim());
      if (!t.ok) issues.push({ field: at('truncation'), key: t.key });
      // Cutting the serial number down would hand out the same code twice.
      else if (d.parameter === 'serial' && d.paramType === 'system')
        issues.push({ field: at('truncation'), key: 'validation.serialTruncation' });
      else {
        const length = knownLength(d, startCode);
        const last = t.positions[t.positions.length - 1]!;
        if (length !== null && last > length)
          issues.push({ field: at('truncation'), key: 'validation.truncationBeyond', params: { length } });
      }
    }
  });
  if (details.length > 0 && serialRow < 0) issues.push({ field: 'details', key: 'validation.serialRequired' });
  if (serialRow >= 0 && (RESET_TYPES as readonly string[]).includes(reset) && !namesPeriod(reset, details)) {
    issues.push({ field: 'resetType', key: 'validation.resetNeedsPeriod' });
  }
  return issues;
}

/** A valid rule ready to write codes. */
export interface CompiledRule {
  alphabet: string;
  width: number;
  start: bigint;
  end: bigint;
  /** How many codes the rule can issue per counter (capped at MAX_COUNTER). */
  capacity: bigint;
  resetType: ResetType;
  firstWeekday: Weekday;
  rows: { detail: EncodingDetail; positions: number[] | null }[];
  /** Which context parts the counter is kept per. */
  uses: { factory: boolean; line: boolean; date: boolean };
}

/** Compiles a rule that passed encodingRuleIssues; throws on one that did not. */
export function compileEncodingRule(input: EncodingRuleInput): CompiledRule {
  const issues = encodingRuleIssues(input as unknown as Record<string, unknown>);
  if (issues.length > 0 || input.details.length === 0)
    throw new Error(`invalid encoding rule: ${issues.map((i) => `${i.field} ${i.key}`).join(', ') || 'no details'}`);
  const alphabet = alphabetOf(input.ruleType, input.baseCode);
  const width = chars(input.startCode);
  const start = decode(input.startCode, alphabet);
  const end = decode(blank(input.endCode) ? largestCode(alphabet, width) : str(input.endCode), alphabet);
  const span = end - start + 1n;
  const rows = [...input.details]
    .sort((a, b) => a.order - b.order)
    .map((detail) => ({
      detail,
      positions: blank(detail.truncation)
        ? null
        : (parseTruncation(str(detail.truncation).trim()) as { positions: number[] }).positions,
    }));
  const system = (p: SystemParameter) => input.details.some((d) => d.paramType === 'system' && d.parameter === p);
  return {
    alphabet,
    width,
    start,
    end,
    capacity: span > MAX_COUNTER ? MAX_COUNTER : span,
    resetType: input.resetType,
    firstWeekday: input.firstWeekday ?? 'monday',
    rows,
    uses: {
      factory: system('factoryCode'),
      line: system('lineCode'),
      date: input.resetType !== 'none' || (['date', 'year', 'month', 'week', 'day'] as const).some(system),
    },
  };
}

/** The counter a code is drawn from: per rule and per the context parts the rule names. */
export interface CounterKey {
  factoryCode: string;
  lineCode: string;
  period: string;
}

export function counterKey(rule: CompiledRule, ctx: EncodingContext): CounterKey {
  return {
    factoryCode: rule.uses.factory ? str(ctx.factoryCode) : '',
    lineCode: rule.uses.line ? str(ctx.lineCode) : '',
    period: periodKey(rule.resetType, ctx.date, rule.firstWeekday),
  };
}

function rawValue(rule: CompiledRule, d: EncodingDetail, serial: string, ctx: EncodingContext): string {
  if (d.paramType === 'fixed') return str(d.value);
  switch (d.parameter) {
    case 'serial':
      return serial;
    case 'date':
      return formatDate(ctx.date, blank(d.value) ? DEFAULT_DATE_FORMAT : str(d.value), rule.firstWeekday);
    case 'year':
      return formatDate(ctx.date, 'YYYY');
    case 'month':
      return formatDate(ctx.date, 'MM');
    case 'week':
      return formatDate(ctx.date, 'WW', rule.firstWeekday);
    case 'day':
      return formatDate(ctx.date, 'DD');
    case 'factoryCode':
      if (blank(ctx.factoryCode)) throw new EncodingError('factoryMissing');
      return str(ctx.factoryCode);
    case 'lineCode':
      if (blank(ctx.lineCode)) throw new EncodingError('lineMissing');
      return str(ctx.lineCode);
    default:
      return '';
  }
}

/** The serial number at `offset` (0 = the start code), in the rule's base and width. */
export function serialAt(rule: CompiledRule, offset: bigint): string {
  if (offset < 0n || offset >= rule.capacity) throw new EncodingError('exhausted', { remaining: 0 });
  return encode(rule.start + offset, rule.alphabet, rule.width);
}

/** The code at counter offset `offset` for `ctx`. */
export function formatCode(rule: CompiledRule, offset: bigint, ctx: EncodingContext): string {
  const serial = serialAt(rule, offset);
  return rule.rows
    .map(({ detail, positions }) => {
      const value = rawValue(rule, detail, serial, ctx);
      if (!positions) return value;
      const cut = applyTruncation(value, positions);
      if (cut === null)
        throw new EncodingError('truncationBeyond', { order: detail.order, value, length: chars(value) });
      return cut;
    })
    .join('');
}

/** `count` consecutive codes from offset `first`. */
export function formatCodes(rule: CompiledRule, first: bigint, count: number, ctx: EncodingContext): string[] {
  const out: string[] = [];
  for (let k = 0; k < count; k++) out.push(formatCode(rule, first + BigInt(k), ctx));
  return out;
}
