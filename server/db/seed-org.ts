/** The demo tenant's organisation: a department tree with heads, staff linked to the admin, settings. */
import type { Kysely } from 'kysely';
import type { DB } from './types';
import './types-org';

const DEPARTMENTS: { code: string; name: string; parent: string | null; head: boolean; phone: string }[] = [
  { code: 'D100', name: 'General Management', parent: null, head: true, phone: '021-5550100' },
  { code: 'D110', name: 'Production', parent: 'D100', head: true, phone: '021-5550110' },
  { code: 'D111', name: 'Assembly Workshop', parent: 'D110', head: false, phone: '021-5550111' },
  { code: 'D120', name: 'Quality', parent: 'D100', head: false, phone: '021-5550120' },
  { code: 'D130', name: 'Warehouse and Logistics', parent: 'D100', head: false, phone: '021-5550130' },
];

const CONFIG_ITEMS: [code: string, name: string, value: string][] = [
  ['sessionTimeoutMinutes', 'Session timeout (minutes)', '120'],
  ['defaultLanguage', 'Default language', 'zh-CN'],
  ['labelPrinterDpi', 'Label printer resolution (dpi)', '203'],
];

export async function seedOrg(db: Kysely<DB>, tenantId: string, adminUserId: string): Promise<void> {
  const ids = new Map<string, string>();
  let level = 0;
  for (const d of DEPARTMENTS) {
    const parentId = d.parent ? ids.get(d.parent) ?? null : null;
    level = d.parent ? (d.parent === 'D100' ? 2 : 3) : 1;
    const row = await db.insertInto('department').values({
      tenant_id: tenantId, code: d.code, name: d.name, parent_id: parentId, level, sort_number: ids.size * 10,
      head_user_id: d.head ? adminUserId : null, contact_phone: d.phone, enabled: true,
      created_by: adminUserId, updated_by: adminUserId,
    }).returning('id').executeTakeFirstOrThrow();
    ids.set(d.code, row.id);
  }
  await db.insertInto('staff').values([
    { tenant_id: tenantId, code: 'S0001', name: 'Administrator', english_name: 'Admin', sex: 'male', entry_date: '2020-01-06',
      department_id: ids.get('D100') ?? null, job: 'Plant manager', extension_number: '8001', on_job: 'onJob', use_state: 'normal',
      user_id: adminUserId, created_by: adminUserId, updated_by: adminUserId },
    { tenant_id: tenantId, code: 'S0002', name: 'Li Ming', english_name: 'Ming Li', sex: 'male', entry_date: '2021-03-15',
      department_id: ids.get('D111') ?? null, job: 'Assembly operator', extension_number: '8111', on_job: 'onJob', use_state: 'normal',
      user_id: null, created_by: adminUserId, updated_by: adminUserId },
    { tenant_id: tenantId, code: 'S0003', name: 'Wang Fang', english_name: 'Fang Wang', sex: 'female', entry_date: '2022-07-01',
      department_id: ids.get('D120') ?? null, job: 'Quality inspector', extension_number: '8120', on_job: 'onJob', use_state: 'normal',
      user_id: null, created_by: adminUserId, updated_by: adminUserId },
  ]).execute();
  await db.insertInto('config_item').values(CONFIG_ITEMS.map(([code, name, value]) => ({
    tenant_id: tenantId, code, name, value, created_by: adminUserId, updated_by: adminUserId,
  }))).execute();
}
