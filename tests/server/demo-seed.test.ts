/**
 * The demo company of a fresh database (issue 21): its accounts see their own factories, menus and
 * rows, processes wait for the quality engineer, notices come in the reader's language, a second
 * seed changes nothing, and DEMO_SECOND_TENANT adds one walled-off tenant once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../model/api';
import type { TaskCounts, TaskRow } from '../../model/workflow/api';
import { DEMO_ACCOUNTS, SECOND_TENANT, seed } from '../../server/seed';
import { DIALECTS, call, loginToken, startHarness, testConfig, type Harness } from './harness';

interface MenuNode {
  path: string;
  children: MenuNode[];
}
const paths = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [...(n.path ? [n.path] : []), ...paths(n.children)]);

describe.each(DIALECTS)('demo company seed [%s]', (kind) => {
  let h: Harness;
  const tokens: Record<string, string> = {};
  const factories: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness(kind);
    for (const account of ['admin', ...DEMO_ACCOUNTS.map((a) => a.account)])
      tokens[account] = await loginToken(h.app, 'demo', account);
    for (const f of await h.database.db
      .selectFrom('factory as f')
      .innerJoin('tenant as t', 't.id', 'f.tenant_id')
      .select(['f.code', 'f.id'])
      .where('t.code', '=', 'demo')
      .execute()) {
      factories[f.code] = f.id;
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = <T>(account: string, url: string, factory?: string, lang = 'en') =>
    call<T>(h.app, 'GET', url, {
      token: tokens[account],
      lang,
      headers: factory ? { 'x-factory-id': factories[factory]! } : {},
    });

  it('gives each account its factories: the factory administrator the Hanoi plant only', async () => {
    const codes = async (account: string) =>
      (
        await get<{ factoryList: { code: string }[] }>(account, '/api/platform-system/factory/getFactoryList')
      ).body.data.factoryList.map((f) => f.code);
    expect(await codes('admin')).toEqual(['F001', 'F002']);
    expect(await codes('hanoi.admin')).toEqual(['F002']);
    expect(await codes('wang.fang')).toEqual(['F001']);
    expect(await codes('li.ming')).toEqual(['F001']);
    expect((await get('hanoi.admin', '/api/basic-system/line', 'F001')).status).toBe(403);
  });

  it('shows the line clerk the workbench and four screens, and refuses the others', async () => {
    const menu = await get<MenuNode[]>('li.ming', '/api/platform-system/function/routes');
    expect(paths(menu.body.data).sort()).toEqual([
      '/basic/document',
      '/basic/process-station',
      '/basic/transport-shelf',
      '/basic/workstation',
      '/home',
    ]);
    expect((await get('li.ming', '/api/platform-system/app-user')).status).toBe(403);
    expect((await get('li.ming', '/api/basic-system/material')).status).toBe(403);
    const factoryAdmin = paths(
      (await get<MenuNode[]>('hanoi.admin', '/api/platform-system/function/routes')).body.data,
    );
    expect(factoryAdmin).toContain('/basic/line');
    expect(factoryAdmin).not.toContain('/paas/tenant');
    expect(factoryAdmin).not.toContain('/platform/user');
  });

  it('lists the rows each data permission allows: own records, one factory, everything', async () => {
    const codes = async (account: string, resource: string, factory: string) =>
      (await get<Page<{ code: string }>>(account, `/api/basic-system/${resource}?size=100`, factory)).body.data.records
        .map((r) => r.code)
        .sort();
    expect(await codes('li.ming', 'workstation', 'F001')).toEqual(['ASM01-S01', 'ASM01-S02']);
    expect(await codes('admin', 'workstation', 'F001')).toHaveLength(7);
    expect(await codes('admin', 'line', 'F002')).toEqual(['HN-ASM-01', 'HN-SMT-01', 'HN-TST-01']);
    expect(await codes('hanoi.admin', 'line', 'F002')).toEqual(['HN-ASM-01', 'HN-SMT-01', 'HN-TST-01']);
    expect(await codes('admin', 'line', 'F001')).toEqual(['ASM-01', 'ASM-02', 'PKG-01', 'SMT-01', 'SMT-02', 'TST-01']);
  });

  it('has processes published and tasks waiting for the quality engineer and the administrator', async () => {
    const models = (await get<Page<{ key: string; status: string }>>('admin', '/api/flow-system/model')).body.data
      .records;
    expect(
      models
        .filter((m) => m.status === 'published')
        .map((m) => m.key)
        .sort(),
    ).toEqual(['document-release', 'feedback', 'menu-application']);
    expect((await get<TaskCounts>('wang.fang', '/api/flow-system/task/count')).body.data).toEqual({
      pending: 3,
      finished: 4,
      total: 7,
    });
    expect((await get<TaskCounts>('admin', '/api/flow-system/task/count')).body.data).toEqual({
      pending: 2,
      finished: 2,
      total: 4,
    });
    const pending = (await get<Page<TaskRow>>('wang.fang', '/api/flow-system/task/pending')).body.data.records;
    expect(pending.map((t) => t.businessType).sort()).toEqual(['document-version', 'document-version', 'feedback']);
    const versions = await h.database.db
      .selectFrom('document_version as v')
      .innerJoin('document as d', 'd.id', 'v.document_id')
      .select(['d.number', 'v.version', 'v.release_status'])
      .orderBy('d.number')
      .orderBy('v.version')
      .execute();
    expect(versions.map((v) => `${v.number} ${v.version} ${v.release_status}`)).toEqual([
      'DRW-CASE-3P A rejected',
      'WI-ASM-002 A released',
      'WI-ASM-002 B pending',
      'WI-HN-101 A pending',
      'WI-SMT-001 A released',
    ]);
    const document = await call<Page<{ number: string; preview: string }>>(
      h.app,
      'GET',
      '/api/basic-system/document?keyword=WI-SMT-001',
      { token: tokens['wang.fang'] },
    );
    expect(document.body.data.records).toMatchObject([{ number: 'WI-SMT-001', preview: 'pdf' }]);
  });

  it("shows notices in the reader's language, and the plant notice in its plant only", async () => {
    const titles = async (lang: string, factory: string) =>
      (
        await get<{ records: { title: string }[] }>('admin', '/api/platform-system/notice/list', factory, lang)
      ).body.data.records.map((n) => n.title);
    expect(await titles('vi', 'F002')).toEqual([
      'Nhà máy Hà Nội: bắt đầu ca đêm từ thứ Hai tới',
      'Bảo trì hệ thống thứ Bảy 22:00–24:00',
      'Chào mừng đến với cổng thông tin sản xuất Huayuan',
    ]);
    expect(await titles('es', 'F001')).toEqual([
      'Planta de Suzhou: la línea SMT 2 para por mantenimiento el jueves',
      'Mantenimiento del sistema el sábado de 22:00 a 24:00',
      'Bienvenido al portal de fabricación de Huayuan',
    ]);
    for (const lang of ['zh-CN', 'zh-TW', 'en', 'vi', 'es']) {
      const help = await get<{ title: string; language: string }>(
        'admin',
        `/api/platform-factory/route/help/doc/content?path=/basic/line&lang=${lang}`,
      );
      expect(help.body.data.language).toBe(lang);
    }
  });

  it('changes nothing on a second start, and adds the second tenant once when asked', async () => {
    const db = h.database.db;
    const count = async (table: 'tenant' | 'app_user' | 'wf_instance' | 'notice') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = [await count('app_user'), await count('wf_instance'), await count('notice')];
    const config = testConfig(h.config.databaseUrl ? { DATABASE_URL: h.config.databaseUrl } : {});
    expect(await seed(db, config)).toMatchObject({ seeded: false, secondTenant: false });
    expect([await count('app_user'), await count('wf_instance'), await count('notice')]).toEqual(before);
    expect(await count('tenant')).toBe(1);

    const withSecond = { ...config, demoSecondTenant: true };
    expect((await seed(db, withSecond)).secondTenant).toBe(true);
    expect((await seed(db, withSecond)).secondTenant).toBe(false);
    expect(await count('tenant')).toBe(2);
    const other = await loginToken(h.app, SECOND_TENANT.code, SECOND_TENANT.account);
    const { factoryList } = (
      await call<{ factoryList: { id: string }[] }>(h.app, 'GET', '/api/platform-system/factory/getFactoryList', {
        token: other,
      })
    ).body.data;
    const lines = await call<Page<{ code: string }>>(h.app, 'GET', '/api/basic-system/line', {
      token: other,
      headers: { 'x-factory-id': factoryList[0]!.id },
    });
    expect(lines.body.data.records.map((l) => l.code).sort()).toEqual(['INJ-01', 'INJ-02']);
    expect(
      (
        await call(h.app, 'GET', '/api/basic-system/line', {
          token: other,
          headers: { 'x-factory-id': factories.F001! },
        })
      ).status,
    ).toBe(403);
  });
});
