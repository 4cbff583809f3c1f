/**
 * The permission matrix (SPEC §6), generated from the seeded menu tree: for every menu and button
 * code of the platform and basic menus whose API exists (the resource engine's verbs, the role's
 * menu assignment, the password reset), a role without the code gets 403 and a role with only
 * that code does not.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, statusFields, type ResourceDef } from '../../model/engine';
import { RESOURCES } from '../../model/resources';
import { MENU_CATALOGUE, type CatalogueNode } from '../../model/catalogue';
import { createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf, tenantIdOf } from './seeded';

interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  factory: boolean;
}

function seededCodes(): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly CatalogueNode[]) => {
    for (const n of nodes) {
      if (n.perms && (n.productType === 'platform' || n.productType === 'basic')) out.push(n.perms);
      walk(n.children);
    }
  };
  walk(MENU_CATALOGUE);
  return out;
}

/** The call a permission code guards, or undefined when no API of the engine or of issue 4 uses it. */
function probeOf(code: string): Probe | undefined {
  const verb = code.slice(code.lastIndexOf(':') + 1);
  const prefix = code.slice(0, code.lastIndexOf(':'));
  const def: ResourceDef | undefined = RESOURCES.find((d) => d.permissions === prefix);
  if (!def) return undefined;
  const base = apiPath(def);
  const factory = def.scope === 'factory';
  const someId = randomUUID();
  switch (verb) {
    case 'view':
      return { method: 'GET', url: base, factory };
    case 'add':
      return { method: 'POST', url: base, body: {}, factory };
    case 'edit':
      return { method: 'PUT', url: `${base}/${someId}`, body: {}, factory };
    case 'delete':
      return { method: 'DELETE', url: base, body: { ids: [someId] }, factory };
    case 'import':
      return { method: 'GET', url: `${base}/template`, factory };
    case 'export':
      return { method: 'GET', url: `${base}/export`, factory };
    case 'assign-permission':
      return def.name === 'role' ? { method: 'GET', url: `${base}/${someId}/menus`, factory } : undefined;
    case 'reset-password':
      return def.name === 'app-user'
        ? { method: 'POST', url: `${base}/${someId}/reset-password`, body: {}, factory }
        : undefined;
  }
  for (const [field, f] of statusFields(def)) {
    if (f.kind !== 'enum') continue;
    const value = f.values.find((v) => (f.statusVerbs?.[v] ?? f.statusVerb ?? 'edit') === verb);
    if (value !== undefined) return { method: 'POST', url: `${base}/${someId}/state`, body: { field, value }, factory };
  }
  return undefined;
}

const MATRIX = seededCodes()
  .map((code) => [code, probeOf(code)] as const)
  .filter((e): e is readonly [string, Probe] => e[1] !== undefined);

describe.each(DIALECTS)('permission matrix [%s]', (kind) => {
  let h: Harness;
  let token: string;
  let tenantId: string;
  let roleId: string;
  let factoryId: string;
  const menuIdByCode = new Map<string, string>();

  beforeAll(async () => {
    h = await startHarness(kind);
    const db = h.database.db;
    tenantId = await tenantIdOf(db);
    factoryId = await factoryIdOf(db, tenantId, 'F001');
    roleId = (
      await db
        .insertInto('role')
        .values({ tenant_id: tenantId, code: 'matrix', name: 'Matrix' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const userId = await createUser(db, {
      tenantId,
      account: 'matrix',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      factoryIds: [factoryId],
    });
    await db.insertInto('user_role').values({ tenant_id: tenantId, user_id: userId, role_id: roleId }).execute();
    for (const m of await db.selectFrom('menu').select(['id', 'perms']).where('perms', 'is not', null).execute())
      menuIdByCode.set(m.perms!, m.id);
    token = await loginToken(h.app, 'demo', 'matrix');
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The role holds exactly the menu entries of `codes` (permissions are read on every request). */
  async function grant(codes: readonly string[]) {
    const db = h.database.db;
    await db.deleteFrom('role_menu').where('tenant_id', '=', tenantId).where('role_id', '=', roleId).execute();
    const ids = codes.map((c) => menuIdByCode.get(c)).filter((id): id is string => Boolean(id));
    if (ids.length > 0)
      await db
        .insertInto('role_menu')
        .values(ids.map((menu_id) => ({ tenant_id: tenantId, role_id: roleId, menu_id })))
        .execute();
  }

  const send = (p: Probe) =>
    call(h.app, p.method, p.url, { token, body: p.body, headers: p.factory ? { 'x-factory-id': factoryId } : {} });

  it('covers every engine verb, state button and issue-4 button of the seeded platform and basic menus', () => {
    const codes = MATRIX.map(([c]) => c);
    expect(codes).toEqual(
      expect.arrayContaining([
        'platform:app-user:view'.replace('app-user', 'user'),
        'platform:user:enable',
        'platform:user:disable',
        'platform:user:reset-password',
        'platform:role:assign-permission',
        'platform:role:enable',
        'platform:menu:add',
        'basic:unit:import',
        'basic:device:freeze',
      ]),
    );
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(MATRIX)('%s: 403 without it, not 403 with only it', async (code, probe) => {
    const all = MATRIX.map(([c]) => c);
    await grant(all.filter((c) => c !== code));
    const refused = await send(probe);
    expect(refused.status, `${probe.method} ${probe.url} without ${code}`).toBe(403);
    await grant([code]);
    const allowed = await send(probe);
    expect(
      allowed.status,
      `${probe.method} ${probe.url} with ${code}: ${JSON.stringify(allowed.body).slice(0, 300)}`,
    ).not.toBe(403);
    expect(allowed.status).toBeLessThan(500);
  });
});
