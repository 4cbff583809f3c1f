import type { Kysely } from 'kysely';
import type { DB } from './types';

/** Two notices for the demo tenant, so a newcomer sees the header's counters at work. */
export async function seedDemoNotices(db: Kysely<DB>, tenantId: string): Promise<void> {
  await db.insertInto('notice').values([
    {
      tenant_id: tenantId,
      title: '欢迎使用制造执行门户 / Welcome to the manufacturing portal',
      content: '<p>从左侧菜单打开各业务模块；右上角可切换工厂与语言。</p><p>Open each domain from the menu; switch factory and language at the top right.</p>',
      level: 'info',
    },
    {
      tenant_id: tenantId,
      title: '周六 22:00–24:00 系统维护 / System maintenance on Saturday 22:00–24:00',
      content: '<p>维护期间请勿提交单据。</p><p>Please do not submit documents during the maintenance window.</p>',
      level: 'warning',
    },
  ]).execute();
}
