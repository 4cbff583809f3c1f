/**
 * Processes already running in the demo: the `document-release`, `feedback` and `menu-application`
 * models deployed and published, records that started them, and decisions taken on some, so the
 * task counters, task lists, flow charts and batch audit show work on the first login. Each
 * instance goes through the workflow's own start and decide steps; their times are then spread
 * over the last days, as if the work had happened then.
 */
import type { Transaction } from 'kysely';
import type { MenuApplicationEntry } from '../../model/helper';
import type { DB } from '../db/types';
import type {} from '../db/types-helper';
import type {} from '../db/types-workflow';
import { registerDocumentRelease } from '../documents/service';
import type { FileStorage } from '../files/storage';
import { checkShape, MENU_APPLICATION_PROCESS, registerMenuApplicationProcess } from '../helper/menu-applications';
import { FEEDBACK_PROCESS_KEY, registerFeedbackProcess } from '../workflow/feedback-process';
import { decideTask, startProcess, type Actor } from '../workflow/instances';
import { deployModel, publishModel } from '../workflow/models';
import { systemActor } from '../audit/write';
import type { DemoCompany } from './company';
import { seedDocuments } from './documents';

const HOUR = 3600_000;

function processXml(id: string, name: string, body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:mes="http://mes-portal.local/schema/bpmn" id="Definitions_${id}" targetNamespace="http://mes-portal.local/bpmn">
  <bpmn:process id="${id}" name="${name}" isExecutable="true">${body}
  </bpmn:process>
</bpmn:definitions>
`;
}

/** The models (`process`: the BPMN process id, `body`: its elements); the server draws their diagrams at deploy. */
const MODELS: { key: string; name: string; description: string; process: string; body: string }[] = [
  {
    key: 'document-release',
    name: '文档发布审批 Document release',
    description:
      'A new document version is released once quality has reviewed it; controlled (encrypted) documents also need the administrator',
    process: 'document_release',
    body: `
    <bpmn:startEvent id="start" name="上传新版本 Version uploaded" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <bpmn:userTask id="review" name="质量审核 Quality review" mes:assignee="role:quality" />
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="controlled" />
    <bpmn:exclusiveGateway id="controlled" name="受控文档？ Controlled?" default="f3" />
    <bpmn:sequenceFlow id="f3" sourceRef="controlled" targetRef="end" />
    <bpmn:sequenceFlow id="f4" sourceRef="controlled" targetRef="approve"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${encrypted == true}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:userTask id="approve" name="管理员批准 Administrator approval" mes:assignee="role:admin" />
    <bpmn:sequenceFlow id="f5" sourceRef="approve" targetRef="end" />
    <bpmn:endEvent id="end" name="发布 Released" />`,
  },
  {
    key: FEEDBACK_PROCESS_KEY,
    name: '意见反馈处理 Feedback handling',
    description: 'Quality checks each feedback, then the administrator handles it and answers the submitter',
    process: 'feedback',
    body: `
    <bpmn:startEvent id="start" name="提交反馈 Feedback submitted" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check" />
    <bpmn:userTask id="check" name="质量确认 Quality check" mes:assignee="role:quality" />
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="handle" />
    <bpmn:userTask id="handle" name="系统处理 Handling" mes:assignee="role:admin" />
    <bpmn:sequenceFlow id="f3" sourceRef="handle" targetRef="end" />
    <bpmn:endEvent id="end" name="已处理 Processed" />`,
  },
  {
    key: MENU_APPLICATION_PROCESS,
    name: '菜单申请审批 Menu application review',
    description: 'The administrator compares the entries an app applies for with the menu tree and decides',
    process: 'menu_application',
    body: `
    <bpmn:startEvent id="start" name="提交申请 Applied" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <bpmn:userTask id="review" name="管理员审批 Administrator review" mes:assignee="role:admin" />
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end" />
    <bpmn:endEvent id="end" name="结束 Done" />`,
  },
];

const FEEDBACK: { key: string; by: string; factory: 'suzhou' | 'hanoi'; description: string; contact: string }[] = [
  {
    key: 'scanner',
    by: 'li.ming',
    factory: 'suzhou',
    description: '扫码枪读取物料标签偶尔失败，需要重复扫描两三次 (The scanner sometimes fails to read material labels)',
    contact: '8111',
  },
  {
    key: 'label-offset',
    by: 'li.ming',
    factory: 'suzhou',
    description: 'ASM01-S02 工位打印的标签整体偏右约 2 mm (Labels printed at ASM01-S02 sit 2 mm to the right)',
    contact: '8111',
  },
  {
    key: 'vietnamese-wi',
    by: 'tran.mai',
    factory: 'hanoi',
    description: '希望作业指导书提供越南语版本 (Please offer the work instructions in Vietnamese)',
    contact: 'mai.tran@huayuan.example.com',
  },
];

const names = (zhCN: string, zhTW: string, en: string, vi: string, es: string) => ({
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  en,
  vi,
  es,
});

const MENU_APPLICATIONS: {
  key: string;
  appType: string;
  title: string;
  reason: string;
  entries: MenuApplicationEntry[];
}[] = [
  {
    key: 'qms-iqc',
    appType: 'qms',
    title: '质量管理：来料检验菜单 Quality: incoming inspection',
    reason: '来料检验模块已完成联调，申请上线菜单 (The incoming inspection module passed its integration tests)',
    entries: [
      {
        code: 'catalogue:qms-inspection',
        type: 'catalogue',
        names: names('检验管理', '檢驗管理', 'Inspection', 'Kiểm tra', 'Inspección'),
        path: null,
        perms: null,
        children: [
          {
            code: 'qms:iqc',
            type: 'menu',
            names: names('来料检验', '進料檢驗', 'Incoming inspection', 'Kiểm tra đầu vào', 'Inspección de entrada'),
            path: '/qms/iqc',
            perms: 'qms:iqc:view',
            children: [
              {
                code: 'qms:iqc:add',
                type: 'button',
                names: names('新增', '新增', 'Add', 'Thêm', 'Añadir'),
                path: null,
                perms: 'qms:iqc:add',
                children: [],
              },
              {
                code: 'qms:iqc:judge',
                type: 'button',
                names: names('判定', '判定', 'Judge', 'Đánh giá', 'Dictaminar'),
                path: null,
                perms: 'qms:iqc:judge',
                children: [],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    key: 'wms-stock',
    appType: 'wms',
    title: '仓储管理：库存查询菜单 Warehouse: stock enquiry',
    reason: '仓库需要按库位查询库存 (The warehouse needs stock by storage location)',
    entries: [
      {
        code: 'catalogue:wms-stock',
        type: 'catalogue',
        names: names('库存', '庫存', 'Stock', 'Tồn kho', 'Existencias'),
        path: null,
        perms: null,
        children: [
          {
            code: 'wms:stock',
            type: 'menu',
            names: names('库存查询', '庫存查詢', 'Stock enquiry', 'Tra cứu tồn kho', 'Consulta de existencias'),
            path: '/wms/stock',
            perms: 'wms:stock:view',
            children: [],
          },
        ],
      },
    ],
  },
];

type Decision = [account: string, decision: 'agree' | 'reject', opinion: string | null];

/** What happened to each instance, and when it started. */
const STORIES: { instance: string; hoursAgo: number; decisions: Decision[] }[] = [
  {
    instance: 'document:smt-changeover',
    hoursAgo: 70,
    decisions: [['wang.fang', 'agree', '内容完整，同意发布 Complete, released']],
  },
  {
    instance: 'document:case-3p',
    hoursAgo: 50,
    decisions: [
      ['wang.fang', 'reject', '缺少公差标注，请补充后重新上传 Tolerances are missing; upload again with them'],
    ],
  },
  {
    instance: 'feedback:vietnamese-wi',
    hoursAgo: 46,
    decisions: [
      ['wang.fang', 'agree', '确认需求 Confirmed'],
      ['admin', 'agree', '已安排翻译，下月上线 Translation scheduled for next month'],
    ],
  },
  {
    instance: 'menu:wms-stock',
    hoursAgo: 40,
    decisions: [['admin', 'reject', '请先完成与 WMS 接口的联调 Finish the WMS interface tests first']],
  },
  {
    instance: 'feedback:label-offset',
    hoursAgo: 20,
    decisions: [['wang.fang', 'agree', '已复现，打印机需校准 Reproduced: the printer needs calibration']],
  },
  { instance: 'menu:qms-iqc', hoursAgo: 9, decisions: [] },
  { instance: 'document:assembly-1p', hoursAgo: 7, decisions: [] },
  { instance: 'feedback:scanner', hoursAgo: 5, decisions: [] },
  { instance: 'document:packing-3p', hoursAgo: 3, decisions: [] },
];

function started(id: string | null, what: string): string {
  if (!id) throw new Error(`seed: ${what} started no process`);
  return id;
}

export async function seedProcesses(trx: Transaction<DB>, company: DemoCompany, storage: FileStorage): Promise<void> {
  const { tenantId, users } = company;
  registerDocumentRelease();
  registerFeedbackProcess();
  registerMenuApplicationProcess();
  const admin: Actor = { tenantId, userId: users.admin!, factoryId: null };
  for (const m of MODELS) {
    const row = await trx
      .insertInto('wf_model')
      .values({
        tenant_id: tenantId,
        key: m.key,
        name: m.name,
        description: m.description,
        xml: processXml(m.process, m.name, m.body),
        created_by: admin.userId,
        updated_by: admin.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deployModel(trx, admin, row.id, systemActor(tenantId));
    await publishModel(trx, admin, row.id, undefined, systemActor(tenantId));
  }

  const instances = new Map<string, string>();
  const business = new Map<string, { table: 'document_version' | 'feedback' | 'menu_application'; id: string }>();
  for (const [key, id] of Object.entries(await seedDocuments(trx, company, storage)))
    instances.set(`document:${key}`, id);
  // The versions released before the process existed were uploaded a month ago.
  await trx
    .updateTable('document_version')
    .set({ uploaded_at: new Date(Date.now() - 30 * 24 * HOUR) })
    .where('tenant_id', '=', tenantId)
    .where('release_status', '=', 'released')
    .execute();
  for (const f of FEEDBACK) {
    const actor: Actor = { tenantId, userId: users[f.by]!, factoryId: company.factories[f.factory] };
    const row = await trx
      .insertInto('feedback')
      .values({
        tenant_id: tenantId,
        user_id: actor.userId,
        factory_id: actor.factoryId,
        description: f.description,
        contact: f.contact,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    instances.set(
      `feedback:${f.key}`,
      started(
        await startProcess(trx, actor, {
          modelKey: FEEDBACK_PROCESS_KEY,
          businessType: 'feedback',
          businessId: row.id,
          title: f.description.slice(0, 80),
          variables: { pictures: 0, hasContact: true },
        }),
        f.key,
      ),
    );
    business.set(`feedback:${f.key}`, { table: 'feedback', id: row.id });
  }
  for (const a of MENU_APPLICATIONS) {
    const problem = await checkShape(trx, a.appType, a.entries);
    if (problem) throw new Error(`seed: menu application ${a.key}: ${problem.key} ${problem.code}`);
    const row = await trx
      .insertInto('menu_application')
      .values({
        tenant_id: tenantId,
        app_type: a.appType,
        title: a.title,
        reason: a.reason,
        entries: JSON.stringify(a.entries),
        applicant_id: admin.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    instances.set(
      `menu:${a.key}`,
      started(
        await startProcess(trx, admin, {
          modelKey: MENU_APPLICATION_PROCESS,
          businessType: 'menu-application',
          businessId: row.id,
          title: a.title,
        }),
        a.key,
      ),
    );
    business.set(`menu:${a.key}`, { table: 'menu_application', id: row.id });
  }

  const now = Date.now();
  for (const story of STORIES) {
    const instanceId = instances.get(story.instance);
    if (!instanceId) throw new Error(`seed: no instance ${story.instance}`);
    for (const [account, decision, opinion] of story.decisions) {
      const task = await trx
        .selectFrom('wf_task')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('instance_id', '=', instanceId)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      await decideTask(trx, { tenantId, userId: users[account]!, factoryId: null }, task.id, decision, opinion);
    }
    // Spread the steps over the hours since the start: each task opens three hours after the one before, decided two hours later.
    const start = new Date(now - story.hoursAgo * HOUR);
    const at = (k: number, plus = 0) => new Date(start.getTime() + k * 3 * HOUR + plus * HOUR + 10 * 60_000);
    const tasks = await trx
      .selectFrom('wf_task')
      .select(['id', 'handled_at'])
      .where('tenant_id', '=', tenantId)
      .where('instance_id', '=', instanceId)
      .orderBy('created_at')
      .orderBy('handled_at')
      .execute();
    let ended: Date | null = null;
    for (const [k, t] of tasks.entries()) {
      const handled = t.handled_at ? at(k, 2) : null;
      if (handled) ended = handled;
      await trx
        .updateTable('wf_task')
        .set({ created_at: at(k), handled_at: handled })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', t.id)
        .execute();
    }
    const running =
      story.decisions.length === 0 ||
      (
        await trx
          .selectFrom('wf_instance')
          .select('status')
          .where('tenant_id', '=', tenantId)
          .where('id', '=', instanceId)
          .executeTakeFirstOrThrow()
      ).status === 'running';
    if (running) ended = null;
    await trx
      .updateTable('wf_instance')
      .set({ started_at: start, ended_at: ended })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', instanceId)
      .execute();
    const record = business.get(story.instance);
    if (record?.table === 'feedback') {
      await trx
        .updateTable('feedback')
        .set({ created_at: start, updated_at: ended ?? start, handled_at: ended })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', record.id)
        .execute();
    } else if (record?.table === 'menu_application') {
      await trx
        .updateTable('menu_application')
        .set({ created_at: start, reviewed_at: ended })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', record.id)
        .execute();
    }
  }
  // Document versions: uploaded when their release started.
  for (const story of STORIES.filter((s) => s.instance.startsWith('document:'))) {
    const instanceId = instances.get(story.instance)!;
    const i = await trx
      .selectFrom('wf_instance')
      .select('business_id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('document_version')
      .set({ uploaded_at: new Date(now - story.hoursAgo * HOUR) })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', i.business_id)
      .execute();
  }
}
