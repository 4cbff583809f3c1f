/**
 * Encoding rules through the API (issue 6), on PGlite and PostgreSQL: codes in order and unique,
 * block reservation, exhaustion (409, nothing issued), resets at day/week/month boundaries, the
 * context (factory, line, date and time zone), previews that consume nothing, the audit, the
 * definition's validation on save, permissions and tenants.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateAt, isoDate, type GenerateResult, type IssuedCode, type PreviewResult } from '../../model/rules';
import type { Page } from '../../model/api';
import type { DB } from '../../server/db/types';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf, tenantIdOf } from './seeded';

const BASE = '/api/basic-system/encoding-rule';
const serial = { order: 9, paramType: 'system', parameter: 'serial' };
const fixed = (order: number, value: string) => ({ order, paramType: 'fixed', value });
const system = (order: number, parameter: string, extra: Record<string, unknown> = {}) => ({
  order,
  paramType: 'system',
  parameter,
  ...extra,
});

describe.each(DIALECTS)('encoding rules [%s]', (kind) => {
  let h: Harness;
  let db: Kysely<DB>;
  let tenantId: string;
  let factoryId: string;
  let admin: string;
  let coder: string;
  let viewer: string;
  let otherAdmin: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    db = h.database.db;
    tenantId = await tenantIdOf(db);
    factoryId = await factoryIdOf(db, tenantId, 'F001');
    // A role that may only draw codes, and a staff user without any rule permission.
    const role = await db
      .insertInto('role')
      .values({ tenant_id: tenantId, code: 'coder', name: 'Label printer', sort: 5, enabled: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const menu = await db
      .selectFrom('menu')
      .select('id')
      .where('perms', '=', 'basic:encoding-rule:generate')
      .executeTakeFirstOrThrow();
    await db.insertInto('role_menu').values({ tenant_id: tenantId, role_id: role.id, menu_id: menu.id }).execute();
    const hash = await passwordHash();
    await createUser(db, {
      tenantId,
      account: 'printer.station',
      password: PASSWORD,
      passwordHash: hash,
      roles: ['coder'],
      factoryIds: [factoryId],
    });
    await createUser(db, {
      tenantId,
      account: 'line.worker',
      password: PASSWORD,
      passwordHash: hash,
      roles: ['staff'],
      factoryIds: [factoryId],
    });
    await createTenant(db, { code: 'other', name: 'Other Co', adminPassword: PASSWORD });
    admin = await loginToken(h.app, 'demo', 'admin');
    coder = await loginToken(h.app, 'demo', 'printer.station');
    viewer = await loginToken(h.app, 'demo', 'line.worker');
    otherAdmin = await loginToken(h.app, 'other', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  const req = <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    token = admin,
    extra: Record<string, string> = {},
  ) => call<T>(h.app, method, url, { token, body, lang: 'en', headers: { 'x-factory-id': factoryId, ...extra } });
  const create = async (rule: Record<string, unknown>) => {
    const r = await req<{ id: string }>('POST', BASE, { ruleType: 'base10', resetType: 'none', ...rule });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.id;
  };
  const generate = (
    id: string,
    count: number,
    context: Record<string, unknown> = {},
    token = admin,
    extra: Record<string, string> = {},
  ) => req<GenerateResult>('POST', `${BASE}/${id}/generate`, { count, context }, token, extra);
  const codes = async (id: string, count: number, context: Record<string, unknown> = {}) => {
    const r = await generate(id, count, context);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.codes;
  };
  const auditCount = async (ruleId: string) =>
    Number(
      (await sql<{ n: string }>`select count(*) as n from encoding_issue where rule_id = ${ruleId}`.execute(db))
        .rows[0]!.n,
    );

  it("refuses on save what SPEC §5 forbids, with the form's message keys", async () => {
    const r = await req<{ errors: { field: string; key: string; message: string }[] }>('POST', BASE, {
      name: 'bad-name',
      ruleType: 'base16',
      startCode: '00FG',
      resetType: 'none',
      details: [fixed(1, 'X'), { order: 2, paramType: 'system', parameter: 'year', truncation: '3;4' }],
    });
    expect(r.status).toBe(400);
    expect(r.body.data.errors.map((e) => `${e.field}:${e.key}`).sort()).toEqual([
      'details.1.truncation:validation.truncationFormat',
      'details:validation.serialRequired',
      'name:validation.ruleName',
      'startCode:validation.codeNotInBase',
    ]);
    const endCode = await req<{ errors: { field: string; key: string; message: string }[] }>('POST', BASE, {
      name: 'BAD_END',
      ruleType: 'base10',
      startCode: '0100',
      endCode: '0099',
      resetType: 'none',
      details: [serial],
    });
    expect(endCode.body.data.errors.map((e) => `${e.field}:${e.key}`)).toEqual(['endCode:validation.endBelowStart']);
    const trunc = r.body.data.errors.find((e) => e.key === 'validation.truncationFormat')!;
    expect(trunc.message).toBe(
      'Truncation bit accepts only digits, hyphens and commas, for example 5, 1,3-7 or 1-2,4-9',
    );
  });

  it('hands out codes in order, reserves blocks, and answers 409 at the end code with nothing issued', async () => {
    const id = await create({ name: 'T_SEQ', startCode: '001', endCode: '010', details: [fixed(1, 'A'), serial] });
    expect(await codes(id, 3)).toEqual(['A001', 'A002', 'A003']);
    const block = await generate(id, 4);
    expect(block.body.data).toMatchObject({
      codes: ['A004', 'A005', 'A006', 'A007'],
      firstOffset: '3',
      remaining: '3',
    });
    const over = await generate(id, 4);
    expect(over.status).toBe(409);
    expect(over.body.data).toEqual({ requested: 4, remaining: '3' });
    expect(over.body.msg).toBe('Encoding rule T_SEQ has 3 codes left here and 4 were asked for: nothing was issued');
    expect(await auditCount(id)).toBe(7);
    expect(await codes(id, 3)).toEqual(['A008', 'A009', 'A010']);
    expect((await generate(id, 1)).status).toBe(409);
    expect(await auditCount(id)).toBe(10);
  });

  it('refuses the next draw once its permission is taken away by a plain statement, issuing nothing, and draws on without a gap once given back', async () => {
    const id = await create({ name: 'T_HELD', startCode: '001', details: [fixed(1, 'H'), serial] });
    const draw = () => generate(id, 1, {}, coder);
    expect((await draw()).body.data.codes).toEqual(['H001']);
    expect((await draw()).body.data.codes).toEqual(['H002']);
    const role = await db
      .selectFrom('role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('code', '=', 'coder')
      .executeTakeFirstOrThrow();
    const menu = await db
      .selectFrom('menu')
      .select('id')
      .where('perms', '=', 'basic:encoding-rule:generate')
      .executeTakeFirstOrThrow();
    // Not through the API: the server holding the coder's permissions learns of it only from the database.
    await db
      .deleteFrom('role_menu')
      .where('tenant_id', '=', tenantId)
      .where('role_id', '=', role.id)
      .where('menu_id', '=', menu.id)
      .execute();
    try {
      expect((await draw()).status).toBe(403);
      expect(await auditCount(id)).toBe(2);
    } finally {
      await db.insertInto('role_menu').values({ tenant_id: tenantId, role_id: role.id, menu_id: menu.id }).execute();
    }
    expect((await draw()).body.data.codes).toEqual(['H003']);
    expect(await auditCount(id)).toBe(3);
  });

  it('reserves up to 10,000 codes in one call, consecutive and unique, and refuses more', async () => {
    const id = await create({ name: 'T_BLOCK', ruleType: 'base36', startCode: '0000', details: [serial] });
    const r = await generate(id, 10_000);
    expect(r.status).toBe(200);
    const got = r.body.data.codes;
    expect(got).toHaveLength(10_000);
    expect(new Set(got).size).toBe(10_000);
    expect(got.every((c, i) => parseInt(c, 36) === i)).toBe(true);
    expect(await auditCount(id)).toBe(10_000);
    const tooMany = await generate(id, 10_001);
    expect(tooMany.status).toBe(400);
    expect((await generate(id, 0)).status).toBe(400);
  });

  it('resets at the day, week (chosen first weekday) and month boundary of the context date', async () => {
    const daily = await create({
      name: 'T_DAY',
      startCode: '001',
      resetType: 'day',
      details: [system(1, 'date', { value: 'YYMMDD' }), serial],
    });
    expect(await codes(daily, 2, { date: '2026-03-31' })).toEqual(['260331001', '260331002']);
    expect(await codes(daily, 1, { date: '2026-04-01' })).toEqual(['260401001']);
    expect(await codes(daily, 1, { date: '2026-03-31' })).toEqual(['260331003']);

    // Weeks from Sunday: 1–7 March 2026 is one week (Sunday to Saturday), 8 March starts the next.
    const weekly = await create({
      name: 'T_WEEK',
      startCode: '01',
      resetType: 'week',
      firstWeekday: 'sunday',
      details: [system(1, 'year'), system(2, 'week'), serial],
    });
    expect(await codes(weekly, 1, { date: '2026-03-02' })).toEqual(['20261001']);
    expect(await codes(weekly, 1, { date: '2026-03-07' })).toEqual(['20261002']);
    expect(await codes(weekly, 1, { date: '2026-03-08' })).toEqual(['20261101']);

    const monthly = await create({
      name: 'T_MONTH',
      startCode: '0001',
      resetType: 'month',
      details: [system(1, 'date', { value: 'YYYYMM' }), fixed(2, '-'), serial],
    });
    expect(await codes(monthly, 2, { date: '2026-01-30' })).toEqual(['202601-0001', '202601-0002']);
    expect(await codes(monthly, 1, { date: '2026-01-31' })).toEqual(['202601-0003']);
    expect(await codes(monthly, 1, { date: '2026-02-01' })).toEqual(['202602-0001']);
    const periods = await sql<{
      period: string;
      value: string;
    }>`select period, value::text as value from encoding_counter where rule_id = ${monthly} order by period`.execute(
      db,
    );
    expect(periods.rows).toEqual([
      { period: '2026-01', value: '3' },
      { period: '2026-02', value: '1' },
    ]);
  });

  it("takes today in the caller's time zone, and refuses to guess the date of a dated rule", async () => {
    const daily = await create({
      name: 'T_TZ',
      startCode: '01',
      resetType: 'day',
      details: [system(1, 'date', { value: 'YYYYMMDD' }), serial],
    });
    const none = await generate(daily, 1);
    expect(none.status).toBe(400);
    expect(none.body.msg).toMatch(/X-Timezone-Offset/);
    for (const offset of [-480, 300]) {
      const r = await generate(daily, 1, {}, admin, { 'x-timezone-offset': String(offset) });
      expect(r.status).toBe(200);
      const today = isoDate(localDateAt(new Date(), offset));
      expect(r.body.data.context.date).toBe(today);
      expect(r.body.data.codes[0]!.slice(0, 8)).toBe(today.replace(/-/g, ''));
    }
    const undated = await create({ name: 'T_UNDATED', startCode: '01', details: [serial] });
    expect((await generate(undated, 1)).status).toBe(200);
  });

  it('keeps counters per factory and line the rule prints, and checks them', async () => {
    const id = await create({
      name: 'T_LINE',
      startCode: '0001',
      details: [
        system(1, 'factoryCode'),
        fixed(2, '/'),
        system(3, 'lineCode', { truncation: '1-3,5-6' }),
        fixed(4, '/'),
        serial,
      ],
    });
    expect(await codes(id, 2, { lineCode: 'SMT-01' })).toEqual(['F001/SMT01/0001', 'F001/SMT01/0002']);
    expect(await codes(id, 1, { lineCode: 'SMT-02' })).toEqual(['F001/SMT02/0001']);
    expect(await codes(id, 1, { lineCode: 'SMT-01', factoryCode: 'F001' })).toEqual(['F001/SMT01/0003']);
    const noLine = await generate(id, 1);
    expect(noLine.status).toBe(400);
    expect(noLine.body.msg).toBe('The rule prints the line code: give a line');
    const unknownLine = await generate(id, 1, { lineCode: 'NOPE-1' });
    expect(unknownLine.status).toBe(400);
    expect(unknownLine.body.msg).toBe('Line NOPE-1 does not exist in factory F001');
    expect((await generate(id, 1, { lineCode: 'SMT-01', factoryCode: 'F404' })).status).toBe(400);
    const noFactory = await call(h.app, 'POST', `${BASE}/${id}/generate`, {
      token: admin,
      lang: 'en',
      body: { count: 1, context: { lineCode: 'SMT-01' } },
    });
    expect(noFactory.status).toBe(400);
    expect(noFactory.body.msg).toBe('The rule prints the factory code: choose a factory');
    // A truncation bit past the end of the line code given: 400, nothing issued.
    const short = await create({
      name: 'T_SHORT',
      startCode: '01',
      details: [system(1, 'lineCode', { truncation: '7' }), serial],
    });
    const cut = await generate(short, 1, { lineCode: 'SMT-01' });
    expect(cut.status).toBe(400);
    expect(cut.body.msg).toBe('The truncation bit of detail 1 goes past the end of "SMT-01" (6 characters)');
    expect(await auditCount(short)).toBe(0);
  });

  it('previews the next codes without issuing them, for a saved and an unsaved rule', async () => {
    const id = await create({ name: 'T_PREVIEW', startCode: '98', endCode: '99', details: [fixed(1, 'P'), serial] });
    const before = await req<PreviewResult>('GET', `${BASE}/${id}/preview?count=5`);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ codes: ['P98', 'P99'], remaining: '2' });
    expect(await codes(id, 1)).toEqual(['P98']);
    expect((await req<PreviewResult>('GET', `${BASE}/${id}/preview?count=5`)).body.data.codes).toEqual(['P99']);

    const draft = await req<PreviewResult>('POST', `${BASE}/preview`, {
      rule: {
        ruleType: 'custom',
        baseCode: 'XYZ',
        startCode: 'ZY',
        resetType: 'month',
        details: [system(1, 'date', { value: 'YYMM' }), serial],
      },
      count: 4,
      context: { date: '2026-06-14' },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.data.codes).toEqual(['2606ZY', '2606ZZ']);
    const bad = await req<{ errors: { field: string; key: string }[] }>('POST', `${BASE}/preview`, {
      rule: { ruleType: 'base10', startCode: '1', resetType: 'none', details: [fixed(1, 'X')] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e) => `${e.field}:${e.key}`)).toEqual(['rule.details:validation.serialRequired']);
  });

  it('audits every code: who, when, which context and reservation, searchable by code', async () => {
    const id = await create({ name: 'T_AUDIT', startCode: '0001', details: [fixed(1, 'AUD'), serial] });
    const first = await generate(id, 3, { lineCode: 'ASM-01' });
    const second = await generate(id, 2, {}, coder);
    expect(second.status).toBe(200);
    const byCode = await req<Page<IssuedCode>>('GET', `${BASE}/issued?code=AUD000`);
    expect(byCode.status).toBe(200);
    expect(byCode.body.data.total).toBe(5);
    expect(byCode.body.data.records.map((r) => r.code)).toEqual([
      'AUD0005',
      'AUD0004',
      'AUD0003',
      'AUD0002',
      'AUD0001',
    ]);
    const one = byCode.body.data.records.find((r) => r.code === 'AUD0002')!;
    expect(one).toMatchObject({
      ruleId: id,
      ruleName: 'T_AUDIT',
      account: 'admin',
      factoryCode: 'F001',
      lineCode: 'ASM-01',
      batchId: first.body.data.batchId,
    });
    expect(Date.now() - Date.parse(one.issuedAt)).toBeLessThan(60_000);
    const batch = await req<Page<IssuedCode>>('GET', `${BASE}/issued?batchId=${second.body.data.batchId}`);
    expect(batch.body.data.records.map((r) => [r.code, r.account])).toEqual([
      ['AUD0005', 'printer.station'],
      ['AUD0004', 'printer.station'],
    ]);
    expect(
      (await req<Page<IssuedCode>>('GET', `${BASE}/issued?code=${encodeURIComponent('AUD%')}`)).body.data.total,
    ).toBe(0);
    expect(
      (await req<Page<IssuedCode>>('GET', `${BASE}/issued?code=AUD0004`)).body.data.records.map((r) => r.code),
    ).toEqual(['AUD0004']);
  });

  it('refuses to issue a code twice after a bad edit, and to delete a rule that issued codes', async () => {
    const id = await create({ name: 'T_CLASH', startCode: '05', details: [fixed(1, 'K'), serial] });
    expect(await codes(id, 3)).toEqual(['K05', 'K06', 'K07']);
    // Someone lowers the start code: the next offset (3) would write K05 … K06 again.
    await sql`update encoding_rule set start_code = '02' where id = ${id}`.execute(db);
    const clash = await generate(id, 2);
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toBe(
      "Code K05 was already issued by rule T_CLASH: nothing was issued; check the rule's start code and details",
    );
    expect(
      (
        await sql<{ value: string }>`select value::text as value from encoding_counter where rule_id = ${id}`.execute(
          db,
        )
      ).rows[0]!.value,
    ).toBe('3');
    expect(await auditCount(id)).toBe(3);
    const del = await req('DELETE', BASE, { ids: [id] });
    expect(del.status).toBe(409);
  });

  it('issues by the rule as it is now stored, whether edited through the API or in the database by another process', async () => {
    const id = await create({ name: 'T_EDIT', startCode: '1', details: [fixed(1, 'A'), serial] });
    expect(await codes(id, 2)).toEqual(['A1', 'A2']);
    const put = await req('PUT', `${BASE}/${id}`, { details: [fixed(1, 'B'), serial] });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await codes(id, 2)).toEqual(['B3', 'B4']);
    // A change no API saw (the updated_at column left as it was), as another server or a script makes it.
    await sql`update encoding_rule set details = jsonb_set(details, '{0,value}', '"C"') where id = ${id}`.execute(db);
    expect(await codes(id, 1)).toEqual(['C5']);
    // Values a statement could misread: quotes and backslashes reach the audit exactly as printed.
    await sql`update encoding_rule set details = jsonb_set(details, '{0,value}', ${JSON.stringify(`O'\\'`)}::jsonb) where id = ${id}`.execute(
      db,
    );
    expect(await codes(id, 2)).toEqual([`O'\\'6`, `O'\\'7`]);
    const audited = await sql<{
      code: string;
    }>`select code from encoding_issue where rule_id = ${id} order by counter_value`.execute(db);
    expect(audited.rows.map((r) => r.code)).toEqual(['A1', 'A2', 'B3', 'B4', 'C5', `O'\\'6`, `O'\\'7`]);
    // A stored row that no longer validates is refused, not issued by the rule it was before.
    await sql`update encoding_rule set details = '[]'::jsonb where id = ${id}`.execute(db);
    const refused = await generate(id, 1);
    expect(refused.status).toBe(409);
    expect(await auditCount(id)).toBe(7);
  });

  it('checks permissions and tenants', async () => {
    const id = await create({ name: 'T_PERM', startCode: '1', details: [serial] });
    expect((await generate(id, 1, {}, coder)).status).toBe(200);
    expect((await req('GET', `${BASE}/${id}/preview`, undefined, coder)).status).toBe(403);
    expect((await generate(id, 1, {}, viewer)).status).toBe(403);
    expect((await req('GET', `${BASE}/issued?code=1`, undefined, viewer)).status).toBe(403);
    const foreign = await call(h.app, 'POST', `${BASE}/${id}/generate`, { token: otherAdmin, body: { count: 1 } });
    expect(foreign.status).toBe(404);
    expect((await call(h.app, 'GET', `${BASE}/${id}/preview`, { token: otherAdmin })).status).toBe(404);
    expect(
      (await call<Page<IssuedCode>>(h.app, 'GET', `${BASE}/issued?code=1`, { token: otherAdmin })).body.data.total,
    ).toBe(0);
    expect((await req('POST', `${BASE}/not-a-uuid/generate`, { count: 1 })).status).toBe(404);
    expect((await call(h.app, 'POST', `${BASE}/${id}/generate`, { body: { count: 1 } })).status).toBe(401);
  });

  it('issues the seeded meter serial numbers per factory and production day', async () => {
    const meter = (
      await db
        .selectFrom(sql.table('encoding_rule').as('r'))
        .select(sql.ref<string>('r.id').as('id'))
        .where(sql.ref('r.name'), '=', 'SN_METER')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await codes(meter, 2, { date: '2026-06-14' })).toEqual(['SMF00126061400001', 'SMF00126061400002']);
    const lot = (
      await db
        .selectFrom(sql.table('encoding_rule').as('r'))
        .select(sql.ref<string>('r.id').as('id'))
        .where(sql.ref('r.name'), '=', 'LOT_SMT')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await codes(lot, 2, { date: '2026-06-14', lineCode: 'SMT-02' })).toEqual([
      'LSMT-022624001',
      'LSMT-022624002',
    ]);
  });
});
