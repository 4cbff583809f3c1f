/**
 * Sessions and permissions held in memory (issue 22): a call after the first reads neither the
 * session nor the permission codes again, yet a revoked session, a removed permission or factory,
 * or a disabled tenant is refused at the very next call, whatever statement made the change (the
 * triggers of migration 034 count `auth_state.generation` up, and every call compares it: a write
 * before it starts, a read inside its own first transaction, migration 042).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createUser } from '../../server/tenants/provision';
import { authCacheOf } from '../../server/auth/cache';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf, tenantIdOf } from './seeded';

const UNITS = '/api/basic-system/unit';

describe.each(DIALECTS)('sessions and permissions held in memory [%s]', (kind) => {
  let h: Harness;
  let tenantId: string;
  let factoryId: string;
  let roleId: string;
  let unitMenu: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    factoryId = await factoryIdOf(db, tenantId, 'F001');
    roleId = (
      await db
        .insertInto('role')
        .values({ tenant_id: tenantId, code: 'held-viewer', name: 'Viewer' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    unitMenu = (
      await db.selectFrom('menu').select('id').where('perms', '=', 'basic:unit:view').executeTakeFirstOrThrow()
    ).id;
    await db.insertInto('role_menu').values({ tenant_id: tenantId, role_id: roleId, menu_id: unitMenu }).execute();
    await createUser(db, {
      tenantId,
      account: 'held.viewer',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['held-viewer'],
      factoryIds: [factoryId],
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  const units = (token: string) => call(h.app, 'GET', UNITS, { token, headers: { 'x-factory-id': factoryId } });

  it('holds a session: with its trigger switched off, a revoked session is still accepted (it is not read again)', async () => {
    const db = h.database.db;
    const token = await loginToken(h.app, 'demo', 'held.viewer');
    expect((await units(token)).status).toBe(200);
    await sql`alter table session_token disable trigger session_token_auth_changed`.execute(db);
    try {
      await db.updateTable('session_token').set({ revoked_at: new Date() }).where('tenant_id', '=', tenantId).execute();
      expect((await units(token)).status).toBe(200);
    } finally {
      await sql`alter table session_token enable trigger session_token_auth_changed`.execute(db);
    }
  });

  it("confirms a held caller of a read in the read's own transaction, and of a write by a read first", async () => {
    const token = await loginToken(h.app, 'demo', 'held.viewer');
    expect((await units(token)).status).toBe(200);
    const cache = authCacheOf(h.database.db);
    const before = cache.reads;
    for (let i = 0; i < 3; i++) expect((await units(token)).status).toBe(200);
    expect(cache.reads).toBe(before);
    // A write (here refused by its permission) reads the generation before anything else.
    expect((await call(h.app, 'POST', UNITS, { token, body: {}, headers: { 'x-factory-id': factoryId } })).status).toBe(
      403,
    );
    expect(cache.reads).toBeGreaterThan(before);
  });

  it('refuses a session revoked by a plain statement at the next call', async () => {
    const db = h.database.db;
    const token = await loginToken(h.app, 'demo', 'held.viewer');
    expect((await units(token)).status).toBe(200);
    await db
      .updateTable('session_token')
      .set({ revoked_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('revoked_at', 'is', null)
      .execute();
    expect((await units(token)).status).toBe(401);
  });

  it('refuses a permission removed by a plain statement at the next call, and grants it back likewise', async () => {
    const db = h.database.db;
    const token = await loginToken(h.app, 'demo', 'held.viewer');
    expect((await units(token)).status).toBe(200);
    await db.deleteFrom('role_menu').where('tenant_id', '=', tenantId).where('role_id', '=', roleId).execute();
    expect((await units(token)).status).toBe(403);
    await db.insertInto('role_menu').values({ tenant_id: tenantId, role_id: roleId, menu_id: unitMenu }).execute();
    expect((await units(token)).status).toBe(200);
  });

  it('refuses a factory taken from the user at the next call', async () => {
    const db = h.database.db;
    const token = await loginToken(h.app, 'demo', 'held.viewer');
    expect((await units(token)).status).toBe(200);
    const user = await db
      .selectFrom('app_user')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('account', '=', 'held.viewer')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('user_factory').where('tenant_id', '=', tenantId).where('user_id', '=', user.id).execute();
    expect((await units(token)).status).toBe(403);
  });

  it('refuses every session of a disabled tenant at the next call', async () => {
    const db = h.database.db;
    const token = await loginToken(h.app, 'demo', 'admin');
    expect((await call(h.app, 'GET', UNITS, { token, headers: { 'x-factory-id': factoryId } })).status).toBe(200);
    await db.updateTable('tenant').set({ status: 'disabled' }).where('id', '=', tenantId).execute();
    try {
      expect((await call(h.app, 'GET', UNITS, { token, headers: { 'x-factory-id': factoryId } })).status).toBe(401);
    } finally {
      await db.updateTable('tenant').set({ status: 'enabled' }).where('id', '=', tenantId).execute();
    }
  });
});
