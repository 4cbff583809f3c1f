/**
 * The life of a workflow model: a draft edited freely; deploy checks it and freezes a new
 * version; publish makes a version the one new instances start on; unpublish stops new starts
 * while running instances finish on the version they began with.
 */
import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { layoutProcess } from 'bpmn-auto-layout';
import type { ModelDetail, ModelRow } from '../../model/workflow/api';
import { formatAssignee } from '../../model/workflow/assignee';
import type { DB } from '../db/types';
import { inTransaction } from '../db/in-transaction';
import type { StoredTask } from '../db/types-workflow';
import { ApiError, notFound } from '../http';
import { checkModel, type Problem } from './check';
import type { Actor } from './instances';
import type { AuditActor } from '../audit/write';
import { recordRows, type Row } from '../audit/record';
import { containsPattern } from '../db/patterns';
import { pageOf } from '../db/page';
import { iso } from '../dates';

/** The entity name of workflow models in history. */
export const MODEL_ENTITY = 'flow-model';
const MODEL_FIELDS = ['id', 'key', 'name', 'description', 'xml', 'version', 'status', 'published_version'] as const;

/** The tenant's model `id`, its row locked until the transaction ends; undefined when there is none. */
function lockedModel(trx: Transaction<DB>, tenantId: string, id: string) {
  return trx
    .selectFrom('wf_model')
    .select(MODEL_FIELDS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** A model's history entry, in the transaction of its change. */
async function modelHistory(
  trx: Kysely<DB>,
  audit: AuditActor,
  action: 'create' | 'update' | 'state' | 'delete',
  id: string,
  before: Row | null,
  after: Row | null,
): Promise<void> {
  const code = (after ?? before)?.key;
  await recordRows(trx, audit, MODEL_ENTITY, action, [
    { id, code: typeof code === 'string' ? code : null, before, after },
  ]);
}

/** Sets `values` on the tenant's model `id`, stamped with who changed it and when, and records the change in history. */
async function changeModel(
  trx: Kysely<DB>,
  audit: AuditActor,
  action: 'update' | 'state',
  change: { tenantId: string; id: string; userId: string; before: Row },
  values: Omit<Updateable<DB['wf_model']>, 'updated_at' | 'updated_by'>,
): Promise<void> {
  const after = await trx
    .updateTable('wf_model')
    .set({ ...values, updated_at: new Date(), updated_by: change.userId })
    .where('tenant_id', '=', change.tenantId)
    .where('id', '=', change.id)
    .returning(MODEL_FIELDS)
    .executeTakeFirstOrThrow();
  await modelHistory(trx, audit, action, change.id, change.before, after);
}

/** A new draft model; its key is unique in the tenant (the caller answers 409). */
export async function createModel(
  db: Kysely<DB>,
  audit: AuditActor,
  values: { key: string; name: string; description: string; xml: string; userId: string },
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('wf_model')
      .values({
        tenant_id: audit.tenantId,
        key: values.key,
        name: values.name,
        description: values.description,
        xml: values.xml,
        created_by: values.userId,
        updated_by: values.userId,
      })
      .returning(MODEL_FIELDS)
      .executeTakeFirstOrThrow();
    await modelHistory(trx, audit, 'create', row.id, null, row);
    return row.id;
  });
}

/** Edits a draft's name, description and diagram; false when the tenant has no such model. */
export async function updateModel(
  db: Kysely<DB>,
  audit: AuditActor,
  id: string,
  values: { name: string; description: string; xml: string; userId: string },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const before = await lockedModel(trx, audit.tenantId, id);
    if (!before) return false;
    await changeModel(
      trx,
      audit,
      'update',
      { tenantId: audit.tenantId, id, userId: values.userId, before },
      { name: values.name, description: values.description, xml: values.xml },
    );
    return true;
  });
}

export class DeployRefused extends Error {
  constructor(readonly problems: Problem[]) {
    super('deploy refused');
  }
}

type ModelRecord = {
  id: string;
  key: string;
  name: string;
  description: string;
  version: number;
  status: 'unpublished' | 'published';
  published_version: number | null;
  updated_at: Date;
};

export function toModelRow(r: ModelRecord): ModelRow {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    description: r.description,
    version: r.version,
    status: r.status,
    publishedVersion: r.published_version,
    updatedAt: iso(r.updated_at),
  };
}

/** A model with one task, assigned to the tenant's admin role, that a new model starts from. */
export function blankModelXml(key: string, name: string): string {
  const id = /^[A-Za-z_][\w.-]*$/.test(key) ? key : `process_${key.replace(/\W/g, '_')}`;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:mes="http://mes-portal.local/schema/bpmn" id="Definitions_${id}" targetNamespace="http://mes-portal.local/bpmn">
  <bpmn:process id="${id}" name="${esc(name)}" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:sequenceFlow id="flow_1" sourceRef="start" targetRef="approve" />
    <bpmn:userTask id="approve" name="${esc(name)}" mes:assignee="role:admin" />
    <bpmn:sequenceFlow id="flow_2" sourceRef="approve" targetRef="end" />
    <bpmn:endEvent id="end" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${id}">
    <bpmndi:BPMNPlane id="Plane_${id}" bpmnElement="${id}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="approve_di" bpmnElement="approve"><dc:Bounds x="240" y="80" width="100" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="392" y="102" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="flow_1_di" bpmnElement="flow_1"><di:waypoint x="188" y="120" /><di:waypoint x="240" y="120" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="flow_2_di" bpmnElement="flow_2"><di:waypoint x="340" y="120" /><di:waypoint x="392" y="120" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

export async function modelDetail(db: Kysely<DB>, tenantId: string, id: string): Promise<ModelDetail> {
  const m = await db
    .selectFrom('wf_model')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!m) throw notFound();
  const versions = await db
    .selectFrom('wf_model_version as v')
    .leftJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'v.tenant_id').onRef('u.id', '=', 'v.deployed_by'))
    .select([
      'v.version',
      'v.deployed_at',
      'u.account',
      sql<number>`(select count(*) from wf_instance i where i.tenant_id = v.tenant_id and i.version_id = v.id and i.status = 'running')`.as(
        'running',
      ),
    ])
    .where('v.tenant_id', '=', tenantId)
    .where('v.model_id', '=', id)
    .orderBy('v.version', 'desc')
    .execute();
  return {
    ...toModelRow(m),
    xml: m.xml,
    versions: versions.map((v) => ({
      version: v.version,
      deployedAt: iso(v.deployed_at),
      deployedBy: v.account ?? null,
      running: Number(v.running),
    })),
  };
}

