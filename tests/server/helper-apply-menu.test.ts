import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { MenuApplicationDetail, MenuApplicationEntry } from '../../model/helper';
import type { MenuNode } from '../../model/menu';
import type { TaskRow } from '../../model/workflow/api';
import type { Page } from '../../model/api';
import type { DB } from '../../server/db/types';
import { createUser } from '../../server/tenants/provision';
import { DIALECTS, PASSWORD, call, loginToken, passwordHash, startHarness, type Harness } from './harness';
import { blankModelXml } from '../../server/workflow/models';
import { publishVersion } from './seeded-process';
import { tenantIdOf } from './seeded';

const names = (zh: string, en: string) => ({ 'zh-CN': zh, en });
const labEntries = (suffix: string): MenuApplicationEntry[] => [
  {
    code: `catalogue:lab-${suffix}`,
    type: 'catalogue',
    names: names('实验室', 'Laboratory'),
    path: null,
    perms: null,
    children: [
      {
        code: `system:lab-${suffix}`,
        type: 'menu',
        names: names('检验报告', 'Lab reports'),
        path: `/system/lab-${suffix}`,
        perms: `system:lab-${suffix}:view`,
        children: [
          {
            code: `system:lab-${suffix}:sign`,
            type: 'button',
            names: names('签发', 'Sign'),
            path: null,
            perms: `system:lab-${suffix}:sign`,
            children: [],
          },
        ],
      },
    ],
  },
];

function paths(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => [...(n.path ? [n.path] : []), ...paths(n.children)]);
}

