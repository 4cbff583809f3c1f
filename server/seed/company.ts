/**
 * The demo tenant as a company (issue 21): a plant in Suzhou and one in Hanoi, an organisation for
 * each country, roles with their menus and data permissions, and the accounts that hold them. Names
 * that have no column per language are written Chinese first with an English alias.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { createUser, type CreatedTenant } from '../tenants/provision';
import { Ids, insertRows } from './rows';

export const DEMO_TENANT = { code: 'demo', name: '华远智能计量 Huayuan Metering', account: 'admin' } as const;

export const DEMO_FACTORIES = {
  suzhou: {
    code: 'F001',
    name: '苏州工厂 Suzhou Plant',
    contactPerson: '张敏 Zhang Min',
    contactWay: '+86 512 6258 0100',
    sort: 1,
  },
  hanoi: {
    code: 'F002',
    name: '河内工厂 Hanoi Plant',
    contactPerson: 'Nguyễn Văn An',
    contactWay: '+84 24 3795 2200',
    sort: 2,
  },
} as const;

export const DEMO_ORGANIZATIONS = {
  china: { code: 'ORG001', name: '华远智能计量（苏州）有限公司 Huayuan Metering (Suzhou) Co., Ltd.', sort: 1 },
  vietnam: { code: 'ORG002', name: '华远智能计量越南有限公司 Huayuan Metering Vietnam Co., Ltd.', sort: 2 },
} as const;

type Buttons = '*' | string[];
/** A screen by its path, with the buttons and tabs granted on it (the last segment of their codes). */
type Grant = [path: string, buttons: Buttons];

interface RoleSpec {
  code: string;
  name: string;
  dataScope: 'all' | 'factory' | 'dept' | 'self';
  remark: string;
  /** Screens by path; a path ending in `/*` grants every screen under that prefix. */
  grants: Grant[];
}

export const DEMO_ROLES: RoleSpec[] = [
  {
    code: 'factory-admin',
    name: '工厂管理员 Factory administrator',
    dataScope: 'factory',
    remark:
      'Runs one plant: its master data, staff, notices and tasks; sees the rows of the users of the chosen factory',
    grants: [
      ['/home', []],
      ['/basic/*', '*'],
      ['/platform/dict', []],
      ['/platform/department', []],
      ['/platform/staff', '*'],
      ['/system/notice', '*'],
      ['/system/alarm', '*'],
      ['/system/feedback', '*'],
      ['/system/help-doc', '*'],
      ['/system/visit-statistics', '*'],
      ['/flow/task', '*'],
      ['/andon/board', []],
    ],
  },
  {
    code: 'quality',
    name: '质量工程师 Quality engineer',
    dataScope: 'factory',
    remark: 'Reviews document releases and feedback in the task list',
    grants: [
      ['/home', []],
      ['/flow/task', '*'],
      ['/basic/document', ['preview', 'browse-authority', 'export']],
      ['/basic/document-type', []],
      ['/basic/material', ['tab-basic', 'tab-quality']],
      ['/basic/bom', []],
      ['/basic/scan-rule', []],
      ['/system/feedback', []],
    ],
  },
  {
    code: 'line-clerk',
    name: '产线文员 Line clerk',
    dataScope: 'self',
    remark: 'Keeps the workstations, process stations and line-side carts of a line; sees only the rows they made',
    grants: [
      ['/home', []],
      ['/basic/workstation', ['add', 'edit']],
      ['/basic/process-station', ['add', 'edit']],
      ['/basic/transport-shelf', ['add', 'edit']],
      ['/basic/document', ['preview']],
    ],
  },
];

export type DemoFactory = keyof typeof DEMO_FACTORIES;

interface AccountSpec {
  account: string;
  nickname: string;
  roles: string[];
  factories: DemoFactory[];
  email: string;
  /** What the account shows, for the start-up print and the README. */
  shows: string;
}

/** The accounts beside the administrator; all take the administrator's password. */
export const DEMO_ACCOUNTS: AccountSpec[] = [
  {
    account: 'hanoi.admin',
    nickname: '阮文安 Nguyễn Văn An',
    roles: ['factory-admin'],
    factories: ['hanoi'],
    email: 'an.nguyen@huayuan.example.com',
    shows: 'factory administrator of the Hanoi plant only',
  },
  {
    account: 'wang.fang',
    nickname: '王芳 Wang Fang',
    roles: ['quality'],
    factories: ['suzhou'],
    email: 'fang.wang@huayuan.example.com',
    shows: 'quality engineer: approves document releases and feedback (tasks waiting)',
  },
  {
    account: 'li.ming',
    nickname: '李明 Li Ming',
    roles: ['line-clerk'],
    factories: ['suzhou'],
    email: 'ming.li@huayuan.example.com',
    shows: 'line clerk in Suzhou: the workbench and four screens, only the rows he made',
  },
  {
    account: 'zhang.min',
    nickname: '张敏 Zhang Min',
    roles: ['staff'],
    factories: ['suzhou'],
    email: 'min.zhang@huayuan.example.com',
    shows: 'production manager in Suzhou (general staff role)',
  },
  {
    account: 'tran.mai',
    nickname: '陈氏梅 Trần Thị Mai',
    roles: ['staff'],
    factories: ['hanoi'],
    email: 'mai.tran@huayuan.example.com',
    shows: 'quality inspector in Hanoi (general staff role)',
  },
];

