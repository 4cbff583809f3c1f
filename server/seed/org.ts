/** The demo company's organisation: a department tree with heads, staff in both plants linked to accounts, settings. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { DemoCompany } from './company';
import '../db/types-org';

type Org = keyof DemoCompany['organizations'];

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

interface StaffSpec {
  code: string;
  name: string;
  englishName: string;
  sex: 'male' | 'female';
  entry: string;
  department: string;
  job: string;
  extension: string;
  account: string | null;
  orgs: Org[];
}

const STAFF: StaffSpec[] = [
  {
    code: 'S0001',
    name: '系统管理员',
    englishName: 'Administrator',
    sex: 'male',
    entry: '2020-01-06',
    department: 'D100',
    job: '信息化经理 IT manager',
    extension: '8001',
    account: 'admin',
    orgs: ['china', 'vietnam'],
  },
  {
    code: 'S0002',
    name: '李明',
    englishName: 'Li Ming',
    sex: 'male',
    entry: '2021-03-15',
    department: 'D111',
    job: '产线文员 Line clerk',
    extension: '8111',
    account: 'li.ming',
    orgs: ['china'],
  },
  {
    code: 'S0003',
    name: '王芳',
    englishName: 'Wang Fang',
    sex: 'female',
    entry: '2022-07-01',
    department: 'D120',
    job: '质量工程师 Quality engineer',
    extension: '8120',
    account: 'wang.fang',
    orgs: ['china', 'vietnam'],
  },
  {
    code: 'S0004',
    name: '张敏',
    englishName: 'Zhang Min',
    sex: 'female',
    entry: '2019-09-02',
    department: 'D110',
    job: '生产经理 Production manager',
    extension: '8110',
    account: 'zhang.min',
    orgs: ['china'],
  },
  {
    code: 'S0005',
    name: '阮文安',
    englishName: 'Nguyễn Văn An',
    sex: 'male',
    entry: '2023-02-20',
    department: 'D200',
    job: '厂长 Plant manager',
    extension: '9200',
    account: 'hanoi.admin',
    orgs: ['vietnam'],
  },
  {
    code: 'S0006',
    name: '陈氏梅',
    englishName: 'Trần Thị Mai',
    sex: 'female',
    entry: '2023-04-03',
    department: 'D220',
    job: '品质检验员 QC inspector',
    extension: '9220',
    account: 'tran.mai',
    orgs: ['vietnam'],
  },
  {
    code: 'S0007',
    name: '黎文德',
    englishName: 'Lê Văn Đức',
    sex: 'male',
    entry: '2023-05-15',
    department: 'D210',
    job: '装配操作员 Assembly operator',
    extension: '9211',
    account: null,
    orgs: ['vietnam'],
  },
  {
    code: 'S0008',
    name: '陈杰',
    englishName: 'Chen Jie',
    sex: 'male',
    entry: '2021-11-08',
    department: 'D110',
    job: '测试包装组长 Test and packing lead',
    extension: '8115',
    account: null,
    orgs: ['china'],
  },
  {
    code: 'S0009',
    name: '周琳',
    englishName: 'Zhou Lin',
    sex: 'female',
    entry: '2020-06-22',
    department: 'D130',
    job: '仓库管理员 Warehouse keeper',
    extension: '8130',
    account: null,
    orgs: ['china'],
  },
];

const CONFIG_ITEMS: [code: string, name: string, value: string][] = [
  ['sessionTimeoutMinutes', '会话超时（分钟） Session timeout (minutes)', '120'],
  ['defaultLanguage', '默认语言 Default language', 'zh-CN'],
  ['labelPrinterDpi', '标签打印机分辨率（dpi） Label printer resolution (dpi)', '203'],
];

export async function seedOrg(db: Kysely<DB>, company: DemoCompany): Promise<void> {
  const { tenantId } = company;
  const adminUserId = company.users.admin!;
  const userOf = (account: string) => {
    const id = company.users[account];
    if (!id) throw new Error(`seed: no account ${account}`);
    return id;
  };
  const ids = new Map<string, string>();
  const levels = new Map<string, number>();
  for (const d of DEPARTMENTS) {
    const level = d.parent ? levels.get(d.parent)! + 1 : 1;
    const row = await db
      .insertInto('department')
      .values({
        tenant_id: tenantId,
        code: d.code,
        name: d.name,
        parent_id: d.parent ? ids.get(d.parent)! : null,
        level,
        sort_number: ids.size * 10,
        head_user_id: userOf(d.head),
        contact_phone: d.phone,
        enabled: true,
        created_by: adminUserId,
        updated_by: adminUserId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(d.code, row.id);
    levels.set(d.code, level);
  }
  const staff = await db
    .insertInto('staff')
    .values(
      STAFF.map((s) => ({
        tenant_id: tenantId,
        code: s.code,
        name: s.name,
        english_name: s.englishName,
        sex: s.sex,
        entry_date: s.entry,
        department_id: ids.get(s.department)!,
        job: s.job,
        extension_number: s.extension,
        on_job: 'onJob',
        use_state: 'normal',
        user_id: s.account ? userOf(s.account) : null,
        created_by: adminUserId,
        updated_by: adminUserId,
      })),
    )
    .returning(['id', 'code'])
    .execute();
  const staffId = new Map(staff.map((s) => [s.code, s.id]));
  await db
    .insertInto('staff_organization')
    .values(
      STAFF.flatMap((s) =>
        s.orgs.map((org) => ({
          tenant_id: tenantId,
          staff_id: staffId.get(s.code)!,
          organization_id: company.organizations[org],
        })),
      ),
    )
    .execute();
  await db
    .insertInto('config_item')
    .values(
      CONFIG_ITEMS.map(([code, name, value]) => ({
        tenant_id: tenantId,
        code,
        name,
        value,
        created_by: adminUserId,
        updated_by: adminUserId,
      })),
    )
    .execute();
}