describe.each(DIALECTS)('menu applications [%s]', (kind) => {
  let h: Harness;
  let db: Kysely<DB>;
  let tenantId: string;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    db = h.database.db;
    tenantId = await tenantIdOf(db);
    await createUser(db, {
      tenantId,
      account: 'plain.staff',
      password: PASSWORD,
      passwordHash: await passwordHash(),
      roles: ['staff'],
    });
    admin = await loginToken(h.app, 'demo', 'admin');
    staff = await loginToken(h.app, 'demo', 'plain.staff');
    // The demo company reviews applications through its process; these tests decide directly until they publish their own.
    const review = (
      await call<Page<{ id: string; key: string }>>(h.app, 'GET', '/api/flow-system/model?keyword=menu-application', {
        token: admin,
      })
    ).body.data.records.find((m) => m.key === 'menu-application')!;
    expect((await call(h.app, 'POST', `/api/flow-system/model/${review.id}/unpublish`, { token: admin })).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await h?.close();
  });

  const api = <T = unknown>(token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    call<T>(h.app, method, `/api/platform-system/menu-application${url}`, { token, body, lang: 'en' });
  const menuCount = async () =>
    Number(
      (
        await db
          .selectFrom('menu')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('approves three entries into the tree, where they can be granted to a role', async () => {
    const applied = await api<MenuApplicationDetail>(admin, 'POST', '', {
      appType: 'platform',
      title: 'Lab reports',
      reason: 'QA team',
      entries: labEntries('a'),
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.data).toMatchObject({ status: 'pending', entryCount: 3 });
    const detail = await api<MenuApplicationDetail>(admin, 'GET', `/${applied.body.data.id}`);
    expect(detail.body.data.entries[0]!.diff).toBe('new');
    expect(detail.body.data.entries[0]!.children[0]!.children[0]).toMatchObject({
      code: 'system:lab-a:sign',
      diff: 'new',
    });

    const before = await menuCount();
    expect((await api(admin, 'POST', `/${applied.body.data.id}/approve`, {})).status).toBe(200);
    expect(await menuCount()).toBe(before + 3);
    expect((await api(admin, 'POST', `/${applied.body.data.id}/approve`, {})).status).toBe(409);
    const again = await api<MenuApplicationDetail>(admin, 'GET', `/${applied.body.data.id}`);
    expect(again.body.data).toMatchObject({ status: 'approved', reviewer: 'admin' });
    expect(again.body.data.entries[0]!.diff).toBe('exists');

    // Granted to the staff role, the new menu shows in that user's next menu fetch.
    const staffRole = await db
      .selectFrom('role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('code', '=', 'staff')
      .executeTakeFirstOrThrow();
    const created = await db
      .selectFrom('menu')
      .select('id')
      .where('code', 'in', ['catalogue:lab-a', 'system:lab-a', 'system:lab-a:sign'])
      .execute();
    await db
      .insertInto('role_menu')
      .values(created.map((m) => ({ tenant_id: tenantId, role_id: staffRole.id, menu_id: m.id })))
      .execute();
    const menu = await call<MenuNode[]>(h.app, 'GET', '/api/platform-system/function/routes?terminalType=web', {
      token: staff,
    });
    expect(paths(menu.body.data)).toContain('/system/lab-a');
  });

  it('rejects with a reason and changes nothing; clashes and misplaced entries are refused', async () => {
    const applied = await api<MenuApplicationDetail>(admin, 'POST', '', {
      appType: 'platform',
      title: 'Lab B',
      entries: labEntries('b'),
    });
    const before = await menuCount();
    const noReason = await api<{ errors: { field: string; message: string }[] }>(
      admin,
      'POST',
      `/${applied.body.data.id}/reject`,
      {},
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.errors[0]).toMatchObject({ field: 'reason', message: 'Reason is required' });
    expect((await api(admin, 'POST', `/${applied.body.data.id}/reject`, { reason: 'Use the QMS app' })).status).toBe(
      200,
    );
    expect(await menuCount()).toBe(before);
    expect((await api<MenuApplicationDetail>(admin, 'GET', `/${applied.body.data.id}`)).body.data).toMatchObject({
      status: 'rejected',
      reviewReason: 'Use the QMS app',
    });

    const clash = labEntries('c');
    clash[0]!.children[0]!.path = '/platform/dict';
    const clashing = await api<MenuApplicationDetail>(admin, 'POST', '', {
      appType: 'platform',
      title: 'Clash',
      entries: clash,
    });
    expect(clashing.body.data.entries[0]!.children[0]).toMatchObject({
      diff: 'conflict',
      conflictWith: 'platform:dict',
    });
    const refused = await api(admin, 'POST', `/${clashing.body.data.id}/approve`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Entry system:lab-c clashes with the current menu tree');
    expect(await menuCount()).toBe(before);

    const rootButton = await api(admin, 'POST', '', {
      appType: 'platform',
      title: 'x',
      entries: [labEntries('d')[0]!.children[0]!.children[0]],
    });
    expect(rootButton.status).toBe(400);
    expect(rootButton.body.msg).toContain('system:lab-d:sign is in the wrong place');
    const outside = labEntries('e');
    outside[0]!.children[0]!.path = '/basic/lab-e';
    expect((await api(admin, 'POST', '', { appType: 'platform', title: 'x', entries: outside })).body.msg).toBe(
      "The route of menu system:lab-e is not one of the app's prefixes",
    );
    expect((await api(admin, 'POST', '', { appType: 'nope', title: 'x', entries: labEntries('f') })).status).toBe(400);
  });

  it('runs through the workflow when a menu-application process is published', async () => {
    const flow = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(h.app, method, `/api/flow-system${url}`, { token: admin, body });
    await publishVersion(h.app, admin, 'menu-application', blankModelXml('menu_application', 'Menu applications'));
    const applied = await api<MenuApplicationDetail>(admin, 'POST', '', {
      appType: 'platform',
      title: 'Lab G',
      entries: labEntries('g'),
    });
    const direct = await api(admin, 'POST', `/${applied.body.data.id}/approve`, {});
    expect(direct.status).toBe(409);
    const before = await menuCount();
    const tasks = (await flow('GET', '/task/pending')).body.data as Page<TaskRow>;
    const task = tasks.records.find((t) => t.businessType === 'menu-application' && t.title === 'Lab G')!;
    expect(task.title).toBe('Lab G');
    expect((await flow('POST', `/task/${task.id}/agree`, { opinion: 'fine' })).status).toBe(200);
    expect(await menuCount()).toBe(before + 3);
    expect((await api<MenuApplicationDetail>(admin, 'GET', `/${applied.body.data.id}`)).body.data.status).toBe(
      'approved',
    );
  });

  it('needs the permission of each button', async () => {
    expect((await api(staff, 'GET', '')).status).toBe(403);
    expect((await api(staff, 'POST', '', { appType: 'platform', title: 'x', entries: labEntries('h') })).status).toBe(
      403,
    );
  });
});
