/**
 * Who may decide a task (issue 8): a department's head by the department's code, and the starter's
 * manager — the head of the starter's department, or of the department above when the starter heads
 * their own — read from the organisation's departments and staff; disabled users and other tenants'
 * departments never count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser } from '../../server/tenants/provision';
import { resolveAssignee } from '../../server/workflow/assignees';
import '../../server/db/types-org';
import { DIALECTS, PASSWORD, passwordHash, startHarness, type Harness } from './harness';
import { tenantIdOf } from './seeded';

describe.each(DIALECTS)('workflow assignees from departments and staff [%s]', (kind) => {
  let h: Harness;
  let tenantId: string;
  let otherTenantId: string;
  const users = new Map<string, string>();
  const db = () => h.database.db;

  async function department(tenant: string, code: string, parent: string | null, head: string | null): Promise<string> {
    const parentId = parent
      ? (
          await db()
            .selectFrom('department')
            .select('id')
            .where('tenant_id', '=', tenant)
            .where('code', '=', parent)
            .executeTakeFirstOrThrow()
        ).id
      : null;
    return (
      await db()
        .insertInto('department')
        .values({ tenant_id: tenant, code, name: code, parent_id: parentId, level: parent ? 2 : 1, head_user_id: head })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  }

  beforeAll(async () => {
    h = await startHarness(kind);
    tenantId = await tenantIdOf(db());
    otherTenantId = (await createTenant(db(), { code: 'acme', name: 'Acme', adminPassword: PASSWORD })).tenantId;
    const hash = await passwordHash();
    for (const account of ['plant.head', 'line.head', 'operator', 'newcomer']) {
      users.set(account, await createUser(db(), { tenantId, account, password: PASSWORD, passwordHash: hash }));
    }
    // WF-PLANT (head: plant.head) ⊃ WF-LINE (head: line.head); the operator works on the line.
    await department(tenantId, 'WF-PLANT', null, users.get('plant.head')!);
    const line = await department(tenantId, 'WF-LINE', 'WF-PLANT', users.get('line.head')!);
    const plant = (
      await db()
        .selectFrom('department')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('code', '=', 'WF-PLANT')
        .executeTakeFirstOrThrow()
    ).id;
    await db()
      .insertInto('staff')
      .values([
        { tenant_id: tenantId, code: 'WF-S1', name: 'Operator', department_id: line, user_id: users.get('operator')! },
        {
          tenant_id: tenantId,
          code: 'WF-S2',
          name: 'Line head',
          department_id: line,
          user_id: users.get('line.head')!,
        },
        {
          tenant_id: tenantId,
          code: 'WF-S3',
          name: 'Plant head',
          department_id: plant,
          user_id: users.get('plant.head')!,
        },
      ])
      .execute();
    // Another tenant has a department of the same code, headed by its own administrator.
    const acmeAdmin = (
      await db().selectFrom('app_user').select('id').where('tenant_id', '=', otherTenantId).executeTakeFirstOrThrow()
    ).id;
    await department(otherTenantId, 'WF-QA', null, acmeAdmin);
  });
  afterAll(async () => {
    await h?.close();
  });

  const resolve = (spec: string, starter: string) => resolveAssignee(db(), tenantId, spec, users.get(starter)!);

  it("gives a department head's task to the head of the named department", async () => {
    expect(await resolve('dept-head:WF-LINE', 'operator')).toEqual([users.get('line.head')]);
    expect(await resolve('dept-head:WF-PLANT', 'operator')).toEqual([users.get('plant.head')]);
    // A code of another tenant's department is nobody here.
    expect(await resolve('dept-head:WF-QA', 'operator')).toEqual([]);
  });

  it("gives a manager's task to the head of the starter's department, or of the one above when the starter heads it", async () => {
    expect(await resolve('manager', 'operator')).toEqual([users.get('line.head')]);
    expect(await resolve('manager', 'line.head')).toEqual([users.get('plant.head')]);
    // The top head has nobody above, and a user without a staff record has no manager.
    expect(await resolve('manager', 'plant.head')).toEqual([]);
    expect(await resolve('manager', 'newcomer')).toEqual([]);
  });

  it('never gives a task to a disabled head', async () => {
    await db()
      .updateTable('app_user')
      .set({ status: 'disabled' })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', users.get('line.head')!)
      .execute();
    try {
      expect(await resolve('dept-head:WF-LINE', 'operator')).toEqual([]);
      expect(await resolve('manager', 'operator')).toEqual([]);
    } finally {
      await db()
        .updateTable('app_user')
        .set({ status: 'enabled' })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', users.get('line.head')!)
        .execute();
    }
  });
});
