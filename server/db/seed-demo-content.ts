import type { Kysely } from 'kysely';
import type { DB } from './types';

/** The demo SOP's public key, so the README can link to it. */
export const DEMO_SOP_KEY = '5e0c0000-0000-4000-8000-000000000001';

/** Notices, a help document and a SOP for the demo tenant, so a newcomer sees them at work. */
export async function seedDemoContent(db: Kysely<DB>, tenantId: string): Promise<void> {
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
  await db.insertInto('help_doc').values([
    {
      tenant_id: tenantId, kind: 'help', route_path: '/platform/dict', language: 'zh-CN', title: '字典管理',
      content: '<h3>字典管理</h3><p>左侧表格维护字典（名称与类型），点击一行在右侧维护其明细（标签与值）。类型在租户内唯一。</p>',
    },
    {
      tenant_id: tenantId, kind: 'help', route_path: '/platform/dict', language: 'en', title: 'Dictionaries',
      content: '<h3>Dictionaries</h3><p>The table on the left holds dictionaries (name and type); click a row to maintain its details (label and value) on the right. A type is unique within the tenant.</p>',
    },
    {
      tenant_id: tenantId, kind: 'sop', doc_key: DEMO_SOP_KEY, language: 'zh-CN', title: '标签打印机换纸作业指导',
      content: '<ol><li>暂停打印任务。</li><li>打开上盖，取出旧纸卷。</li><li>装入新纸卷并校准。</li></ol>',
    },
    {
      tenant_id: tenantId, kind: 'sop', doc_key: DEMO_SOP_KEY, language: 'en', title: 'Changing the label printer roll',
      content: '<ol><li>Pause the print jobs.</li><li>Open the cover and take out the old roll.</li><li>Load the new roll and calibrate.</li></ol>',
    },
  ]).execute();
}
