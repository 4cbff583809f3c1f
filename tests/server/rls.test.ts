/**
 * Row-level security, the second wall between tenants (DESIGN §4; SECURITY-TESTS T1.1–T1.3, T1.5).
 * Queries here deliberately forget `where tenant_id`: the policies alone must hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTenant } from '../../server/tenants/provision';
import { APP_ROLE, asSystem, withTenant } from '../../server/db/tenant-scope';
import { DIALECTS, PASSWORD, call, loginToken, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

/** Tables without tenant_id, each shared by design (reviewed): a new one fails this list. */
const SHARED_TABLES = new Set([
  'tenant', // the tenants themselves: a policy of their own (a tenant sees its own row)
  'schema_migrations',
  'menu', // the menu tree and its permission codes are the product's, granted per tenant by role_menu
  'seeded_menu', // which of the product's menu entries have started once
  'app', // the registry of sub-applications
  'captcha', // before login, no tenant yet
  'sms_code', // keyed by tenant code and mobile before login
  'sso_login', // an OpenID Connect round trip before the tenant is known
  'sso_exchange',
  'login_attempt', // rate limits per account and address, before login
  'auth_state', // one row: the generation of sessions and permissions every server compares (issue 22)
]);

const tables = async (h: Harness) =>
  (
    await sql<{ name: string; tenant: boolean; rls: boolean; forced: boolean }>`
    select c.relname as name,
           exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped) as tenant,
           c.relrowsecurity as rls, c.relforcerowsecurity as forced
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
    order by c.relname`.execute(h.database.db)
  ).rows;

