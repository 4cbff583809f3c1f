/**
 * Organisation (issue 4, part 2): organisations, the department tree, staff and configuration items
 * on the engine; tenant isolation; the current user's staff endpoints (SPEC §7); the 'dept' data scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../../server/tenants/provision';
import '../../server/db/types-org';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { factoryIdOf, tenantIdOf } from './seeded';

const ORGS = '/api/cloudbase-system/organization';
const DEPTS = '/api/cloudbase-system/department';
const STAFF = '/api/cloudbase-system/staff';
const CONFIG = '/api/platform-system/config-item';
const ROLES = '/api/platform-system/role';
const UNITS = '/api/basic-system/unit';

describe.each(DIALECTS)('organisation, departments, staff, configuration [%s]', (kind) => {
  let h: Harness;
  let admin: string;
  let acmeAdmin: string;
  let demoId: string;
  let factory1: string;
  const db = () => h.database.db;

  beforeAll(async () => {
    h = await startHarness(kind);
    demoId = await tenantIdOf(db());
    factory1 = await factoryIdOf(db(), demoId, 'F001');
    await createTenant(db(), { code: 'acme', name: 'Acme', adminPassword: PASSWORD });
    admin = await loginToken(h.app, 'demo', 'admin');
    acmeAdmin = await loginToken(h.app, 'acme', 'admin');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('seeds the demo tenant with a department tree whose heads and staff are linked to the admin', async () => {
    const depts = await call(h.app, 'GET', `${DEPTS}?size=100`, { token: admin });
    expect(depts.status, JSON.stringify(depts.body)).toBe(200);
    const byCode = new Map(
      (depts.body.data.records as { code: string; level: number; parentId: string | null; id: string }[]).map((d) => [
        d.code,
        d,
      ]),
    );
    expect(byCode.get('D100')).toMatchObject({ level: 1, parentId: null });
    expect(byCode.get('D111')).toMatchObject({ level: 3, parentId: byCode.get('D110')!.id });
    const staff = await call(h.app, 'GET', `${STAFF}?size=100`, { token: admin });
    expect(staff.body.data.records.length).toBeGreaterThanOrEqual(3);
    const configs = await call(h.app, 'GET', `${CONFIG}?size=100`, { token: admin });
    expect(configs.body.data.records.map((c: { code: string }) => c.code)).toContain('defaultLanguage');
  });

  it('keeps organisation codes to letters and digits, case-sensitive and unique', async () => {
    const bad = await call(h.app, 'POST', ORGS, { token: admin, body: { code: 'ORG-2', name: 'Dash' } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([expect.objectContaining({ field: 'code', key: 'validation.lettersDigits' })]);
    expect((await call(h.app, 'POST', ORGS, { token: admin, body: { code: 'Org2', name: 'Second' } })).status).toBe(
      200,
    );
    expect((await call(h.app, 'POST', ORGS, { token: admin, body: { code: 'ORG2', name: 'Upper' } })).status).toBe(200);
    expect((await call(h.app, 'POST', ORGS, { token: admin, body: { code: 'Org2', name: 'Again' } })).status).toBe(409);
    // Organisations have no import or export.
    expect((await call(h.app, 'GET', `${ORGS}/export`, { token: admin })).status).toBe(404);
  });

  it('sets department levels from the parent and refuses a department under its own subtree', async () => {
    const add = async (code: string, parentId: string | null) => {
      const r = await call(h.app, 'POST', DEPTS, { token: admin, body: { code, name: code, parentId } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { id: string; level: number };
    };
    const a = await add('TA', null);
    const b = await add('TB', a.id);
    const c = await add('TC', b.id);
    expect(c.level).toBe(3);
    const loop = await call(h.app, 'PUT', `${DEPTS}/${a.id}`, { token: admin, lang: 'en', body: { parentId: c.id } });
    expect(loop.status).toBe(400);
    expect(loop.body.msg).toMatch(/itself/);
    const self = await call(h.app, 'PUT', `${DEPTS}/${a.id}`, { token: admin, body: { parentId: a.id } });
    expect(self.status).toBe(400);
    // Moving b to the top moves its subtree up a level.
    expect((await call(h.app, 'PUT', `${DEPTS}/${b.id}`, { token: admin, body: { parentId: null } })).status).toBe(200);
    expect((await call(h.app, 'GET', `${DEPTS}/${c.id}`, { token: admin })).body.data.level).toBe(2);
  });

  it('validates staff fields and links a staff record to an account and a department', async () => {
    const dept = (
      await db()
        .selectFrom('department')
        .select('id')
        .where('tenant_id', '=', demoId)
        .where('code', '=', 'D120')
        .executeTakeFirstOrThrow()
    ).id;
    const bad = await call(h.app, 'POST', STAFF, {
      token: admin,
      body: { code: 'S9', name: 'X', sex: 'other', entryDate: '2024-13-01' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors.map((e: { field: string }) => e.field).sort()).toEqual(['entryDate', 'sex']);
    const ok = await call(h.app, 'POST', STAFF, {
      token: admin,
      body: { code: 'S9', name: 'Zhao Lei', sex: 'male', entryDate: '2024-02-01', departmentId: dept },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ onJob: 'onJob', useState: 'normal', departmentId: dept });
  });

  it("keeps every organisation resource within its tenant: another tenant's ids are not found", async () => {
    for (const base of [ORGS, DEPTS, STAFF, CONFIG]) {
      const list = await call(h.app, 'GET', `${base}?size=100`, { token: admin });
      const id = list.body.data.records[0].id as string;
      expect((await call(h.app, 'GET', `${base}/${id}`, { token: acmeAdmin })).status, base).toBe(404);
      expect(
        (await call(h.app, 'PUT', `${base}/${id}`, { token: acmeAdmin, body: { name: 'taken' } })).status,
        base,
      ).toBe(404);
      expect((await call(h.app, 'DELETE', base, { token: acmeAdmin, body: { ids: [id] } })).status, base).toBe(404);
      const theirs = await call(h.app, 'GET', `${base}?size=100`, { token: acmeAdmin });
      expect(
        theirs.body.data.records.map((r: { id: string }) => r.id),
        base,
      ).not.toContain(id);
    }
    // A department of another tenant cannot be referenced.
    const demoDept = (
      await db().selectFrom('department').select('id').where('tenant_id', '=', demoId).executeTakeFirstOrThrow()
    ).id;
    const cross = await call(h.app, 'POST', STAFF, {
      token: acmeAdmin,
      body: { code: 'X1', name: 'X', departmentId: demoDept },
    });
    expect(cross.status).toBe(400);
  });

  it("answers the current user's staff record and lets them update their personal-centre fields", async () => {
    const me = await call(h.app, 'GET', `${STAFF}/detail/by/factory/id?factoryId=${factory1}`, { token: admin });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    expect(me.body.data).toMatchObject({
      code: 'S0001',
      departmentName: '总经理室 General Management',
      factoryId: factory1,
    });
    const upd = await call(h.app, 'POST', `${STAFF}/personal/center/update`, {
      token: admin,
      body: { englishName: 'Boss', sex: 'male', extensionNumber: '8009' },
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const after = await call(h.app, 'GET', `${STAFF}/detail/by/factory/id?factoryId=${factory1}`, { token: admin });
    expect(after.body.data).toMatchObject({ englishName: 'Boss', extensionNumber: '8009', name: '系统管理员' });
    // Only personal-centre fields: the name, department or job are not the user's to change.
    expect(
      (
        await call(h.app, 'POST', `${STAFF}/personal/center/update`, {
          token: admin,
          body: { englishName: 'Boss', sex: 'male', extensionNumber: '8009', job: 'CEO' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(h.app, 'POST', `${STAFF}/personal/center/update`, {
          token: admin,
          body: { englishName: 'Boss', sex: 'male', extensionNumber: 'abc' },
        })
      ).status,
    ).toBe(400);
    expect((await call(h.app, 'POST', `${STAFF}/personal/center/update`, { token: admin, body: {} })).status).toBe(400);
    // A user without a staff record, or a factory of another tenant: not found.
    expect(
      (await call(h.app, 'GET', `${STAFF}/detail/by/factory/id?factoryId=${factory1}`, { token: acmeAdmin })).status,
    ).toBe(404);
    expect(
      (
        await call(h.app, 'POST', `${STAFF}/personal/center/update`, {
          token: acmeAdmin,
          body: { englishName: 'A', sex: null, extensionNumber: null },
        })
      ).status,
    ).toBe(404);
  });

  it("shows a 'dept' role the rows of users in its department and below, not others", async () => {
    const menus = await db().selectFrom('menu').select(['id', 'perms']).execute();
    const menuIds = menus.filter((m) => m.perms?.startsWith('basic:unit:')).map((m) => m.id);
    const role = await call(h.app, 'POST', ROLES, {
      token: admin,
      body: { code: 'unit-dept', name: 'unit-dept', dataScope: 'dept' },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    expect(
      (await call(h.app, 'PUT', `${ROLES}/${role.body.data.id}/menus`, { token: admin, body: { menuIds } })).status,
    ).toBe(200);
    const dept = async (code: string) =>
      (
        await db()
          .selectFrom('department')
          .select('id')
          .where('tenant_id', '=', demoId)
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).id;
    const person = async (account: string, deptCode: string) => {
      const id = await createUser(db(), {
        tenantId: demoId,
        account,
        password: PASSWORD,
        passwordHash: await passwordHash(),
        factoryIds: [factory1],
      });
      await db()
        .insertInto('user_role')
        .values({ tenant_id: demoId, user_id: id, role_id: role.body.data.id })
        .execute();
      await db()
        .insertInto('staff')
        .values({
          tenant_id: demoId,
          code: `ST-${account}`,
          name: account,
          department_id: await dept(deptCode),
          user_id: id,
        })
        .execute();
      return loginToken(h.app, 'demo', account);
    };
    const prod = await person('pat', 'D110'); // Production
    const assembly = await person('ann', 'D111'); // Assembly, below Production
    const quality = await person('quinn', 'D120'); // Quality, beside Production
    const unit = async (token: string, code: string) => {
      const r = await call(h.app, 'POST', UNITS, { token, body: { code, name: code, type: 'quantity', accuracy: 0 } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await unit(prod, 'PAT-U');
    await unit(assembly, 'ANN-U');
    await unit(quality, 'QUINN-U');
    const codes = async (token: string) =>
      ((await call(h.app, 'GET', `${UNITS}?size=200`, { token })).body.data.records as { code: string }[])
        .map((r) => r.code)
        .filter((c) => c.endsWith('-U'))
        .sort();
    expect(await codes(prod)).toEqual(['ANN-U', 'PAT-U']);
    expect(await codes(assembly)).toEqual(['ANN-U']);
    expect(await codes(quality)).toEqual(['QUINN-U']);
  });
  it('gives a role to a staff record: its account holds it while on the job and unlocked, in the menu and every check', async () => {
    const menus = await db().selectFrom('menu').select(['id', 'perms']).execute();
    const menuIds = menus
      .filter((m) => m.perms?.startsWith('basic:unit:') || m.perms === 'basic:unit')
      .map((m) => m.id);
    const id = await createUser(db(), {
      tenantId: demoId,
      account: 'sam',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      factoryIds: [factory1],
    });
    const staff = await call(h.app, 'POST', STAFF, { token: admin, body: { code: 'ST-SAM', name: 'Sam', userId: id } });
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    const sam = await loginToken(h.app, 'demo', 'sam');
    expect((await call(h.app, 'GET', UNITS, { token: sam })).status).toBe(403);

    const role = await call(h.app, 'POST', ROLES, {
      token: admin,
      body: { code: 'unit-staff', name: 'Unit staff', staff: [staff.body.data.id] },
    });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    expect(
      (await call(h.app, 'PUT', `${ROLES}/${role.body.data.id}/menus`, { token: admin, body: { menuIds } })).status,
    ).toBe(200);
    const got = await call(h.app, 'GET', `${ROLES}/${role.body.data.id}`, { token: admin });
    expect(got.body.data.staff).toEqual([staff.body.data.id]);
    expect((await call(h.app, 'GET', UNITS, { token: sam })).status).toBe(200);
    const paths = (nodes: { path?: string | null; children?: unknown[] }[]): string[] =>
      nodes.flatMap((n) => [n.path ?? '', ...paths((n.children ?? []) as typeof nodes)]).filter(Boolean);
    const menu = await call(
      h.app,
      'GET',
      `/api/platform-system/function/routes?terminalType=web&factoryId=${factory1}`,
      { token: sam },
    );
    expect(paths(menu.body.data)).toContain('/basic/unit');
    const me = await call(h.app, 'GET', '/api/platform-system/user', { token: sam });
    expect(me.body.data.roles.map((r: { code: string }) => r.code)).toContain('unit-staff');

    // A staff member who quit, or is locked, no longer passes the role on.
    expect(
      (await call(h.app, 'PUT', `${STAFF}/${staff.body.data.id}`, { token: admin, body: { onJob: 'quit' } })).status,
    ).toBe(200);
    expect((await call(h.app, 'GET', UNITS, { token: sam })).status).toBe(403);
    expect(
      (
        await call(h.app, 'PUT', `${STAFF}/${staff.body.data.id}`, {
          token: admin,
          body: { onJob: 'onJob', useState: 'locked', lockReason: 'Audit' },
        })
      ).status,
    ).toBe(200);
    expect((await call(h.app, 'GET', UNITS, { token: sam })).status).toBe(403);
    expect(
      (await call(h.app, 'PUT', `${STAFF}/${staff.body.data.id}`, { token: admin, body: { useState: 'normal' } }))
        .status,
    ).toBe(200);
    expect((await call(h.app, 'GET', UNITS, { token: sam })).status).toBe(200);

    // Another tenant's staff cannot be given a role, nor this tenant's role another tenant's staff.
    const theirs = await call(h.app, 'POST', STAFF, { token: acmeAdmin, body: { code: 'AC-1', name: 'Acme person' } });
    expect(
      (
        await call(h.app, 'PUT', `${ROLES}/${role.body.data.id}`, {
          token: admin,
          body: { staff: [theirs.body.data.id] },
        })
      ).status,
    ).toBe(400);
    expect((await call(h.app, 'GET', `${ROLES}/${role.body.data.id}`, { token: admin })).body.data.staff).toEqual([
      staff.body.data.id,
    ]);
  });

  it("offers a staff member the organisations of the staff record in the header's switcher", async () => {
    // A second organisation of its own, so the test does not lean on the others' rows.
    expect(
      (await call(h.app, 'POST', ORGS, { token: admin, body: { code: 'OrgSwitch', name: 'Switcher' } })).status,
    ).toBe(200);
    const orgs = (await call(h.app, 'GET', `${ORGS}?size=100`, { token: admin })).body.data.records as {
      id: string;
      code: string;
    }[];
    expect(orgs.length).toBeGreaterThan(1);
    const id = await createUser(db(), {
      tenantId: demoId,
      account: 'olga',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      factoryIds: [factory1],
    });
    const olga = await loginToken(h.app, 'demo', 'olga');
    const offered = async (token: string) =>
      (
        (await call(h.app, 'GET', '/api/cloudbase-system/organization/currentStaffOrgSelect', { token })).body.data as {
          orgCode: string;
        }[]
      )
        .map((o) => o.orgCode)
        .sort();
    // No staff record tied to organisations: every organisation of the tenant.
    expect(await offered(olga)).toEqual(orgs.map((o) => o.code).sort());
    const chosen = orgs.find((o) => o.code !== 'ORG001')!;
    const staff = await call(h.app, 'POST', STAFF, {
      token: admin,
      body: { code: 'ST-OLGA', name: 'Olga', userId: id, organizations: [chosen.id] },
    });
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    expect(await offered(olga)).toEqual([chosen.code]);
    // Administrators keep every organisation.
    expect(await offered(admin)).toEqual(orgs.map((o) => o.code).sort());
    // An organisation of another tenant cannot be tied to a staff record.
    const acmeOrg = (
      (await call(h.app, 'GET', `${ORGS}?size=10`, { token: acmeAdmin })).body.data.records as { id: string }[]
    )[0]!.id;
    expect(
      (await call(h.app, 'PUT', `${STAFF}/${staff.body.data.id}`, { token: admin, body: { organizations: [acmeOrg] } }))
        .status,
    ).toBe(400);
  });
  it('makes a general staff account from a staff record: linked, in the factory, its temporary password shown once', async () => {
    const staff = await call(h.app, 'POST', STAFF, { token: admin, body: { code: 'ST-ZOE', name: 'Zoe Wu' } });
    expect(staff.status, JSON.stringify(staff.body)).toBe(200);
    const path = `${STAFF}/${staff.body.data.id}/account`;
    const inFactory = { 'x-factory-id': factory1 };

    const bad = await call(h.app, 'POST', path, {
      token: admin,
      headers: inFactory,
      lang: 'en',
      body: { account: 'zoe wu' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors[0]).toMatchObject({ field: 'account' });
    const taken = await call(h.app, 'POST', path, {
      token: admin,
      headers: inFactory,
      lang: 'en',
      body: { account: 'admin' },
    });
    expect(taken.status).toBe(409);
    const acmeRole = (await call(h.app, 'GET', `${ROLES}?size=10`, { token: acmeAdmin })).body.data.records[0]
      .id as string;
    const foreign = await call(h.app, 'POST', path, {
      token: admin,
      headers: inFactory,
      lang: 'en',
      body: { account: 'zoe', roles: [acmeRole] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.data.errors[0]).toMatchObject({ field: 'roles' });
    // Nothing was half made by the refused calls.
    expect(
      await db()
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', demoId)
        .where('account', '=', 'zoe')
        .executeTakeFirst(),
    ).toBeUndefined();
    // Another tenant cannot reach the staff record.
    expect((await call(h.app, 'POST', path, { token: acmeAdmin, body: { account: 'zoe' } })).status).toBe(404);

    // Without roles named, the account gets the tenant's general staff role.
    const made = await call(h.app, 'POST', path, { token: admin, headers: inFactory, body: { account: 'zoe' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.temporaryPassword).toMatch(/^[A-Za-z0-9]{12}$/);
    const linked = await call(h.app, 'GET', `${STAFF}/${staff.body.data.id}`, { token: admin });
    expect(linked.body.data.userId).toBe(made.body.data.userId);
    const zoe = await loginToken(h.app, 'demo', 'zoe', made.body.data.temporaryPassword);
    const me = await call(h.app, 'GET', '/api/platform-system/user', { token: zoe });
    expect(me.body.data).toMatchObject({ account: 'zoe', nickname: 'Zoe Wu', type: 'staff' });
    expect(me.body.data.roles.map((r: { code: string }) => r.code)).toEqual(['staff']);
    const factories = await call(h.app, 'GET', '/api/platform-system/factory/getFactoryList', { token: zoe });
    expect(factories.body.data.factoryList.map((f: { id: string }) => f.id)).toEqual([factory1]);
    // One account per staff record.
    expect(
      (await call(h.app, 'POST', path, { token: admin, headers: inFactory, body: { account: 'zoe2' } })).status,
    ).toBe(409);

    // Editing staff is not enough: making an account is adding a user.
    const menus = await db().selectFrom('menu').select(['id', 'perms']).execute();
    const role = await call(h.app, 'POST', ROLES, { token: admin, body: { code: 'staff-clerk', name: 'Staff clerk' } });
    await call(h.app, 'PUT', `${ROLES}/${role.body.data.id}/menus`, {
      token: admin,
      body: { menuIds: menus.filter((m) => m.perms?.startsWith('platform:staff:')).map((m) => m.id) },
    });
    const clerkId = await createUser(db(), {
      tenantId: demoId,
      account: 'clerk',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      factoryIds: [factory1],
    });
    await db()
      .insertInto('user_role')
      .values({ tenant_id: demoId, user_id: clerkId, role_id: role.body.data.id })
      .execute();
    const clerk = await loginToken(h.app, 'demo', 'clerk');
    const other = await call(h.app, 'POST', STAFF, {
      token: clerk,
      headers: inFactory,
      body: { code: 'ST-YAN', name: 'Yan' },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(
      (
        await call(h.app, 'POST', `${STAFF}/${other.body.data.id}/account`, {
          token: clerk,
          headers: inFactory,
          body: { account: 'yan' },
        })
      ).status,
    ).toBe(403);
  });
});
