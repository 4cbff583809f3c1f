/**
 * The tenant's retention of its history, set on the audit screen (issue 25): months ≥ 1 and never
 * below the legal minimum, the minimum raised but never lowered, each refusal a 400 naming the field
 * in the user's language; every change leaves its own history entry; the route takes its own
 * permission code and reaches the caller's tenant only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRetention } from '../../model/audit';
import { withTenant } from '../../server/db/tenant-scope';
import { createTenant, createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

const URL = '/api/platform-system/audit/retention';

describe.each(DIALECTS)('audit retention (%s)', (kind) => {
  let h: Harness;
  let tenantId: string;
  let otherTenant: string;
  let admin: string;
  let other: string;
  let viewer: string; // may view the audit screen, not set its retention

  const put = (body: unknown, token = admin, lang = 'en') =>
    call<AuditRetention>(h.app, 'PUT', URL, { token, body, lang });
  const get = (token = admin) => call<AuditRetention>(h.app, 'GET', URL, { token });
  const stored = (tenant: string) =>
    h.database.db
      .selectFrom('audit_retention')
      .select(['months', 'legal_min_months'])
      .where('tenant_id', '=', tenant)
      .executeTakeFirst();
  const entries = () =>
    h.database.db
      .selectFrom('audit_entry')
      .select(['action', 'changes', 'user_name', 'record_id', 'record_code'])
      .where('tenant_id', '=', tenantId)
      .where('entity', '=', 'audit-retention')
      .orderBy('seq')
      .execute();

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    otherTenant = (await createTenant(db, { code: 'keeper2', name: 'Keeper two', adminPassword: PASSWORD })).tenantId;
    const role = await db
      .insertInto('role')
      .values({ tenant_id: tenantId, code: 'audit_reader', name: 'Audit reader' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const menus = await db
      .selectFrom('menu')
      .select('id')
      .where('perms', 'in', ['log:audit-trail:view', 'log:audit-trail:history'])
      .execute();
    await db
      .insertInto('role_menu')
      .values(menus.map((m) => ({ tenant_id: tenantId, role_id: role.id, menu_id: m.id })))
      .execute();
    await createUser(db, {
      tenantId,
      account: 'audit.reader',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['audit_reader'],
      factoryIds: [],
    });
    admin = await loginToken(h.app, 'demo', 'admin');
    other = await loginToken(h.app, 'keeper2', 'admin');
    viewer = await loginToken(h.app, 'demo', 'audit.reader');
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('starts with none set (kept for ever), then sets months and legal minimum with a history entry', async () => {
    const none = await get();
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ months: null, legalMinMonths: 0, updatedAt: null });

    const set = await put({ months: 24, legalMinMonths: 12 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ months: 24, legalMinMonths: 12 });
    expect(await stored(tenantId)).toEqual({ months: 24, legal_min_months: 12 });
    expect((await get()).body.data).toMatchObject({ months: 24, legalMinMonths: 12 });
    const [created] = await entries();
    expect(created).toMatchObject({ action: 'create', user_name: 'admin', record_id: tenantId, record_code: 'demo' });
    expect(created!.changes).toEqual(
      expect.arrayContaining([
        { field: 'months', before: null, after: 24 },
        { field: 'legalMinMonths', before: null, after: 12 },
      ]),
    );
  });

  it("refuses a retention below the legal minimum, naming the field in the user's language", async () => {
    const short = await put({ months: 6, legalMinMonths: 12 });
    expect(short.status).toBe(400);
    expect(short.body.msg).toBe('Retention (months) must not be shorter than the legal minimum');
    expect(short.body.data).toMatchObject({ errors: [{ field: 'months', key: 'validation.retentionBelowMinimum' }] });
    const zh = await put({ months: 6, legalMinMonths: 12 }, admin, 'zh-CN');
    expect(zh.body.msg).toBe('保留期限（月）不能短于法定最短保留期');
    const zero = await put({ months: 0, legalMinMonths: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.data).toMatchObject({ errors: [{ field: 'months', key: 'validation.tooSmall' }] });
    expect((await put({ months: 'many', legalMinMonths: 12 })).status).toBe(400);
    expect(await stored(tenantId)).toEqual({ months: 24, legal_min_months: 12 });
  });

  it('raises the legal minimum but never lowers it below what is set', async () => {
    const lower = await put({ months: 24, legalMinMonths: 6 });
    expect(lower.status).toBe(400);
    expect(lower.body.msg).toBe('Legal minimum (months) cannot be lowered below the 12 months already set');
    expect(lower.body.data).toMatchObject({ errors: [{ field: 'legalMinMonths', key: 'validation.legalMinLowered' }] });
    const es = await put({ months: 24, legalMinMonths: 6 }, admin, 'es');
    expect(es.body.msg).toBe('Mínimo legal (meses) no puede bajar de los 12 meses ya fijados');
    expect(await stored(tenantId)).toEqual({ months: 24, legal_min_months: 12 });
    expect(await entries()).toHaveLength(1);

    const raised = await put({ months: 36, legalMinMonths: 18 });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);
    expect(await stored(tenantId)).toEqual({ months: 36, legal_min_months: 18 });
    // The retention alone may shorten again, down to the minimum.
    expect((await put({ months: 18, legalMinMonths: 18 })).status).toBe(200);
    const log = await entries();
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    expect(log[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'months', before: 24, after: 36 },
        { field: 'legalMinMonths', before: 12, after: 18 },
      ]),
    );
    expect(log[2]!.changes).toEqual([{ field: 'months', before: 36, after: 18 }]);
    // Its history reads through the record's history route too.
    const history = await call(h.app, 'GET', `/api/platform-system/audit/audit-retention/${tenantId}`, {
      token: admin,
    });
    expect(history.status).toBe(200);
    expect((history.body.data as { items: unknown[] }).items).toHaveLength(3);
  });

  it('takes its own permission code', async () => {
    expect((await call(h.app, 'GET', '/api/platform-system/audit-trail', { token: viewer })).status).toBe(200);
    expect((await get(viewer)).status).toBe(403);
    expect((await put({ months: 120, legalMinMonths: 120 }, viewer)).status).toBe(403);
    expect(await stored(tenantId)).toEqual({ months: 18, legal_min_months: 18 });
  });

  it("reaches the caller's tenant only", async () => {
    // Another tenant's administrator sees its own (none), and its changes stay its own.
    expect((await get(other)).body.data).toEqual({ months: null, legalMinMonths: 0, updatedAt: null });
    expect((await put({ months: 1, legalMinMonths: 0 }, other)).status).toBe(200);
    expect(await stored(otherTenant)).toEqual({ months: 1, legal_min_months: 0 });
    expect(await stored(tenantId)).toEqual({ months: 18, legal_min_months: 18 });
    expect((await get()).body.data).toMatchObject({ months: 18, legalMinMonths: 18 });
    // Its history entry is in its own chain; the serving role under one tenant sees only that tenant's setting.
    const otherEntries = await h.database.db
      .selectFrom('audit_entry')
      .select('tenant_id')
      .where('entity', '=', 'audit-retention')
      .where('record_id', '=', otherTenant)
      .execute();
    expect(otherEntries.map((e) => e.tenant_id)).toEqual([otherTenant]);
    const seen = await withTenant(otherTenant, () =>
      h.database.db.selectFrom('audit_retention').select('tenant_id').execute(),
    );
    expect(seen.map((r) => r.tenant_id)).toEqual([otherTenant]);
  });
});