/** Checks the draft and stores it as the next immutable version (a diagram is drawn when missing). */
export async function deployModel(db: Kysely<DB>, actor: Actor, id: string, audit: AuditActor): Promise<number> {
  return inTransaction(db, async (trx) => {
    const m = await lockedModel(trx, actor.tenantId, id);
    if (!m) throw notFound();
    const checked = await checkModel(m.xml);
    if (!checked.ok) throw new DeployRefused(checked.problems);
    const xml = m.xml.includes('BPMNDiagram') ? m.xml : await layoutProcess(m.xml);
    const tasks: StoredTask[] = checked.model.tasks.map((t) => ({
      id: t.id,
      name: t.name,
      assignee: formatAssignee(t.assignee),
      ...(t.signature ? { signature: t.signature } : {}),
    }));
    const version = m.version + 1;
    await trx
      .insertInto('wf_model_version')
      .values({
        tenant_id: actor.tenantId,
        model_id: id,
        version,
        xml,
        tasks: JSON.stringify(tasks),
        deployed_by: actor.userId,
      })
      .execute();
    await changeModel(
      trx,
      audit,
      'update',
      { tenantId: actor.tenantId, id, userId: actor.userId, before: m },
      { version, xml },
    );
    return version;
  });
}

export async function publishModel(
  db: Kysely<DB>,
  actor: Actor,
  id: string,
  version: number | undefined,
  audit: AuditActor,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const m = await lockedModel(trx, actor.tenantId, id);
    if (!m) throw notFound();
    if (m.version === 0) throw new ApiError(409, 'flow.model.notDeployed');
    const target = version ?? m.version;
    const exists = await trx
      .selectFrom('wf_model_version')
      .select('id')
      .where('tenant_id', '=', actor.tenantId)
      .where('model_id', '=', id)
      .where('version', '=', target)
      .executeTakeFirst();
    if (!exists) throw new ApiError(404, 'flow.model.noSuchVersion', { version: target });
    if (m.status === 'published' && m.published_version === target)
      throw new ApiError(409, 'flow.model.alreadyPublished', { version: target });
    await changeModel(
      trx,
      audit,
      'state',
      { tenantId: actor.tenantId, id, userId: actor.userId, before: m },
      { status: 'published', published_version: target },
    );
    return target;
  });
}

export async function unpublishModel(db: Kysely<DB>, actor: Actor, id: string, audit: AuditActor): Promise<void> {
  const done = await inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('wf_model')
      .select(MODEL_FIELDS)
      .where('tenant_id', '=', actor.tenantId)
      .where('id', '=', id)
      .where('status', '=', 'published')
      .forUpdate()
      .executeTakeFirst();
    if (!before) return false;
    await changeModel(
      trx,
      audit,
      'state',
      { tenantId: actor.tenantId, id, userId: actor.userId, before },
      { status: 'unpublished', published_version: null },
    );
    return true;
  });
  if (done) return;
  const m = await db
    .selectFrom('wf_model')
    .select('id')
    .where('tenant_id', '=', actor.tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!m) throw notFound();
  throw new ApiError(409, 'flow.model.notPublished');
}

/** Deletes a model nobody started; a published one or one with instances is kept (409). */
export async function deleteModel(db: Kysely<DB>, tenantId: string, id: string, audit: AuditActor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const m = await lockedModel(trx, tenantId, id);
    if (!m) throw notFound();
    if (m.status === 'published') throw new ApiError(409, 'flow.model.deletePublished');
    const used = await trx
      .selectFrom('wf_instance as i')
      .innerJoin('wf_model_version as v', (j) =>
        j.onRef('v.tenant_id', '=', 'i.tenant_id').onRef('v.id', '=', 'i.version_id'),
      )
      .select('i.id')
      .where('i.tenant_id', '=', tenantId)
      .where('v.model_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) throw new ApiError(409, 'flow.model.inUse');
    await trx.deleteFrom('wf_model_version').where('tenant_id', '=', tenantId).where('model_id', '=', id).execute();
    await trx.deleteFrom('wf_model').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    await modelHistory(trx, audit, 'delete', id, m, null);
  });
}

/** A page of the tenant's models, last changed first, matching the keyword in name or key. */
export async function modelsPage(
  db: Kysely<DB>,
  tenantId: string,
  query: { keyword?: string; page: number; size: number },
) {
  let q = db.selectFrom('wf_model').where('tenant_id', '=', tenantId);
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    q = q.where((eb) => eb.or([eb('name', 'ilike', like), eb('key', 'ilike', like)]));
  }
  return pageOf(
    query,
    (limit, offset) =>
      q
        .select(['id', 'key', 'name', 'description', 'version', 'status', 'published_version', 'updated_at'])
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    toModelRow,
  );
}
