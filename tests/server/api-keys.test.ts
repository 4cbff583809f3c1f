/**
 * API keys for machines (issue 26): a key acts for its creator within its own permission codes and
 * factories (never more than the creator holds), from its listed addresses, until it expires or is
 * revoked (at the next call); its secret is answered once and stored as a sha256; its calls are
 * logged under its name and rate-limited per key; another tenant neither sees nor revokes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTenant, createUser } from '../../server/tenants/provision';
import { sha256 } from '../../server/auth/tokens';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

const KEYS = '/api/platform-system/api-key';
const CONFIG = '/api/platform-system/config-item';
const ROLE = '/api/platform-system/role';
const ME = '/api/platform-system/user';

interface Key {
  id: string;
  name: string;
  prefix: string;
  state: string;
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  permissions: string[];
}
interface Created {
  key: Key;
  secret: string;
}
interface FieldErrors {
  errors: { field: string; key: string }[];
}

describe.each(DIALECTS)('API keys [%s]', (kind) => {
  let h: Harness;
  let tenantId: string;
  let f1: string;
  let f2: string;
  let admin: string;
  let maker: string;
  let makerRole: string;

  const create = (token: string, body: Record<string, unknown>) =>
    call<Created>(h.app, 'POST', KEYS, { token, body: { expiresInDays: 30, ...body } });
  const made = async (body: Record<string, unknown>, token = admin) => {
    const r = await create(token, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data;
  };

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    const factories = await db
      .selectFrom('factory')
      .select(['id', 'code'])
      .where('tenant_id', '=', tenantId)
      .orderBy('code')
      .execute();
    f1 = factories.find((f) => f.code === 'F001')!.id;
    f2 = factories.find((f) => f.code === 'F002')!.id;
    // A staff user who may make keys and read configuration items, in factory F001 only.
    makerRole = (
      await db
        .insertInto('role')
        .values({ tenant_id: tenantId, code: 'key-maker', name: 'Key maker' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const menus = await db
      .selectFrom('menu')
      .select('id')
      .where('perms', 'in', [
        'platform:api-key:view',
        'platform:api-key:add',
        'platform:api-key:revoke',
        'platform:config-item:view',
      ])
      .execute();
    expect(menus).toHaveLength(4);
    await db
      .insertInto('role_menu')
      .values(menus.map((m) => ({ tenant_id: tenantId, role_id: makerRole, menu_id: m.id })))
      .execute();
    await createUser(db, {
      tenantId,
      account: 'key.maker',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['key-maker'],
      factoryIds: [f1],
    });
    await createTenant(db, { code: 'keys-other', name: 'Other', adminPassword: PASSWORD });
    admin = await loginToken(h.app, 'demo', 'admin');
    maker = await loginToken(h.app, 'demo', 'key.maker');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers the secret once and stores only its sha256', async () => {
    const { key, secret } = await made({ name: 'ERP import', permissions: ['platform:config-item:view'] });
    expect(secret).toMatch(/^mes_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({
      name: 'ERP import',
      prefix: secret.slice(0, 8),
      state: 'active',
      permissions: ['platform:config-item:view'],
    });
    const list = await call<{ records: Key[] }>(h.app, 'GET', KEYS, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.records.map((k) => k.id)).toContain(key.id);
    expect(list.res.body).not.toContain(secret);
    expect(list.res.body).not.toContain(sha256(secret));
    const row = await h.database.db
      .selectFrom('api_key')
      .selectAll()
      .where('id', '=', key.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('allows a key limited to one permission that one, and refuses it everything else', async () => {
    const { secret } = await made({ name: 'config reader', permissions: ['platform:config-item:view'] });
    expect((await call(h.app, 'GET', CONFIG, { token: secret })).status).toBe(200);
    const write = await call(h.app, 'POST', CONFIG, { token: secret, body: { code: 'K0', name: 'No', value: '1' } });
    expect(write.status).toBe(403);
    expect((await call(h.app, 'GET', ROLE, { token: secret })).status).toBe(403);
    // The creator's personal operations and the keys themselves are not a key's to call.
    expect((await call(h.app, 'GET', ME, { token: secret })).status).toBe(403);
    expect((await call(h.app, 'GET', KEYS, { token: secret })).status).toBe(403);
    // A factory outside the key's list is refused even though its creator (admin) may use it.
    expect((await call(h.app, 'GET', CONFIG, { token: secret, headers: { 'x-factory-id': f1 } })).status).toBe(403);
    const inFactory = await made({ name: 'F001 reader', permissions: ['platform:config-item:view'], factoryIds: [f1] });
    expect(
      (await call(h.app, 'GET', CONFIG, { token: inFactory.secret, headers: { 'x-factory-id': f1 } })).status,
    ).toBe(200);
    expect(
      (await call(h.app, 'GET', CONFIG, { token: inFactory.secret, headers: { 'x-factory-id': f2 } })).status,
    ).toBe(403);
  });

  it('refuses a key more than its creator holds, naming the field', async () => {
    const code = await create(maker, {
      name: 'too much',
      permissions: ['platform:config-item:view', 'platform:config-item:add'],
    });
    expect(code.status).toBe(400);
    expect((code.body.data as unknown as FieldErrors).errors[0]).toMatchObject({
      field: 'permissions.1',
      key: 'validation.notHeld',
    });
    const factory = await create(maker, {
      name: 'too far',
      permissions: ['platform:config-item:view'],
      factoryIds: [f2],
    });
    expect(factory.status).toBe(400);
    expect((factory.body.data as unknown as FieldErrors).errors[0]).toMatchObject({
      field: 'factoryIds.0',
      key: 'validation.notHeld',
    });
    const unknown = await create(admin, { name: 'made up', permissions: ['no:such:code'] });
    expect(unknown.status).toBe(400);
    expect((unknown.body.data as unknown as FieldErrors).errors[0]?.field).toBe('permissions.0');
    expect(
      await h.database.db
        .selectFrom('api_key')
        .select('id')
        .where('name', 'in', ['too much', 'too far', 'made up'])
        .execute(),
    ).toHaveLength(0);
  });

  it('narrows a key to what its creator holds at each call, and stops it when the creator is disabled', async () => {
    const { secret } = await made(
      { name: 'maker reader', permissions: ['platform:config-item:view'], factoryIds: [f1] },
      maker,
    );
    expect((await call(h.app, 'GET', CONFIG, { token: secret })).status).toBe(200);
    const db = h.database.db;
    const viewMenu = await db
      .selectFrom('menu')
      .select('id')
      .where('perms', '=', 'platform:config-item:view')
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('role_menu')
      .where('tenant_id', '=', tenantId)
      .where('role_id', '=', makerRole)
      .where('menu_id', '=', viewMenu.id)
      .execute();
    expect((await call(h.app, 'GET', CONFIG, { token: secret })).status).toBe(403);
    await db
      .insertInto('role_menu')
      .values({ tenant_id: tenantId, role_id: makerRole, menu_id: viewMenu.id })
      .execute();
    expect((await call(h.app, 'GET', CONFIG, { token: secret })).status).toBe(200);
    await db
      .updateTable('app_user')
      .set({ status: 'disabled' })
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'key.maker')
      .execute();
    try {
      expect((await call(h.app, 'GET', CONFIG, { token: secret })).status).toBe(401);
    } finally {
      await db
        .updateTable('app_user')
        .set({ status: 'enabled' })
        .where('tenant_id', '=', tenantId)
        .where('account', '=', 'key.maker')
        .execute();
    }
  });

  it('refuses calls from an address not in its list', async () => {
    const bad = await create(admin, {
      name: 'bad address',
      permissions: ['platform:config-item:view'],
      allowedIps: ['10.0.0.0/33'],
    });
    expect(bad.status).toBe(400);
    expect((bad.body.data as unknown as FieldErrors).errors[0]?.field).toBe('allowedIps.0');
    const elsewhere = await made({
      name: 'plant network',
      permissions: ['platform:config-item:view'],
      allowedIps: ['10.20.0.0/16', '192.168.1.7'],
    });
    expect((await call(h.app, 'GET', CONFIG, { token: elsewhere.secret })).status).toBe(403);
    const here = await made({
      name: 'loopback',
      permissions: ['platform:config-item:view'],
      allowedIps: ['10.20.0.0/16', '127.0.0.1', '::1'],
    });
    expect((await call(h.app, 'GET', CONFIG, { token: here.secret })).status).toBe(200);
    const list = await call<{ records: Key[] }>(h.app, 'GET', KEYS, { token: admin });
    const used = list.body.data.records.find((k) => k.id === here.key.id);
    expect(used?.lastUsedAt).not.toBeNull();
    expect(used?.lastUsedIp).toBe('127.0.0.1');
    expect(list.body.data.records.find((k) => k.id === elsewhere.key.id)?.lastUsedAt).toBeNull();
  });

  it('stops a revoked key at its next call, and an expired one', async () => {
    const { key, secret } = await made({ name: 'to revoke', permissions: ['platform:config-item:view'] });
    expect((await call(h.app, 'GET', CONFIG, { token: secret })).status).toBe(200);
    const r = await call<Key>(h.app, 'POST', `${KEYS}/${key.id}/revoke`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.data.state).toBe('revoked');
    expect((await call(h.app, 'GET', CONFIG, { token: secret })).status).toBe(401);

    const old = await made({ name: 'to expire', permissions: ['platform:config-item:view'] });
    expect((await call(h.app, 'GET', CONFIG, { token: old.secret })).status).toBe(200);
    await h.database.db
      .updateTable('api_key')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', old.key.id)
      .execute();
    expect((await call(h.app, 'GET', CONFIG, { token: old.secret })).status).toBe(401);
    const list = await call<{ records: Key[] }>(h.app, 'GET', KEYS, { token: admin });
    expect(list.body.data.records.find((k) => k.id === old.key.id)?.state).toBe('expired');
  });

  it("keeps a tenant's keys from another tenant", async () => {
    const { key, secret } = await made({ name: 'tenant wall', permissions: ['platform:config-item:view'] });
    const other = await loginToken(h.app, 'keys-other', 'admin');
    const list = await call<{ records: Key[] }>(h.app, 'GET', KEYS, { token: other });
    expect(list.status).toBe(200);
    expect(list.body.data.records).toEqual([]);
    expect((await call(h.app, 'POST', `${KEYS}/${key.id}/revoke`, { token: other })).status).toBe(404);
    expect((await call(h.app, 'GET', CONFIG, { token: secret })).status).toBe(200);
    // The same name in the other tenant is its own.
    expect((await create(other, { name: 'tenant wall', permissions: ['platform:config-item:view'] })).status).toBe(200);
    expect((await create(admin, { name: 'tenant wall', permissions: ['platform:config-item:view'] })).status).toBe(409);
  });

  it("logs a key's writes under its name", async () => {
    const { secret } = await made({
      name: 'ERP writer',
      permissions: ['platform:config-item:view', 'platform:config-item:add'],
    });
    const r = await call<{ id: string }>(h.app, 'POST', CONFIG, {
      token: secret,
      body: { code: 'KEY-1', name: 'Written by a key', value: '1' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await h.database.db
      .selectFrom('operation_log')
      .select(['account', 'api_key_name', 'resource', 'type'])
      .where('tenant_id', '=', tenantId)
      .where('resource', '=', 'config-item')
      .where('api_key_name', '=', 'ERP writer')
      .executeTakeFirst();
    expect(row).toMatchObject({ account: 'admin', type: 'add' });
    const log = await call<{ records: { apiKeyName: string | null; resource: string }[] }>(
      h.app,
      'GET',
      '/api/platform-system/operation-log?apiKeyName=ERP%20writer',
      { token: admin },
    );
    expect(log.status).toBe(200);
    expect(log.body.data.records.map((x) => x.resource)).toContain('config-item');
  });

  it('answers 429 past the per-key rate limit, with Retry-After', async () => {
    const { secret } = await made({ name: 'chatty gateway', permissions: ['platform:config-item:view'], rateLimit: 3 });
    for (let i = 0; i < 3; i++) expect((await call(h.app, 'GET', CONFIG, { token: secret })).status).toBe(200);
    const limited = await call(h.app, 'GET', CONFIG, { token: secret, lang: 'en' });
    expect(limited.status).toBe(429);
    expect(Number(limited.res.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.msg).toMatch(/3/);
    // Another key is not slowed down by it.
    const calm = await made({ name: 'calm gateway', permissions: ['platform:config-item:view'] });
    expect((await call(h.app, 'GET', CONFIG, { token: calm.secret })).status).toBe(200);
  });

  it('tells integrators about the key in the OpenAPI security schemes', async () => {
    const r = await call(h.app, 'GET', '/api/docs/json');
    const doc = r.res.json() as {
      components: { securitySchemes: Record<string, { scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/platform-system/config-item']?.get?.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/platform-system/user']?.get?.security).toEqual([{ bearer: [] }]);
  });
});
