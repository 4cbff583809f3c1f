/**
 * Encoding rules' pure logic (issue 6): base conversion, truncation bits, start/end codes, the
 * definition's validation (SPEC §5) with the form's and the server's message keys, periods and codes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputSchema, issuesOf } from '../../model/engine';
import { encodingRule } from '../../model/resources';
import {
  ALPHABETS,
  EncodingError,
  MAX_POSITION,
  RULE_TYPES,
  alphabetOf,
  applyTruncation,
  compileEncodingRule,
  counterKey,
  decode,
  encode,
  formatCodes,
  formatDate,
  formatTruncation,
  isCodeOf,
  largestCode,
  parseLocalDate,
  parseTruncation,
  periodKey,
  weekOfYear,
  weekStart,
  type EncodingRuleInput,
  type RuleType,
} from '../../model/rules';

const keysOf = (input: Record<string, unknown>) => {
  const r = inputSchema(encodingRule).safeParse(input);
  return r.success ? [] : issuesOf(r.error).map((i) => `${i.field}:${i.key}`);
};
const day = (s: string) => parseLocalDate(s)!;
const serialOnly = [{ order: 1, paramType: 'system', parameter: 'serial' }];
const base = {
  name: 'SN_1',
  ruleType: 'base10',
  startCode: '0001',
  endCode: '9999',
  resetType: 'none',
  details: serialOnly,
};

describe('bases (SPEC §9): octal, decimal, hexadecimal, 34, 36 and custom alphabets', () => {
  it('has the documented alphabets; base 34 leaves out I and O', () => {
    expect(ALPHABETS.base8).toBe('01234567');
    expect(ALPHABETS.base16).toBe('0123456789ABCDEF');
    expect(ALPHABETS.base34).toHaveLength(34);
    expect(ALPHABETS.base34).not.toMatch(/[IO]/);
    expect(ALPHABETS.base36).toHaveLength(36);
    expect(encode(255n, ALPHABETS.base16, 4)).toBe('00FF');
    expect(encode(8n, ALPHABETS.base8)).toBe('10');
    expect(decode('ZZ', ALPHABETS.base36)).toBe(36n * 36n - 1n);
    expect(decode('HJ', ALPHABETS.base34)).toBe(17n * 34n + 18n);
  });

  const alphabet = fc.oneof(
    fc.constantFrom(...Object.values(ALPHABETS)),
    fc
      .uniqueArray(fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789#*'), { minLength: 2, maxLength: 34 })
      .map((a) => a.join('')),
  );

  it('round-trips numbers and codes in every alphabet', () => {
    fc.assert(
      fc.property(alphabet, fc.bigInt({ min: 0n, max: 2n ** 62n }), (abc, n) => {
        expect(decode(encode(n, abc), abc)).toBe(n);
      }),
    );
    fc.assert(
      fc.property(alphabet, fc.integer({ min: 1, max: 12 }), fc.nat(), (abc, width, seed) => {
        const chars = [...abc];
        const code = Array.from({ length: width }, (_, i) => chars[(seed + i * 7) % chars.length]).join('');
        expect(encode(decode(code, abc), abc, width)).toBe(code);
        expect(isCodeOf(code, abc)).toBe(true);
      }),
    );
  });

  it('keeps numeric order as code order (same width): the serial numbers sort as they are issued', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(ALPHABETS)),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        fc.bigInt({ min: 0n, max: 10n ** 6n }),
        (abc, a, b) => {
          const [x, y] = [encode(a, abc, 8), encode(b, abc, 8)];
          expect(x < y).toBe(a < b);
          expect(x === y).toBe(a === b);
        },
      ),
    );
  });

  it('refuses a number wider than the code and a character outside the alphabet', () => {
    expect(() => encode(10000n, ALPHABETS.base10, 4)).toThrow(RangeError);
    expect(() => decode('12A', ALPHABETS.base10)).toThrow(RangeError);
    expect(() => decode('I', ALPHABETS.base34)).toThrow(RangeError);
  });
});

describe('truncation bits (SPEC §5): 5, 1,3-7, 1-2,4-9 and nothing else', () => {
  it('parses the examples into the positions they keep', () => {
    expect(parseTruncation('5')).toEqual({ ok: true, positions: [5] });
    expect(parseTruncation('1,3-7')).toEqual({ ok: true, positions: [1, 3, 4, 5, 6, 7] });
    expect(parseTruncation('1-2,4-9')).toEqual({ ok: true, positions: [1, 2, 4, 5, 6, 7, 8, 9] });
  });

  it('refuses anything but digits, hyphens and commas in that shape, and descending or overlapping items', () => {
    for (const bad of ['', ' ', 'a', '1;2', '1 ,2', '1-', '-3', '1--3', '1,', ',1', '1,,2', '1.5', '１', '3-1-2']) {
      expect(parseTruncation(bad), bad).toEqual({ ok: false, key: 'validation.truncationFormat' });
    }
    for (const bad of ['0', '3-1', '2-2', '5,3', '1-4,3', '4,4', '65', '1-65']) {
      expect(parseTruncation(bad), bad).toEqual({ ok: false, key: 'validation.truncationOrder' });
    }
  });

  it('round-trips any ascending set of positions, and keeps exactly those characters', () => {
    const positions = fc
      .uniqueArray(fc.integer({ min: 1, max: MAX_POSITION }), { minLength: 1, maxLength: 20 })
      .map((a) => a.sort((x, y) => x - y));
    fc.assert(
      fc.property(positions, (ps) => {
        const text = formatTruncation(ps);
        expect(text).toMatch(/^[\d,-]+$/);
        expect(parseTruncation(text)).toEqual({ ok: true, positions: ps });
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const r = parseTruncation(s);
        if (!/^[\d,-]+$/.test(s)) expect(r.ok).toBe(false);
        if (r.ok)
          expect(r.positions.every((p, i) => p >= 1 && p <= MAX_POSITION && (i === 0 || p > r.positions[i - 1]!))).toBe(
            true,
          );
      }),
    );
    expect(applyTruncation('20260614', [3, 4])).toBe('26');
    expect(applyTruncation('F1', [1, 3])).toBeNull();
  });
});

describe('the definition refuses what SPEC §5 forbids, with the keys the form shows', () => {
  it('accepts a complete rule', () => {
    expect(keysOf(base)).toEqual([]);
  });

  it('name of letters, digits and underscores only', () => {
    expect(keysOf({ ...base, name: 'SN-1' })).toEqual(['name:validation.ruleName']);
    expect(keysOf({ ...base, name: '序列号' })).toEqual(['name:validation.ruleName']);
  });

  it('custom base code: required, no repeated characters, at least two', () => {
    expect(keysOf({ ...base, ruleType: 'custom', startCode: 'AA' })).toEqual(['baseCode:validation.required']);
    expect(keysOf({ ...base, ruleType: 'custom', baseCode: 'ABCA', startCode: 'AB', endCode: 'CC' })).toEqual([
      'baseCode:validation.baseRepeated',
    ]);
    expect(keysOf({ ...base, ruleType: 'custom', baseCode: 'A', startCode: 'AA', endCode: null })).toEqual([
      'baseCode:validation.baseCharacters',
    ]);
    expect(keysOf({ ...base, ruleType: 'custom', baseCode: 'XYZ', startCode: 'XX', endCode: 'ZZ' })).toEqual([]);
  });

  it('start code valid for the base; end code as long as the start code and not below it', () => {
    expect(keysOf({ ...base, ruleType: 'base8', startCode: '0008', endCode: '7777' })).toEqual([
      'startCode:validation.codeNotInBase',
    ]);
    expect(keysOf({ ...base, ruleType: 'base16', startCode: '00ff', endCode: 'FFFF' })).toEqual([
      'startCode:validation.codeNotInBase',
    ]);
    expect(keysOf({ ...base, ruleType: 'base34', startCode: '00I0', endCode: 'ZZZZ' })).toEqual([
      'startCode:validation.codeNotInBase',
    ]);
    expect(keysOf({ ...base, endCode: '99999' })).toEqual(['endCode:validation.endLength']);
    expect(keysOf({ ...base, startCode: '0500', endCode: '0499' })).toEqual(['endCode:validation.endBelowStart']);
    expect(keysOf({ ...base, endCode: '' })).toEqual([]);
  });

  it('start/end validation agrees with the numbers for any base and codes', () => {
    const type = fc.constantFrom(...RULE_TYPES.filter((t) => t !== 'custom')) as fc.Arbitrary<
      Exclude<RuleType, 'custom'>
    >;
    fc.assert(
      fc.property(type, fc.integer({ min: 1, max: 8 }), fc.nat(), fc.nat(), (t, width, a, b) => {
        const abc = ALPHABETS[t];
        const max = BigInt(abc.length) ** BigInt(width);
        const start = encode(BigInt(a) % max, abc, width);
        const end = encode(BigInt(b) % max, abc, width);
        const keys = keysOf({ ...base, ruleType: t, startCode: start, endCode: end });
        expect(keys).toEqual(BigInt(b) % max < BigInt(a) % max ? ['endCode:validation.endBelowStart'] : []);
      }),
    );
  });

  it('at least one detail row, every row complete, exactly one serial number', () => {
    expect(keysOf({ ...base, details: [] })).toEqual(['details:validation.minRows']);
    expect(keysOf({ ...base, details: [{ order: '', paramType: '', value: '' }] })).toEqual(
      expect.arrayContaining(['details.0.order:validation.required', 'details.0.paramType:validation.required']),
    );
    expect(keysOf({ ...base, details: [{ order: 1, paramType: 'fixed', value: 'SN' }] })).toEqual([
      'details:validation.serialRequired',
    ]);
    expect(keysOf({ ...base, details: [...serialOnly, { order: 2, paramType: 'fixed' }] })).toEqual([
      'details.1.value:validation.required',
    ]);
    expect(keysOf({ ...base, details: [...serialOnly, { order: 2, paramType: 'system' }] })).toEqual([
      'details.1.parameter:validation.required',
    ]);
    expect(
      keysOf({ ...base, details: [...serialOnly, { order: 2, paramType: 'system', parameter: 'serial' }] }),
    ).toEqual(['details.1.parameter:validation.serialDuplicate']);
    expect(keysOf({ ...base, details: [...serialOnly, { order: 1, paramType: 'fixed', value: 'X' }] })).toEqual([
      'details.1.order:validation.orderDuplicate',
    ]);
    expect(keysOf({ ...base, details: [{ ...serialOnly[0], truncation: '1-3' }] })).toEqual([
      'details.0.truncation:validation.serialTruncation',
    ]);
    // A bit that is not a truncation at all is told its format first, on the serial number's row too.
    expect(keysOf({ ...base, details: [{ ...serialOnly[0], truncation: '5,,a' }] })).toEqual([
      'details.0.truncation:validation.truncationFormat',
    ]);
  });

  it('truncation bits and date formats in the rows', () => {
    const row = (extra: Record<string, unknown>) => ({
      ...base,
      details: [
        { order: 1, paramType: 'system', parameter: 'year', ...extra },
        { order: 2, paramType: 'system', parameter: 'serial' },
      ],
    });
    expect(keysOf(row({ truncation: '3-4' }))).toEqual([]);
    expect(keysOf(row({ truncation: '3;4' }))).toEqual(['details.0.truncation:validation.truncationFormat']);
    expect(keysOf(row({ truncation: '4-3' }))).toEqual(['details.0.truncation:validation.truncationOrder']);
    expect(keysOf(row({ truncation: '3-5' }))).toEqual(['details.0.truncation:validation.truncationBeyond']);
    expect(keysOf(row({ parameter: 'date', value: 'YYMMDD' }))).toEqual([]);
    expect(keysOf(row({ parameter: 'date', value: 'DD.MM.YYYY' }))).toEqual([]);
    expect(keysOf(row({ parameter: 'date', value: 'YYYY年' }))).toEqual(['details.0.value:validation.dateFormat']);
  });

  it('a resetting rule must print its period, or codes would repeat after the reset', () => {
    const date = (value: string) => ({ order: 1, paramType: 'system', parameter: 'date', value });
    const withDate = (resetType: string, value: string) => ({
      ...base,
      resetType,
      details: [date(value), { order: 2, paramType: 'system', parameter: 'serial' }],
    });
    expect(keysOf(withDate('day', 'YYMMDD'))).toEqual([]);
    expect(keysOf(withDate('day', 'YYDDD'))).toEqual([]);
    expect(keysOf(withDate('day', 'YYMM'))).toEqual(['resetType:validation.resetNeedsPeriod']);
    expect(keysOf(withDate('month', 'YYMM'))).toEqual([]);
    expect(keysOf(withDate('week', 'YYWW'))).toEqual([]);
    expect(keysOf(withDate('year', 'MMDD'))).toEqual(['resetType:validation.resetNeedsPeriod']);
    expect(keysOf({ ...base, resetType: 'day' })).toEqual(['resetType:validation.resetNeedsPeriod']);
  });
});

describe('periods, weeks and dates', () => {
  it('puts days in the week of the chosen first weekday, across month and year ends', () => {
    // 2026-03-01 is a Sunday.
    expect(weekStart(day('2026-03-01'), 'monday')).toEqual(day('2026-02-23'));
    expect(weekStart(day('2026-03-01'), 'sunday')).toEqual(day('2026-03-01'));
    expect(weekStart(day('2026-01-01'), 'monday')).toEqual(day('2025-12-29'));
    expect(periodKey('week', day('2025-12-31'), 'monday')).toBe(periodKey('week', day('2026-01-04'), 'monday'));
    expect(periodKey('week', day('2026-01-04'), 'monday')).not.toBe(periodKey('week', day('2026-01-05'), 'monday'));
    expect(periodKey('week', day('2026-03-01'), 'sunday')).not.toBe(periodKey('week', day('2026-02-28'), 'sunday'));
    expect(periodKey('day', day('2026-02-28'))).toBe('2026-02-28');
    expect(periodKey('month', day('2026-02-28'))).toBe('2026-02');
    expect(periodKey('year', day('2026-02-28'))).toBe('2026');
    expect(periodKey('none', day('2026-02-28'))).toBe('');
  });

  it('numbers weeks from the one holding 1 January, and formats dates', () => {
    expect(weekOfYear(day('2026-01-01'), 'monday')).toBe(1);
    expect(weekOfYear(day('2026-01-05'), 'monday')).toBe(2);
    expect(weekOfYear(day('2026-01-04'), 'sunday')).toBe(2);
    expect(weekOfYear(day('2024-12-31'), 'monday')).toBe(53);
    expect(formatDate(day('2026-03-09'), 'YYYYMMDD')).toBe('20260309');
    expect(formatDate(day('2026-03-09'), 'YY-DDD')).toBe('26-068');
    expect(parseLocalDate('2026-02-29')).toBeNull();
    expect(parseLocalDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it('gives every day one period per reset type, which changes exactly at the boundary', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-30'), noInvalidDate: true }),
        fc.constantFrom('monday', 'wednesday', 'sunday' as const),
        (d, first) => {
          const a = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
          const next = new Date(d.getTime() + 86_400_000);
          const b = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
          expect(periodKey('day', a) !== periodKey('day', b)).toBe(true);
          expect(periodKey('month', a) !== periodKey('month', b)).toBe(a.month !== b.month);
          expect(periodKey('year', a) !== periodKey('year', b)).toBe(a.year !== b.year);
          const startsWeek =
            ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'][
              (next.getUTCDay() + 6) % 7
            ] === first;
          expect(periodKey('week', a, first) !== periodKey('week', b, first)).toBe(startsWeek);
        },
      ),
    );
  });
});

describe('codes', () => {
  const rule = (over: Partial<EncodingRuleInput> = {}) =>
    compileEncodingRule({
      ruleType: 'base10',
      startCode: '00001',
      endCode: '99999',
      resetType: 'day',
      firstWeekday: 'monday',
      details: [
        { order: 3, paramType: 'system', parameter: 'date', value: 'YYMMDD' },
        { order: 1, paramType: 'fixed', value: 'SM' },
        { order: 2, paramType: 'system', parameter: 'factoryCode' },
        { order: 4, paramType: 'system', parameter: 'serial' },
      ],
      ...over,
    } as EncodingRuleInput);
  const ctx = { factoryCode: 'F001', lineCode: null, date: day('2026-06-14') };

  it('writes the rows in order with the serial number as wide as the start code', () => {
    expect(formatCodes(rule(), 0n, 3, ctx)).toEqual(['SMF00126061400001', 'SMF00126061400002', 'SMF00126061400003']);
    expect(counterKey(rule(), ctx)).toEqual({ factoryCode: 'F001', lineCode: '', period: '2026-06-14' });
  });

  it('counts in the rule base, and stops at the end code', () => {
    const hex = rule({
      ruleType: 'base16',
      startCode: '00FE',
      endCode: '0101',
      resetType: 'none',
      details: [{ order: 1, paramType: 'system', parameter: 'serial' }],
    });
    expect(hex.capacity).toBe(4n);
    expect(formatCodes(hex, 0n, 4, ctx)).toEqual(['00FE', '00FF', '0100', '0101']);
    expect(() => formatCodes(hex, 3n, 2, ctx)).toThrow(EncodingError);
    const open = rule({
      ruleType: 'base34',
      startCode: 'ZZY',
      endCode: null,
      resetType: 'none',
      details: [{ order: 1, paramType: 'system', parameter: 'serial' }],
    });
    expect(largestCode(alphabetOf('base34', null), 3)).toBe('ZZZ');
    expect(open.capacity).toBe(2n);
  });

  it('needs the factory and line it prints, and reports a truncation past the value', () => {
    expect(() => formatCodes(rule(), 0n, 1, { ...ctx, factoryCode: null })).toThrow(
      expect.objectContaining({ reason: 'factoryMissing' }),
    );
    const line = rule({
      resetType: 'none',
      details: [
        { order: 1, paramType: 'system', parameter: 'lineCode', truncation: '1-3' },
        { order: 2, paramType: 'system', parameter: 'serial' },
      ],
    });
    expect(formatCodes(line, 0n, 1, { ...ctx, lineCode: 'SMT-01' })).toEqual(['SMT00001']);
    expect(() => formatCodes(line, 0n, 1, { ...ctx, lineCode: 'L1' })).toThrow(
      expect.objectContaining({ reason: 'truncationBeyond', params: expect.objectContaining({ order: 1 }) }),
    );
    expect(() => formatCodes(line, 0n, 1, ctx)).toThrow(expect.objectContaining({ reason: 'lineMissing' }));
  });

  it('writes distinct codes for distinct offsets of one context, whatever the base', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RULE_TYPES.filter((t) => t !== 'custom')),
        fc.uniqueArray(fc.bigInt({ min: 0n, max: 4095n }), { minLength: 2, maxLength: 30 }),
        (t, offsets) => {
          const r = rule({ ruleType: t, startCode: '0000', endCode: null });
          const codes = offsets.map((o) => formatCodes(r, o, 1, ctx)[0]);
          expect(new Set(codes).size).toBe(offsets.length);
        },
      ),
    );
  });
});