describe.each(DIALECTS)('row-level security (%s)', (kind) => {
  let h: Harness;
  let a: string;
  let b: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    a = await tenantIdOf(h.database.db);
    b = (await createTenant(h.database.db, { code: 'other', name: 'Other', adminPassword: PASSWORD })).tenantId;
    // Tenant B gets a row in a table A also has rows in, for the matrix below.
    await h.database.db
      .insertInto('dict')
      .values({ tenant_id: b, name: 'B only', type: 'b_only', remark: '' })
      .execute();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
  });

  it('enables and forces a tenant policy on every tenant table; every other table is shared by design', async () => {
    const all = await tables(h);
    const policies = (
      await sql<{ table: string; policy: string }>`
      select tablename as table, policyname as policy from pg_policies where schemaname = 'public'`.execute(
        h.database.db,
      )
    ).rows;
    for (const t of all) {
      if (!t.tenant) {
        expect(SHARED_TABLES.has(t.name), `${t.name} has no tenant_id and is not a reviewed shared table`).toBe(true);
        continue;
      }
      expect({ table: t.name, rls: t.rls, forced: t.forced }).toEqual({ table: t.name, rls: true, forced: true });
      expect(
        policies.some((p) => p.table === t.name && p.policy === 'tenant_isolation'),
        `${t.name} policy`,
      ).toBe(true);
    }
  });

  it('runs requests as a role that is neither superuser, nor owner, nor BYPASSRLS', async () => {
    const role = await withTenant(a, () =>
      sql<{ who: string; su: boolean; bypass: boolean; owns: number }>`
      select current_user as who, r.rolsuper as su, r.rolbypassrls as bypass,
             (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public' and c.relowner = r.oid) as owns
      from pg_roles r where r.rolname = current_user`.execute(h.database.db),
    );
    expect(role.rows[0]).toEqual({ who: APP_ROLE, su: false, bypass: false, owns: 0 });
  });

  it('shows a tenant only its own rows in every tenant table, even without a where clause (T1.1)', async () => {
    for (const t of (await tables(h)).filter((x) => x.tenant)) {
      const seen = await withTenant(a, () =>
        sql<{ tenant_id: string }>`select distinct tenant_id from ${sql.table(t.name)}`.execute(h.database.db),
      );
      for (const row of seen.rows) expect(row.tenant_id, t.name).toBe(a);
    }
    const dicts = await withTenant(a, () => h.database.db.selectFrom('dict').select(['tenant_id', 'type']).execute());
    expect(dicts.length).toBeGreaterThan(0);
    expect(dicts.some((d) => d.type === 'b_only')).toBe(false);
    const tenants = await withTenant(a, () => h.database.db.selectFrom('tenant').select('id').execute());
    expect(tenants.map((t) => t.id)).toEqual([a]);
    // The view of users' roles reads its tables as the caller: both tenants have role members.
    const members = await withTenant(a, () =>
      h.database.db.selectFrom('role_member').select('tenant_id').distinct().execute(),
    );
    expect(members.map((m) => m.tenant_id)).toEqual([a]);
    const all = await asSystem(() => h.database.db.selectFrom('role_member').select('tenant_id').distinct().execute());
    expect(all.length).toBeGreaterThan(1);
  });

  it("refuses to write another tenant's rows: insert fails, update and delete touch nothing", async () => {
    await expect(
      withTenant(a, () =>
        h.database.db.insertInto('dict').values({ tenant_id: b, name: 'sneak', type: 'sneak', remark: '' }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const updated = await withTenant(a, () =>
      h.database.db.updateTable('dict').set({ name: 'taken' }).where('type', '=', 'b_only').executeTakeFirst(),
    );
    expect(Number(updated.numUpdatedRows)).toBe(0);
    const deleted = await withTenant(a, () =>
      h.database.db.deleteFrom('dict').where('type', '=', 'b_only').executeTakeFirst(),
    );
    expect(Number(deleted.numDeletedRows)).toBe(0);
    const still = await h.database.db
      .selectFrom('dict')
      .select('name')
      .where('tenant_id', '=', b)
      .where('type', '=', 'b_only')
      .executeTakeFirstOrThrow();
    expect(still.name).toBe('B only');
  });

  it('keeps a transaction of the code inside the tenant scope, and rolls it back whole', async () => {
    await expect(
      withTenant(a, () =>
        h.database.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('dict')
            .values({ tenant_id: a, name: 'half', type: 'half_written', remark: '' })
            .execute();
          await trx.insertInto('dict').values({ tenant_id: b, name: 'foreign', type: 'foreign', remark: '' }).execute();
        }),
      ),
    ).rejects.toThrow(/row-level security/);
    const half = await h.database.db.selectFrom('dict').select('id').where('type', '=', 'half_written').execute();
    expect(half).toEqual([]);
  });

  it('sees nothing of any tenant before it knows its tenant, and everything only as the system', async () => {
    const none = await h.database.db.transaction().execute(async () => 0); // warms the pool
    expect(none).toBe(0);
    const scoped = await withTenant('not-a-uuid', () => h.database.db.selectFrom('dict').select('id').execute());
    expect(scoped).toEqual([]);
    const system = await asSystem(() => h.database.db.selectFrom('tenant').select('id').execute());
    expect(system.map((t) => t.id).sort()).toEqual([a, b].sort());
  });

  it('never carries the tenant setting over to the next statement on a pooled connection (T1.2)', async () => {
    const tenants = [a, b];
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => {
        const tenant = tenants[i % 2]!;
        return i % 3 === 0
          ? h.database.db
              .selectFrom('dict')
              .select('tenant_id')
              .execute()
              .then((rows) => ({ tenant: null as string | null, rows }))
          : withTenant(tenant, () => h.database.db.selectFrom('dict').select('tenant_id').execute()).then((rows) => ({
              tenant,
              rows,
            }));
      }),
    );
    for (const r of results) {
      if (r.tenant) for (const row of r.rows) expect(row.tenant_id).toBe(r.tenant);
      else expect(new Set(r.rows.map((row) => row.tenant_id))).toEqual(new Set([a, b]));
    }
    const leftover = await sql<{
      setting: string | null;
      who: string;
    }>`select current_setting('app.tenant_id', true) as setting, current_user as who`.execute(h.database.db);
    expect(leftover.rows[0]?.setting ?? '').toBe('');
    expect(leftover.rows[0]?.who).not.toBe(APP_ROLE);
  });

  it('answers API calls under the caller tenant only', async () => {
    const tokenA = await loginToken(h.app, 'demo', 'admin');
    const res = await call(h.app, 'GET', '/api/platform-system/dict?page=1&size=100', { token: tokenA });
    expect(res.status).toBe(200);
    const types = (res.body.data as { records: { type: string }[] }).records.map((r) => r.type);
    expect(types).not.toContain('b_only');
  });
});
