/**
 * The audit trail of the hand-written features and of the platform's engine screens (issue 25):
 * dictionaries, a role's permissions, BOM lines, a rule, configuration items, the app registry,
 * password resets, API keys and webhooks each leave exactly their entry, secrets only as changed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditHistory } from '../../model/audit';
import { apiPath, type ResourceRow } from '../../model/engine';
import { app as appDef, configItem, encodingRule, role } from '../../model/resources';
import { verifyChain } from '../../server/audit/verify';
import { DIALECTS, call, loginToken, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

describe.each(DIALECTS)('audit trail of the features (%s)', (kind) => {
  let h: Harness;
  let tenantId: string;
  let admin: string;
  let factory: string;

  const api = <T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call<T>(h.app, method, url, { token: admin, body, headers: { 'x-factory-id': factory } });
  const history = async (entity: string, id: string): Promise<AuditEntry[]> => {
    const r = await api<AuditHistory>('GET', `/api/platform-system/audit/${entity}/${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.items;
  };
  const ok = (r: { status: number; body: unknown }) => expect(r.status, JSON.stringify(r.body).slice(0, 400)).toBe(200);

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    factory = (
      await db
        .selectFrom('factory')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .orderBy('code')
        .executeTakeFirstOrThrow()
    ).id;
    admin = await loginToken(h.app, 'demo', 'admin');
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('dictionaries and their items: create, edit, delete', async () => {
    const made = await api<{ id: string }>('POST', '/api/platform-system/dict', {
      name: 'Colours',
      type: 'aud_colour',
      remark: '',
    });
    ok(made);
    const id = made.body.data.id;
    const item = await api<{ id: string }>('POST', `/api/platform-system/dict/${id}/items`, {
      label: 'Red',
      value: 'red',
      sort: 1,
    });
    ok(item);
    ok(
      await api('PUT', `/api/platform-system/dict/${id}/items/${item.body.data.id}`, {
        label: 'Crimson',
        value: 'red',
        sort: 1,
      }),
    );
    ok(await api('PUT', `/api/platform-system/dict/${id}`, { name: 'Colors', type: 'aud_colour', remark: '' }));
    ok(await api('DELETE', '/api/platform-system/dict', { ids: [id] }));
    const dict = await history('dict', id);
    expect(dict.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(dict[1]).toMatchObject({
      recordCode: 'aud_colour',
      changes: [{ field: 'name', before: 'Colours', after: 'Colors' }],
    });
    expect(dict[2]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: null, after: 'Colours' },
        { field: 'type', before: null, after: 'aud_colour' },
      ]),
    );
    const items = await history('dict-item', item.body.data.id);
    expect(items.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(items[1]!.changes).toEqual([{ field: 'label', before: 'Red', after: 'Crimson' }]);
  });

  it("a role's permissions: the codes before and after", async () => {
    const made = await api<ResourceRow>('POST', apiPath(role), { code: 'aud_role', name: 'Audit role' });
    ok(made);
    const id = made.body.data.id;
    const menus = await h.database.db
      .selectFrom('menu')
      .select(['id', 'perms'])
      .where('perms', 'in', ['basic:unit:view', 'basic:unit:add'])
      .execute();
    ok(await api('PUT', `/api/platform-system/role/${id}/menus`, { menuIds: menus.map((m) => m.id) }));
    const unitView = menus.find((m) => m.perms === 'basic:unit:view')!;
    ok(await api('PUT', `/api/platform-system/role/${id}/menus`, { menuIds: [unitView.id] }));
    const items = await history('role', id);
    expect(items.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    const [second, first] = items;
    expect(first!.changes).toHaveLength(1);
    expect(first!.changes[0]!.before).toEqual([]);
    expect(first!.changes[0]!.after).toEqual(expect.arrayContaining(['basic:unit:view', 'basic:unit:add']));
    expect(second!.changes[0]!.before).toEqual(expect.arrayContaining(['basic:unit:add']));
    expect(second!.changes[0]!.after).not.toContain('basic:unit:add');
    expect(second!.changes[0]!.after).toContain('basic:unit:view');
  });

  it('a BOM line: add, edit, delete', async () => {
    const db = h.database.db;
    const mat = async (code: string) =>
      (
        await sql<{ id: string }>`insert into material (tenant_id, code, name, type, basic_unit_id)
      values (${tenantId}::uuid, ${code}, ${code}, 'raw', (select id from unit where tenant_id = ${tenantId}::uuid order by code limit 1)) returning id`.execute(
          db,
        )
      ).rows[0]!.id;
    const parent = await mat('AUD-P');
    const child = await mat('AUD-C');
    const added = await api<{ id: string }>('POST', '/api/basic-system/bom/line', {
      parentId: parent,
      componentId: child,
      lineNo: 10,
      dosage: 2,
    });
    ok(added);
    const id = added.body.data.id;
    ok(
      await api('PUT', `/api/basic-system/bom/line/${id}`, {
        componentId: child,
        lineNo: 10,
        dosage: 2.5,
        lossRate: 1,
      }),
    );
    ok(await api('DELETE', '/api/basic-system/bom/line', { ids: [id] }));
    const items = await history('bom-line', id);
    expect(items.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(items[1]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'dosage', before: 2, after: 2.5 },
        { field: 'lossRate', before: 0, after: 1 },
      ]),
    );
    expect(items[1]!.changes).toHaveLength(2);
    expect(items[2]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'parentId', before: null, after: parent },
        { field: 'componentId', before: null, after: child },
      ]),
    );
  });

  it('an encoding rule, a configuration item and an app of the registry (engine screens of the platform)', async () => {
    const rules = await api<{ records: ResourceRow[] }>('GET', `${apiPath(encodingRule)}?size=1`);
    const rule = rules.body.data.records[0]!;
    const weekday = rule.firstWeekday === 'sunday' ? 'monday' : 'sunday';
    ok(await api('PUT', `${apiPath(encodingRule)}/${rule.id}`, { firstWeekday: weekday }));
    expect((await history('encoding-rule', rule.id))[0]).toMatchObject({
      action: 'update',
      recordCode: rule.name,
      changes: [{ field: 'firstWeekday', before: rule.firstWeekday, after: weekday }],
    });

    const item = await api<ResourceRow>('POST', apiPath(configItem), { code: 'aud.limit', name: 'Limit', value: '10' });
    ok(item);
    ok(await api('PUT', `${apiPath(configItem)}/${item.body.data.id}`, { value: '20' }));
    expect(
      (await history('config-item', item.body.data.id)).map((e) => [
        e.action,
        e.changes.filter((c) => c.field === 'value'),
      ]),
    ).toEqual([
      ['update', [{ field: 'value', before: '10', after: '20' }]],
      ['create', [{ field: 'value', before: null, after: '10' }]],
    ]);

    const apps = await api<{ records: ResourceRow[] }>('GET', `${apiPath(appDef)}?size=1`);
    const one = apps.body.data.records[0]!;
    ok(await api('PUT', `${apiPath(appDef)}/${one.id}`, { sort: Number(one.sort) + 7 }));
    expect((await history('app', one.id))[0]).toMatchObject({
      action: 'update',
      changes: [{ field: 'sort', before: Number(one.sort), after: Number(one.sort) + 7 }],
    });
  });

  it('a password reset, an API key and a webhook keep their secrets out of history', async () => {
    const users = await h.database.db
      .selectFrom('app_user')
      .select(['id', 'account'])
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'li.ming')
      .executeTakeFirstOrThrow();
    const reset = await api<{ temporaryPassword: string }>(
      'POST',
      `/api/platform-system/app-user/${users.id}/reset-password`,
      {},
    );
    ok(reset);
    expect((await history('app-user', users.id))[0]).toMatchObject({
      action: 'update',
      recordCode: 'li.ming',
      changes: [{ field: 'password', before: null, after: null, secret: true }],
    });

    const key = await api<{ key: { id: string }; secret: string }>('POST', '/api/platform-system/api-key', {
      name: 'aud-key',
      permissions: ['basic:unit:view'],
      factoryIds: [factory],
      allowedIps: [],
      expiresInDays: 30,
      rateLimit: 60,
    });
    ok(key);
    const keyEntries = await history('api-key', key.body.data.key.id);
    expect(keyEntries[0]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'secretHash', before: null, after: null, secret: true },
        { field: 'name', before: null, after: 'aud-key' },
      ]),
    );
    ok(await api('POST', `/api/platform-system/api-key/${key.body.data.key.id}/revoke`));
    expect((await history('api-key', key.body.data.key.id))[0]).toMatchObject({ action: 'state' });

    // A public address literal: registration checks it without a name look-up (nothing is sent here).
    const hook = await api<{ endpoint: { id: string }; secret: string }>('POST', '/api/platform-system/webhook', {
      name: 'aud-hook',
      url: 'https://93.184.215.14/hook',
      events: ['alarm.raised'],
    });
    ok(hook);
    ok(await api('POST', `/api/platform-system/webhook/${hook.body.data.endpoint.id}/secret`));
    const hookEntries = await history('webhook', hook.body.data.endpoint.id);
    expect(hookEntries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(hookEntries[0]!.changes).toEqual([{ field: 'secret', before: null, after: null, secret: true }]);

    const raw = (
      await sql<{ text: string }>`select changes::text as text from audit_entry where tenant_id = ${tenantId}`.execute(
        h.database.db,
      )
    ).rows
      .map((r) => r.text)
      .join('\n');
    expect(raw).not.toContain(reset.body.data.temporaryPassword);
    expect(raw).not.toContain(key.body.data.secret);
    expect(raw).not.toContain(hook.body.data.secret);
    const hashes = await h.database.db
      .selectFrom('app_user')
      .select('password_hash')
      .where('tenant_id', '=', tenantId)
      .execute();
    for (const x of hashes) expect(raw).not.toContain(x.password_hash);
    expect((await verifyChain(h.database.db, tenantId)).ok).toBe(true);
  });
});
