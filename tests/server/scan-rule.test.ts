/**
 * Scan rules through the API (issue 6), on PGlite and PostgreSQL: the test vectors run on save and
 * a failing one is named; the parse API for saved and unsaved rules (positions, regular expression
 * with a time limit, GS1 with FNC1); permissions and tenants.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GS, type ScanResult } from '../../model/rules';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';

const BASE = '/api/basic-system/scan-rule';
type Errors = { errors: { field: string; key: string; message: string }[] };

const reel = {
  code: 'REEL-2',
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

describe.each(DIALECTS)('scan rules [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let viewer: string;
  let otherAdmin: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    const tenantId = (await db.selectFrom('tenant').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow())
      .id;
    await createUser(db, {
      tenantId,
      account: 'line.worker',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['staff'],
    });
    await createTenant(db, { code: 'other', name: 'Other Co', adminPassword: PASSWORD });
    admin = await loginToken(h.app, 'demo', 'admin');
    viewer = await loginToken(h.app, 'demo', 'line.worker');
    otherAdmin = await loginToken(h.app, 'other', 'admin');
    const rows = await sql<{
      id: string;
      code: string;
    }>`select id, code from scan_rule where tenant_id = ${tenantId}`.execute(db);
    for (const r of rows.rows) ids[r.code] = r.id;
  });
  afterAll(async () => {
    await h?.close();
  });

  const req = <T = unknown>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = admin, lang = 'en') =>
    call<T>(h.app, method, url, { token, body, lang });
  const parse = (id: string, barcode: string, token = admin, lang = 'en') =>
    req<ScanResult>('POST', `${BASE}/${id}/parse`, { barcode }, token, lang);

  it('runs the test vectors on save and refuses the rule naming the vector that fails', async () => {
    const failing = await req<Errors>('POST', BASE, {
      ...reel,
      testVectors: [
        { barcode: 'RC0603FR-10K2612000123451', part: 'RC0603FR-10K', sn: '00012345' },
        { barcode: 'RC0603FR-10K2612000123459' },
      ],
    });
    expect(failing.status).toBe(400);
    expect(failing.body.data.errors).toEqual([
      {
        field: 'testVectors.1.barcode',
        key: 'validation.vectorRejected',
        message: 'Test barcode in row 2 is refused by the rule',
      },
    ]);
    expect(failing.body.msg).toBe('Test barcode in row 2 is refused by the rule');
    const mismatch = await req<Errors>(
      'POST',
      BASE,
      { ...reel, testVectors: [{ barcode: 'RC0603FR-10K2612000123451', dateCode: '2613' }] },
      admin,
      'zh-CN',
    );
    expect(mismatch.body.data.errors).toEqual([
      {
        field: 'testVectors.0.dateCode',
        key: 'validation.vectorMismatch',
        message: '第 1 行测试条码：预期 DATECODE解析为“2612”',
      },
    ]);
    const ok = await req<{ id: string }>('POST', BASE, {
      ...reel,
      testVectors: [{ barcode: 'RC0603FR-10K2612000123451' }, { barcode: 'RC0603FR-10K2612000123459', accept: false }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    ids['REEL-2'] = ok.body.data.id;
  });

  it('refuses positions past the length, overlapping intervals and unsafe patterns on save', async () => {
    const pos = await req<Errors>('POST', BASE, {
      ...reel,
      code: 'BAD-1',
      snEnd: 26,
      checksumStart: 16,
      checksumEnd: 16,
    });
    expect(pos.body.data.errors.map((e) => `${e.field}:${e.key}`).sort()).toEqual([
      'dateCodeStart:validation.positionsOverlap',
      'snEnd:validation.beyondLength',
    ]);
    const slow = await req<Errors>('POST', BASE, {
      ...reel,
      code: 'BAD-2',
      inspectionType: 'regex',
      checksum: false,
      pattern: '(?<sn>(\\d+)+)',
    });
    expect(slow.body.data.errors.map((e) => `${e.field}:${e.key}`)).toEqual(['pattern:validation.patternUnsafe']);
  });

  it('parses a barcode by positions: part, SN, date code and the checksum verdict', async () => {
    const good = await parse(ids['REEL-LABEL']!, 'RC0603FR-10K2612000123451');
    expect(good.status).toBe(200);
    expect(good.body.data).toMatchObject({
      ok: true,
      part: 'RC0603FR-10K',
      sn: '00012345',
      dateCode: '2612',
      date: '2026-03-16',
      checksum: 'pass',
      errors: [],
    });
    const bad = await parse(ids['REEL-LABEL']!, 'RC0603FR-10K2612000123459', admin, 'es');
    expect(bad.body.data).toMatchObject({ ok: false, checksum: 'fail', sn: '00012345' });
    expect(bad.body.data.errors).toEqual([
      {
        key: 'scan.checksumFailed',
        params: { expected: '1', actual: '9' },
        message: 'Carácter de control erróneo: se esperaba 1, se encontró 9',
      },
    ]);
    const short = await parse(ids['REEL-LABEL']!, 'RC0603');
    expect(short.body.data.errors[0]).toMatchObject({
      key: 'scan.lengthMismatch',
      message: 'The barcode has 6 characters; the rule expects 25',
    });
  });

  it('parses GS1-128 with FNC1 and the meter serial numbers by regular expression', async () => {
    const carton = await parse(ids['GS1-CARTON']!, `]C10106901234567892172706301026-LOT-06A${GS}21CTN000123`);
    expect(carton.body.data).toMatchObject({
      ok: true,
      part: '06901234567892',
      sn: 'CTN000123',
      date: '2027-06-30',
      parts: { '10': '26-LOT-06A' },
    });
    expect(carton.body.data.elements?.map((e) => e.title)).toEqual(['GTIN', 'USE BY', 'BATCH/LOT', 'SERIAL']);
    const meter = await parse(ids['METER-SN']!, 'SMF00126061400042');
    expect(meter.body.data).toMatchObject({ ok: true, sn: '00042', date: '2026-06-14', parts: { factory: 'F001' } });
    expect((await parse(ids['METER-SN']!, 'SMF00126061400042X')).body.data.errors[0]?.key).toBe('scan.tooLong');
  });

  it('parses by an unsaved rule (the test panel), before its vectors are fixed', async () => {
    const draft = await req<ScanResult>('POST', `${BASE}/parse`, {
      rule: { ...reel, code: '', testVectors: [{ barcode: 'NOT-A-REEL' }] },
      barcode: 'CL0805X7R104254900000077N',
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.data).toMatchObject({ ok: true, part: 'CL0805X7R104', sn: '00000077', checksum: 'pass' });
    const invalid = await req<Errors>('POST', `${BASE}/parse`, { rule: { ...reel, parseEnd: 30 }, barcode: 'X' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.data.errors.map((e) => `${e.field}:${e.key}`)).toEqual([
      'rule.parseEnd:validation.beyondLength',
    ]);
    expect((await req('POST', `${BASE}/parse`, { rule: reel, barcode: 'X'.repeat(600) })).status).toBe(400);
  });

  it('stops a regular expression that takes too long, with a clear answer', async () => {
    // Adjacent repetitions pass the static check but backtrack polynomially on a long mismatch.
    const rule = {
      ...reel,
      inspectionType: 'regex',
      checksum: false,
      barcodeLength: 512,
      pattern: '\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*',
    };
    const t0 = Date.now();
    const r = await req<ScanResult>('POST', `${BASE}/parse`, { rule, barcode: `${'1'.repeat(400)}x` });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      ok: false,
      errors: [{ key: 'scan.patternTimeout', message: "The rule's regular expression took too long on this barcode" }],
    });
    expect(Date.now() - t0).toBeLessThan(2000);
    // Saving it with such a test barcode is refused the same way, in the engine's save.
    const t1 = Date.now();
    const saved = await req<Errors>('POST', BASE, {
      ...rule,
      code: 'SLOW',
      testVectors: [{ barcode: `${'1'.repeat(400)}x`, accept: false }],
    });
    expect(saved.status).toBe(400);
    expect(saved.body.data.errors).toEqual([
      {
        field: 'pattern',
        key: 'validation.patternSlow',
        message: 'Regular expression takes too long on the test barcode in row 1',
      },
    ]);
    expect(Date.now() - t1).toBeLessThan(2000);
  });

  it('checks permissions and tenants', async () => {
    expect((await parse(ids['REEL-LABEL']!, 'RC0603FR-10K2612000123451', viewer)).status).toBe(403);
    expect((await parse(ids['REEL-LABEL']!, 'RC0603FR-10K2612000123451', otherAdmin)).status).toBe(404);
    expect((await req('POST', `${BASE}/parse`, { rule: reel, barcode: 'X' }, viewer)).status).toBe(403);
    expect((await call(h.app, 'POST', `${BASE}/${ids['REEL-LABEL']}/parse`, { body: { barcode: 'X' } })).status).toBe(
      401,
    );
  });
});
