/** The demo company's organisation: a department tree with heads, staff in both plants linked to accounts, settings. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { DemoCompany } from './company';
import { Ids, insertRows, type Row, type SeedRows } from './rows';

/** Departments, parents first; the head is an account of company.ts. */
const DEPARTMENTS: { code: string; name: string; parent: string | null; head: string; phone: string }[] = [
  { code: 'D100', name: '总经理室 General Management', parent: null, head: 'admin', phone: '0512-62580100' },
  { code: 'D110', name: '苏州生产部 Suzhou Production', parent: 'D100', head: 'zhang.min', phone: '0512-62580110' },
  { code: 'D111', name: '总装车间 Assembly Workshop', parent: 'D110', head: 'zhang.min', phone: '0512-62580111' },
  { code: 'D120', name: '质量部 Quality', parent: 'D100', head: 'wang.fang', phone: '0512-62580120' },
  { code: 'D130', name: '仓储物流部 Warehouse and Logistics', parent: 'D100', head: 'admin', phone: '0512-62580130' },
  { code: 'D200', name: '河内工厂 Hanoi Plant', parent: 'D100', head: 'hanoi.admin', phone: '+84 24 3795 2200' },
  { code: 'D210', name: '河内生产部 Hanoi Production', parent: 'D200', head: 'hanoi.admin', phone: '+84 24 3795 2210' },
  { code: 'D220', name: '河内品质组 Hanoi Quality', parent: 'D200', head: 'tran.mai', phone: '+84 24 3795 2220' },
];

/** Staff by field key: the department by code, the account (if any) and the organisations by code. */
const STAFF: Row[] = [
  {
    code: 'S0001',
    name: '系统管理员',
    englishName: 'Administrator',
    sex: 'male',
    entryDate: '2020-01-06',
    departmentId: 'D100',
    job: '信息化经理 IT manager',
    extensionNumber: '8001',
    userId: 'admin',
    organizations: ['ORG001', 'ORG002'],
  },
  {
    code: 'S0002',
    name: '李明',
    englishName: 'Li Ming',
    sex: 'male',
    entryDate: '2021-03-15',
    departmentId: 'D111',
    job: '产线文员 Line clerk',
    extensionNumber: '8111',
    userId: 'li.ming',
    organizations: ['ORG001'],
  },
  {
    code: 'S0003',
    name: '王芳',
    englishName: 'Wang Fang',
    sex: 'female',
    entryDate: '2022-07-01',
    departmentId: 'D120',
    job: '质量工程师 Quality engineer',
    extensionNumber: '8120',
    userId: 'wang.fang',
    organizations: ['ORG001', 'ORG002'],
  },
  {
    code: 'S0004',
    name: '张敏',
    englishName: 'Zhang Min',
    sex: 'female',
    entryDate: '2019-09-02',
    departmentId: 'D110',
    job: '生产经理 Production manager',
    extensionNumber: '8110',
    userId: 'zhang.min',
    organizations: ['ORG001'],
  },
  {
    code: 'S0005',
    name: '阮文安',
    englishName: 'Nguyễn Văn An',
    sex: 'male',
    entryDate: '2023-02-20',
    departmentId: 'D200',
    job: '厂长 Plant manager',
    extensionNumber: '9200',
    userId: 'hanoi.admin',
    organizations: ['ORG002'],
  },
  {
    code: 'S0006',
    name: '陈氏梅',
    englishName: 'Trần Thị Mai',
    sex: 'female',
    entryDate: '2023-04-03',
    departmentId: 'D220',
    job: '品质检验员 QC inspector',
    extensionNumber: '9220',
    userId: 'tran.mai',
    organizations: ['ORG002'],
  },
  {
    code: 'S0007',
    name: '黎文德',
    englishName: 'Lê Văn Đức',
    sex: 'male',
    entryDate: '2023-05-15',
    departmentId: 'D210',
    job: '装配操作员 Assembly operator',
    extensionNumber: '9211',
    organizations: ['ORG002'],
  },
  {
    code: 'S0008',
    name: '陈杰',
    englishName: 'Chen Jie',
    sex: 'male',
    entryDate: '2021-11-08',
    departmentId: 'D110',
    job: '测试包装组长 Test and packing lead',
    extensionNumber: '8115',
    organizations: ['ORG001'],
  },
  {
    code: 'S0009',
    name: '周琳',
    englishName: 'Zhou Lin',
    sex: 'female',
    entryDate: '2020-06-22',
    departmentId: 'D130',
    job: '仓库管理员 Warehouse keeper',
    extensionNumber: '8130',
    organizations: ['ORG001'],
  },
];

const CONFIG_ITEMS: [code: string, name: string, value: string][] = [
  ['sessionTimeoutMinutes', '会话超时（分钟） Session timeout (minutes)', '120'],
  ['defaultLanguage', '默认语言 Default language', 'zh-CN'],
  ['labelPrinterDpi', '标签打印机分辨率（dpi） Label printer resolution (dpi)', '203'],
];

export async function seedOrg(db: Kysely<DB>, company: DemoCompany): Promise<void> {
  const { tenantId } = company;
  const ids = await new Ids().add('app-user', Object.entries(company.users)).read(db, tenantId, 'organization');
  const rows: SeedRows = [
    [
      'department',
      DEPARTMENTS.map((d, i) => ({
        code: d.code,
        name: d.name,
        parentId: d.parent,
        headUserId: d.head,
        contactPhone: d.phone,
        sortNumber: i * 10,
      })),
    ],
    ['staff', STAFF],
    ['config-item', CONFIG_ITEMS.map(([code, name, value]) => ({ code, name, value }))],
  ];
  await insertRows(db, { tenantId, madeBy: () => company.users.admin! }, rows, ids);
}
