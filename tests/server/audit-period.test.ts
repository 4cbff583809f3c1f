/**
 * The audit screen's period filter (issue 25): the tenant-wide trail lists only the entries whose
 * time falls in the chosen days — in the caller's time zone — and its export holds the same rows;
 * a period that ends before it starts is refused naming the field; another tenant's entries never show.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceRow } from '../../model/engine';
import { writeHistory, systemActor } from '../../server/audit/write';
import { createTenant } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

const TRAIL = '/api/platform-system/audit-trail';

/** Entries of `tenantId`, each moved to its own time (as the owner, the way time would have placed them). */
async function entriesAt(h: Harness, tenantId: string, at: Record<string, string>): Promise<void> {
  const db = h.database.db;
  for (const [code, when] of Object.entries(at)) {
    await writeHistory(db, systemActor(tenantId), [
      {
        action: 'update',
        entity: 'period-probe',
        recordId: code,
        recordCode: code,
        changes: [{ field: 'name', before: 'a', after: 'b' }],
      },
    ]);
    await sql`update audit_entry set at = ${new Date(when)} where tenant_id = ${tenantId} and record_id = ${code}`.execute(
      db,
    );
  }
}

async function sheetCodes(bytes: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const header = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const col = header.indexOf('Record code');
  expect(col).toBeGreaterThan(0);
  const codes: string[] = [];
  ws.eachRow((row, n) => {
    if (n > 1) codes.push(String(row.getCell(col).value));
  });
  return codes.sort();
}

describe.each(DIALECTS)('audit screen period (%s)', (kind) => {
  let h: Harness;
  let admin: string;
  let other: string;

  const list = async (query: string, token = admin, headers: Record<string, string> = {}) => {
    const r = await call(h.app, 'GET', `${TRAIL}?entity=period-probe&size=100&${query}`, {
      token,
      headers,
      lang: 'en',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body.data as { records: ResourceRow[] }).records.map((x) => String(x.recordCode)).sort();
  };

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    const demo = await tenantIdOf(db);
    const second = (await createTenant(db, { code: 'period2', name: 'Period two', adminPassword: PASSWORD })).tenantId;
    await entriesAt(h, demo, {
      'P-FEB': '2026-02-28T12:00:00Z',
      'P-MAR-01': '2026-03-01T00:00:00Z',
      'P-MAR-10': '2026-03-10T12:00:00Z',
      // Late on 20 March in UTC, already 21 March in UTC+8.
      'P-MAR-20-LATE': '2026-03-20T23:30:00Z',
      'P-APR': '2026-04-02T08:00:00Z',
    });
    await entriesAt(h, second, { 'P-OTHER-MAR': '2026-03-10T12:00:00Z' });
    admin = await loginToken(h.app, 'demo', 'admin');
    other = await loginToken(h.app, 'period2', 'admin');
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('lists only the entries inside the period, both days included', async () => {
    expect(await list('')).toEqual(['P-APR', 'P-FEB', 'P-MAR-01', 'P-MAR-10', 'P-MAR-20-LATE']);
    expect(await list('createdAtFrom=2026-03-01&createdAtTo=2026-03-20')).toEqual([
      'P-MAR-01',
      'P-MAR-10',
      'P-MAR-20-LATE',
    ]);
    expect(await list('createdAtFrom=2026-03-10&createdAtTo=2026-03-10')).toEqual(['P-MAR-10']);
    // Either end alone.
    expect(await list('createdAtFrom=2026-03-11')).toEqual(['P-APR', 'P-MAR-20-LATE']);
    expect(await list('createdAtTo=2026-02-28')).toEqual(['P-FEB']);
  });

  it("takes the days in the caller's time zone", async () => {
    // UTC+8 (getTimezoneOffset -480): 1 March starts at 16:00 UTC on 28 February, 20 March ends at 16:00 UTC.
    const east = { 'x-timezone-offset': '-480' };
    expect(await list('createdAtFrom=2026-03-01&createdAtTo=2026-03-20', admin, east)).toEqual([
      'P-MAR-01',
      'P-MAR-10',
    ]);
    expect(await list('createdAtFrom=2026-03-21&createdAtTo=2026-03-21', admin, east)).toEqual(['P-MAR-20-LATE']);
  });

  it('exports exactly the rows the same filters list', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `${TRAIL}/export?entity=period-probe&createdAtFrom=2026-03-01&createdAtTo=2026-03-20&sort=createdAt&order=asc`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(await sheetCodes(res.rawPayload)).toEqual(['P-MAR-01', 'P-MAR-10', 'P-MAR-20-LATE']);
    const all = await h.app.inject({
      method: 'GET',
      url: `${TRAIL}/export?entity=period-probe`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
    });
    expect(await sheetCodes(all.rawPayload)).toHaveLength(5);
  });

  it('refuses a period that ends before it starts, or a day that is not one, naming the field', async () => {
    const backwards = await call(h.app, 'GET', `${TRAIL}?createdAtFrom=2026-03-20&createdAtTo=2026-03-01`, {
      token: admin,
      lang: 'en',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.msg).toBe('Time: the period must not end before it starts');
    const zh = await call(h.app, 'GET', `${TRAIL}/export?createdAtFrom=2026-03-20&createdAtTo=2026-03-01`, {
      token: admin,
      lang: 'zh-CN',
    });
    expect(zh.status).toBe(400);
    expect(zh.body.msg).toContain('结束日期不能早于开始日期');
    const notADay = await call(h.app, 'GET', `${TRAIL}?createdAtFrom=2026-13-45`, { token: admin, lang: 'en' });
    expect(notADay.status).toBe(400);
    expect(notADay.body.data).toMatchObject({ errors: [{ field: 'createdAtFrom', key: 'validation.date' }] });
    const noSuchDay = await call(h.app, 'GET', `${TRAIL}?createdAtTo=2026-02-30`, { token: admin, lang: 'en' });
    expect(noSuchDay.status).toBe(400);
    expect(noSuchDay.body).toMatchObject({
      msg: 'Time is not a valid date',
      data: { errors: [{ field: 'createdAtTo' }] },
    });
  });

  it("never shows another tenant's entries, whatever the period", async () => {
    expect(await list('createdAtFrom=2026-03-01&createdAtTo=2026-03-31', other)).toEqual(['P-OTHER-MAR']);
    expect(await list('createdAtFrom=2026-03-01&createdAtTo=2026-03-31')).not.toContain('P-OTHER-MAR');
  });
});
