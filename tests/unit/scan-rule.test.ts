/**
 * Scan rules' pure logic (issue 6): SPEC §5 position rules, the parser by positions, regular
 * expression and GS1 AIs, the check algorithms, safe patterns, and test vectors run on save.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inputSchema, issuesOf } from '../../model/engine';
import { scanRule } from '../../model/resources';
import {
  CODE39,
  GS,
  adjustToLength,
  decodeDateCode,
  formatGs1,
  gs1Mod10,
  isoDate,
  luhn,
  mod43,
  parseBarcode,
  parseGs1,
  patternIssue,
  scanRuleShapeIssues,
  verifyChecksum,
  type ScanRuleInput,
} from '../../model/rules';

const keysOf = (input: Record<string, unknown>) => {
  const r = inputSchema(scanRule).safeParse(input);
  return r.success ? [] : issuesOf(r.error).map((i) => `${i.field}:${i.key}`);
};
const reel = {
  code: 'REEL',
  name: 'Reel label',
  scanType: 'material',
  inspectionType: 'positions',
  barcodeLength: 25,
  parseStart: 1,
  parseEnd: 12,
  dateCodeStart: 13,
  dateCodeEnd: 16,
  dateCodeFormat: 'YYWW',
  snStart: 17,
  snEnd: 24,
  checksum: true,
  checksumStart: 25,
  checksumEnd: 25,
  checksumAlgorithm: 'mod43',
};
const rule = (over: Record<string, unknown> = {}) =>
  inputSchema(scanRule).parse({ ...reel, ...over }) as unknown as ScanRuleInput;

describe('check algorithms', () => {
  it('compute the published check characters', () => {
    expect(gs1Mod10('400638133393')).toBe('1'); // EAN-13 4006381333931
    expect(gs1Mod10('0690123456789')).toBe('2');
    expect(gs1Mod10('00000000000000000')).toBe('0');
    expect(luhn('7992739871')).toBe('3');
    expect(luhn('49927398716'.slice(0, -1))).toBe('6');
    expect(mod43('CODE39')).toBe('W');
    expect(mod43('abc')).toBeNull();
    expect(verifyChecksum('gs1Mod10', '12A', '0')).toBeNull();
  });

  it('catch every single-digit error (GS1 mod 10, Luhn) and every single-character error (mod 43)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{2,20}$/), fc.nat(), fc.integer({ min: 1, max: 9 }), (data, at, delta) => {
        const i = at % data.length;
        const changed = data.slice(0, i) + String((Number(data[i]) + delta) % 10) + data.slice(i + 1);
        expect(gs1Mod10(changed)).not.toBe(gs1Mod10(data));
        expect(luhn(changed)).not.toBe(luhn(data));
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CODE39), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.integer({ min: 1, max: 42 }),
        (chars, at, delta) => {
          const data = chars.join('');
          const i = at % data.length;
          const changed = data.slice(0, i) + CODE39[(CODE39.indexOf(data[i]!) + delta) % 43] + data.slice(i + 1);
          expect(mod43(changed)).not.toBe(mod43(data));
        },
      ),
    );
  });
});

describe('the definition refuses what SPEC §5 forbids', () => {
  it('accepts the reel rule', () => {
    expect(keysOf(reel)).toEqual([]);
  });

  it('barcode length is required', () => {
    expect(keysOf({ ...reel, barcodeLength: '' })).toEqual(['barcodeLength:validation.required']);
  });

  it('parse start ≤ parse end ≤ length; start not past the length', () => {
    expect(keysOf({ ...reel, parseStart: 13, parseEnd: 12, dateCodeStart: null, dateCodeEnd: null })).toEqual([
      'parseStart:validation.startAfterEnd',
    ]);
    expect(keysOf({ ...reel, barcodeLength: 30, parseStart: 26, parseEnd: 31 })).toEqual([
      'parseEnd:validation.beyondLength',
    ]);
    expect(keysOf({ ...reel, barcodeLength: 30, parseStart: 31, parseEnd: 32 })).toEqual([
      'parseStart:validation.beyondLength',
      'parseEnd:validation.beyondLength',
    ]);
    expect(keysOf({ ...reel, parseEnd: null })).toEqual(['parseEnd:validation.required']);
  });

  it('checksum, SN and DATECODE positions: within the length, intervals not overlapping', () => {
    expect(keysOf({ ...reel, checksumStart: 26, checksumEnd: 26 })).toEqual([
      'checksumStart:validation.beyondLength',
      'checksumEnd:validation.beyondLength',
    ]);
    // Reported on the later of the two intervals (parse, checksum, SN, DATECODE, segments).
    expect(keysOf({ ...reel, checksumStart: 24, checksumEnd: 24 })).toEqual(['snStart:validation.positionsOverlap']);
    expect(keysOf({ ...reel, checksumStart: 12, checksumEnd: 12 })).toEqual([
      'checksumStart:validation.positionsOverlap',
    ]);
    expect(keysOf({ ...reel, snStart: 16, snEnd: 24 })).toEqual(['dateCodeStart:validation.positionsOverlap']);
    expect(keysOf({ ...reel, snEnd: 26 })).toEqual(['snEnd:validation.beyondLength']);
    expect(keysOf({ ...reel, dateCodeStart: 17, dateCodeEnd: 16 })).toEqual(['dateCodeStart:validation.startAfterEnd']);
    expect(keysOf({ ...reel, dateCodeEnd: 17 })).toEqual([
      'dateCodeStart:validation.positionsOverlap',
      'dateCodeEnd:validation.dateCodeLength',
    ]);
    expect(keysOf({ ...reel, checksum: false, checksumStart: 24, checksumEnd: 24 })).toEqual([]);
    expect(keysOf({ ...reel, checksumStart: 24, checksumEnd: 25, snEnd: 23 })).toEqual([
      'checksumEnd:validation.checksumLength',
    ]);
    expect(keysOf({ ...reel, segments: [{ name: 'lot', start: 20, end: 22 }] })).toEqual([
      'segments.0.start:validation.positionsOverlap',
    ]);
    expect(keysOf({ ...reel, segments: [{ name: 'lot-no', start: 20, end: 22 }], snEnd: 19 })).toEqual([
      'segments.0.name:validation.partName',
    ]);
  });

  it('regular expressions: required, valid, without catastrophic backtracking, with a check group for the checksum', () => {
    const re = { ...reel, inspectionType: 'regex', checksum: false };
    expect(keysOf({ ...re, pattern: '' })).toEqual(['pattern:validation.required']);
    expect(keysOf({ ...re, pattern: '(?<part>[A-Z' })).toEqual(['pattern:validation.patternInvalid']);
    expect(keysOf({ ...re, pattern: '(?<part>(A+)+)B' })).toEqual(['pattern:validation.patternUnsafe']);
    expect(keysOf({ ...re, pattern: '(?<sn>\\d+)', checksum: true })).toEqual(['pattern:validation.patternNoCheck']);
    expect(keysOf({ ...re, pattern: '(?<sn>\\d+)(?<check>\\d)', checksum: true })).toEqual([]);
  });

  it('refuses the pattern shapes that backtrack exponentially and keeps the usual ones', () => {
    for (const bad of [
      '(a+)+',
      '(a*)*b',
      '(\\w|\\d)+',
      '(?:a|ab)*c',
      '(x+x+)+y',
      '((ab)*c)+',
      '(a)\\1',
      '(?<x>a)\\k<x>',
      '(.*a){2,}',
    ]) {
      expect(patternIssue(bad), bad).toBe('validation.patternUnsafe');
    }
    for (const good of [
      '(?<part>[A-Z]{3})(?<sn>\\d{6})',
      '(\\d{2}){3}',
      '(?:AB|CD)?\\d+',
      '[A-Z0-9]+-(?<sn>\\d+)',
      '(\\d+)?x',
      '\\(+\\)',
    ]) {
      expect(patternIssue(good), good).toBeNull();
    }
  });

  it('runs the test vectors on save and names the one that fails', () => {
    const vectors = (v: unknown[]) => ({ ...reel, testVectors: v });
    expect(
      keysOf(
        vectors([
          { barcode: 'RC0603FR-10K2612000123451', part: 'RC0603FR-10K', sn: '00012345', dateCode: '2612' },
          { barcode: 'RC0603FR-10K2612000123459', accept: false },
        ]),
      ),
    ).toEqual([]);
    expect(
      keysOf(vectors([{ barcode: 'RC0603FR-10K2612000123451' }, { barcode: 'RC0603FR-10K2612000123459' }])),
    ).toEqual(['testVectors.1.barcode:validation.vectorRejected']);
    expect(keysOf(vectors([{ barcode: 'RC0603FR-10K2612000123451', accept: false }]))).toEqual([
      'testVectors.0.barcode:validation.vectorAccepted',
    ]);
    expect(keysOf(vectors([{ barcode: 'RC0603FR-10K2612000123451', sn: '00012346' }]))).toEqual([
      'testVectors.0.sn:validation.vectorMismatch',
    ]);
    const r = inputSchema(scanRule).safeParse(vectors([{ barcode: 'RC0603FR-10K2612000123451', sn: '00012346' }]));
    expect(r.success ? null : issuesOf(r.error)[0]?.params).toEqual({ row: 1, actual: '00012345' });
  });
});

describe('parsing by positions', () => {
  it('splits part, date code, SN and verifies the check character', () => {
    const r = parseBarcode(rule(), 'RC0603FR-10K2612000123451');
    expect(r).toMatchObject({
      ok: true,
      part: 'RC0603FR-10K',
      dateCode: '2612',
      sn: '00012345',
      checksum: 'pass',
      errors: [],
    });
    expect(r.date).toBe(isoDate(decodeDateCode('YYWW', '2612')!));
  });

  it('refuses a wrong length, a wrong check character and a date code that is no date', () => {
    expect(parseBarcode(rule(), 'RC0603FR-10K261200012345').errors).toEqual([
      { key: 'scan.lengthMismatch', params: { length: 24, expected: 25 } },
    ]);
    const bad = parseBarcode(rule(), 'RC0603FR-10K2612000123459');
    expect(bad).toMatchObject({
      ok: false,
      checksum: 'fail',
      errors: [{ key: 'scan.checksumFailed', params: { expected: '1', actual: '9' } }],
    });
    expect(parseBarcode(rule(), 'rc0603fr-10k2612000123451').errors[0]?.key).toBe('scan.checksumData');
    const date = parseBarcode(rule({ checksum: false }), 'RC0603FR-10K2699000123451');
    expect(date.errors).toEqual([{ key: 'scan.dateCodeInvalid', params: { value: '2699' } }]);
  });

  it('never reads outside the barcode, for any rule that passes validation', () => {
    // Rules built to be valid (sorted cut points as intervals, some left out), then filtered by the validation itself.
    const candidate = fc.integer({ min: 1, max: 40 }).chain((len) =>
      fc.record({
        barcodeLength: fc.constant(len),
        cuts: fc.uniqueArray(fc.integer({ min: 1, max: len }), { maxLength: 7 }).map((a) => a.sort((x, y) => x - y)),
        keep: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        checksumAlgorithm: fc.constantFrom('gs1Mod10', 'mod43', 'luhn'),
      }),
    );
    let checked = 0;
    fc.assert(
      fc.property(
        candidate,
        fc.string({ unit: fc.constantFrom(...'0123456789ABCXYZ-'), minLength: 1, maxLength: 40 }),
        (k, text) => {
          const at = (i: number) => k.cuts[i] ?? null;
          const pair = (i: number, on: boolean): [number | null, number | null] =>
            on && at(i) !== null && at(i + 1) !== null ? [at(i), at(i + 1)] : [null, null];
          const [parseStart, parseEnd] = pair(0, k.keep[0]!);
          const [snStart, snEnd] = pair(2, k.keep[1]!);
          const [dateCodeStart, dateCodeEnd] = pair(4, k.keep[2]!);
          const check = k.keep[3]! ? at(6) : null;
          const c = {
            barcodeLength: k.barcodeLength,
            parseStart,
            parseEnd,
            snStart,
            snEnd,
            dateCodeStart,
            dateCodeEnd,
            checksum: check !== null,
            checksumStart: check,
            checksumEnd: check,
            checksumAlgorithm: k.checksumAlgorithm,
          };
          const row = { ...c, inspectionType: 'positions', dateCodeFormat: 'raw', segments: [] };
          if (scanRuleShapeIssues(row).length > 0) return;
          checked++;
          const barcode = text.padEnd(c.barcodeLength, '7').slice(0, c.barcodeLength);
          const r = parseBarcode(row as ScanRuleInput, barcode);
          const within = (v: string | null, s: number | null, e: number | null) =>
            v === null || (s !== null && e !== null && v === barcode.slice(s - 1, e) && v.length === e - s + 1);
          expect(within(r.part, c.parseStart, c.parseEnd)).toBe(true);
          expect(within(r.sn, c.snStart, c.snEnd)).toBe(true);
          expect(within(r.dateCode, c.dateCodeStart, c.dateCodeEnd)).toBe(true);
          expect(r.checksum === 'none').toBe(!c.checksum);
        },
      ),
      { numRuns: 3000 },
    );
    expect(checked).toBeGreaterThan(1500);
  });

  it('never accepts positions past the length, nor overlapping intervals, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 70 }),
        (len, a, b, c, d) => {
          const issues = scanRuleShapeIssues({
            inspectionType: 'positions',
            barcodeLength: len,
            parseStart: a,
            parseEnd: b,
            snStart: c,
            snEnd: d,
          });
          const fine = a <= b && b <= len && c <= d && d <= len && (b < c || d < a);
          expect(issues.length === 0).toBe(fine);
        },
      ),
    );
  });

  it('follows a new barcode length with the parse end (SPEC §5)', () => {
    expect(adjustToLength({ barcodeLength: 25, parseStart: 1, parseEnd: 25 }, 30)).toEqual({
      barcodeLength: 30,
      parseStart: 1,
      parseEnd: 30,
    });
    expect(adjustToLength({ barcodeLength: 25, parseStart: 1, parseEnd: 12 }, 30)).toEqual({
      barcodeLength: 30,
      parseStart: 1,
      parseEnd: 12,
    });
    expect(adjustToLength({ barcodeLength: 25, parseStart: 20, parseEnd: 24 }, 10)).toEqual({
      barcodeLength: 10,
      parseStart: 1,
      parseEnd: 10,
    });
    expect(adjustToLength({}, 8)).toEqual({ barcodeLength: 8, parseStart: 1, parseEnd: 8 });
  });
});

describe('parsing by regular expression', () => {
  const meter = rule({
    inspectionType: 'regex',
    barcodeLength: 17,
    checksum: false,
    dateCodeFormat: 'YYMMDD',
    pattern: '(?<part>SM)(?<factory>[A-Z0-9]{4})(?<dateCode>\\d{6})(?<sn>\\d{5})',
  });

  it('reads the named groups, other names as parts, the whole barcode only', () => {
    expect(parseBarcode(meter, 'SMF00126061400001')).toMatchObject({
      ok: true,
      part: 'SM',
      sn: '00001',
      dateCode: '260614',
      date: '2026-06-14',
      parts: { factory: 'F001' },
    });
    expect(parseBarcode(meter, 'XMF00126061400001').errors).toEqual([{ key: 'scan.noMatch' }]);
    expect(parseBarcode(meter, 'SMF00126061400001X').errors[0]?.key).toBe('scan.tooLong');
  });

  it('verifies a check group over everything before it', () => {
    const withCheck = rule({
      inspectionType: 'regex',
      barcodeLength: 20,
      checksum: true,
      checksumAlgorithm: 'luhn',
      pattern: '(?<sn>\\d{10})(?<check>\\d)',
    });
    expect(parseBarcode(withCheck, '79927398713')).toMatchObject({ ok: true, sn: '7992739871', checksum: 'pass' });
    expect(parseBarcode(withCheck, '79927398710')).toMatchObject({ ok: false, checksum: 'fail' });
  });
});

describe('parsing GS1 element strings', () => {
  const gs1 = rule({ inspectionType: 'gs1', barcodeLength: 80, checksum: false });
  const carton = `0106901234567892172706301026-LOT-06A${GS}21CTN000123`;

  it('reads fixed and variable AIs with FNC1 as GS, behind ]C1 or ]d2', () => {
    for (const barcode of [carton, `]C1${carton}`, `]d2${carton}`, `${GS}${carton}`, carton.replace(GS, '<GS>')]) {
      const r = parseBarcode(gs1, barcode);
      expect(r, barcode).toMatchObject({
        ok: true,
        part: '06901234567892',
        sn: 'CTN000123',
        dateCode: '270630',
        date: '2027-06-30',
        checksum: 'pass',
      });
      expect(r.parts).toEqual({ '01': '06901234567892', '17': '270630', '10': '26-LOT-06A', '21': 'CTN000123' });
    }
  });

  it('knows decimals, counts, SSCC and the last-day-of-month date', () => {
    const r = parseGs1(`00006141411234567890${'3103'}001250${'37'}48${GS}${'15'}261200`);
    expect(r.ok).toBe(true);
    expect(r.elements.map((e) => [e.ai, e.value, e.decimal ?? e.date ?? ''])).toEqual([
      ['00', '006141411234567890', ''],
      ['3103', '001250', '1.250'],
      ['37', '48', ''],
      ['15', '261200', '2026-12-31'],
    ]);
  });

  it('refuses bad check digits, unknown AIs, short, long or wrong data, repeated AIs', () => {
    expect(parseGs1('0106901234567891').ok ? null : parseGs1('0106901234567891')).toMatchObject({
      error: { key: 'scan.gs1Check', params: { ai: '01' } },
    });
    expect(parseGs1('0106901234567892' + '88ABC')).toMatchObject({
      ok: false,
      error: { key: 'scan.gs1UnknownAi', params: { at: 17 } },
    });
    expect(parseGs1('01069012345678')).toMatchObject({ ok: false, error: { key: 'scan.gs1Short' } });
    expect(parseGs1('10' + 'A'.repeat(21))).toMatchObject({
      ok: false,
      error: { key: 'scan.gs1Long', params: { ai: '10', length: 20 } },
    });
    expect(parseGs1('0106901234567892' + '17261301')).toMatchObject({ ok: false, error: { key: 'scan.gs1Date' } });
    expect(parseGs1('30ABC')).toMatchObject({ ok: false, error: { key: 'scan.gs1Data' } });
    expect(parseGs1(`10A${GS}10B`)).toMatchObject({ ok: false, error: { key: 'scan.gs1Repeated' } });
    expect(parseGs1(']C1')).toMatchObject({ ok: false, error: { key: 'scan.gs1Empty' } });
    expect(parseGs1('3106001250')).toMatchObject({ ok: false, error: { key: 'scan.gs1UnknownAi' } });
  });

  it('reads back any element string it writes', () => {
    const lot = fc.stringMatching(/^[A-Za-z0-9\-./]{1,20}$/);
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{13}$/),
        lot,
        fc.stringMatching(/^[A-Z0-9]{1,20}$/),
        fc.integer({ min: 0, max: 99_999_999 }),
        (gtin13, batch, serial, count) => {
          const gtin = gtin13 + gs1Mod10(gtin13);
          const elements = [
            { ai: '01', value: gtin },
            { ai: '10', value: batch },
            { ai: '37', value: String(count) },
            { ai: '21', value: serial },
          ];
          const r = parseGs1(`]C1${formatGs1(elements)}`);
          expect(r.ok).toBe(true);
          expect(r.elements.map((e) => ({ ai: e.ai, value: e.value }))).toEqual(elements);
        },
      ),
    );
  });
});