export interface DemoCompany {
  tenantId: string;
  factories: Record<DemoFactory, string>;
  organizations: Record<keyof typeof DEMO_ORGANIZATIONS, string>;
  /** User ids by account, the administrator's under `admin`. */
  users: Record<string, string>;
}

interface MenuRow {
  id: string;
  parent_id: string | null;
  path: string | null;
  perms: string | null;
  type: string;
}

/** The menu ids a role's grants name: each screen, its chosen buttons and tabs, and the catalogues above it. */
export function grantedMenus(menus: MenuRow[], grants: Grant[]): string[] {
  const byId = new Map(menus.map((m) => [m.id, m]));
  const out = new Set<string>();
  for (const [path, buttons] of grants) {
    const screens = menus.filter(
      (m) =>
        m.type === 'menu' &&
        m.path !== null &&
        (path.endsWith('/*') ? m.path.startsWith(path.slice(0, -1)) : m.path === path),
    );
    if (screens.length === 0) throw new Error(`seed: no menu at ${path}`);
    for (const screen of screens) {
      for (
        let at: MenuRow | undefined = screen;
        at && !out.has(at.id);
        at = at.parent_id ? byId.get(at.parent_id) : undefined
      )
        out.add(at.id);
      for (const child of menus.filter((m) => m.parent_id === screen.id)) {
        const verb = child.perms?.split(':').pop() ?? '';
        if (buttons === '*' || buttons.includes(verb)) out.add(child.id);
      }
    }
  }
  return [...out];
}

/**
 * Gives the freshly provisioned tenant its second factory and organisation, local names for what
 * provisioning made, the demo roles with their menus, and the demo accounts (sharing one password hash).
 */
export async function seedCompany(trx: Kysely<DB>, created: CreatedTenant, passwordHash: string): Promise<DemoCompany> {
  const tenantId = created.tenantId;
  const { suzhou, hanoi } = DEMO_FACTORIES;
  await trx
    .updateTable('factory')
    .set({ contact_person: suzhou.contactPerson, contact_way: suzhou.contactWay, sort: suzhou.sort })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', created.factoryId)
    .execute();
  const hanoiId = (
    await trx
      .insertInto('factory')
      .values({
        tenant_id: tenantId,
        code: hanoi.code,
        name: hanoi.name,
        contact_person: hanoi.contactPerson,
        contact_way: hanoi.contactWay,
        sort: hanoi.sort,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const factories: Record<DemoFactory, string> = { suzhou: created.factoryId, hanoi: hanoiId };

  const { china, vietnam } = DEMO_ORGANIZATIONS;
  await trx
    .updateTable('organization')
    .set({ sort: china.sort })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', created.organizationId)
    .execute();
  const vietnamId = (
    await trx
      .insertInto('organization')
      .values({ tenant_id: tenantId, code: vietnam.code, name: vietnam.name, sort: vietnam.sort })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  const roleNames = { admin: '系统管理员 Administrator', staff: '普通员工 General staff' } as const;
  for (const code of ['admin', 'staff'] as const) {
    await trx
      .updateTable('role')
      .set({ name: roleNames[code] })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', created.roles[code])
      .execute();
  }
  await trx
    .updateTable('app_user')
    .set({ nickname: '系统管理员 Administrator', email: 'admin@huayuan.example.com' })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', created.adminUserId)
    .execute();
  // The administrator works in both plants (admins may enter any factory; the 'factory' data scope reads this list).
  await trx
    .insertInto('user_factory')
    .values({ tenant_id: tenantId, user_id: created.adminUserId, factory_id: hanoiId })
    .execute();

  const roles = new Ids().add('role', Object.entries(created.roles));
  await insertRows(
    trx,
    { tenantId, madeBy: () => created.adminUserId },
    [
      [
        'role',
        DEMO_ROLES.map(({ code, name, dataScope, remark }, i) => ({ code, name, dataScope, remark, sort: 10 + i })),
      ],
    ],
    roles,
  );
  const menus = await trx.selectFrom('menu').select(['id', 'parent_id', 'path', 'perms', 'type']).execute();
  for (const spec of DEMO_ROLES) {
    const roleId = roles.get('role', spec.code);
    await trx
      .insertInto('role_menu')
      .values(
        grantedMenus(menus, spec.grants).map((menuId) => ({ tenant_id: tenantId, role_id: roleId, menu_id: menuId })),
      )
      .execute();
  }

  const users: Record<string, string> = { admin: created.adminUserId };
  for (const a of DEMO_ACCOUNTS) {
    users[a.account] = await createUser(trx, {
      tenantId,
      account: a.account,
      password: '',
      passwordHash,
      nickname: a.nickname,
      email: a.email,
      roleIds: a.roles.map((code) => roles.get('role', code)),
      factoryIds: a.factories.map((f) => factories[f]),
      createdBy: created.adminUserId,
    });
  }
  return { tenantId, factories, organizations: { china: created.organizationId, vietnam: vietnamId }, users };
}
