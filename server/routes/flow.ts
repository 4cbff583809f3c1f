/** Workflow: models (deploy, publish, unpublish), task lists and decisions, flow charts. /api/flow-system/… */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Page } from '../../model/api';
import type { BatchAuditResult, InstanceChart, ModelDetail, ModelProblem, ModelRow, TaskCounts, TaskDetail, TaskRow } from '../../model/workflow/api';
import {
  FLOW_FIELD_LABELS as labels, FLOW_PERMISSIONS as P, agreeInput, batchAuditInput, modelCreateInput, modelUpdateInput, publishInput, rejectInput,
} from '../../model/workflow/input';
import type { DB } from '../db/types';
import { ApiError, notFound, route, uuidParam, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { isUniqueViolation } from './dict';
import { businessOf } from '../workflow/business';
import { registerFeedbackProcess } from '../workflow/feedback-process';
import { decideTask, type Actor } from '../workflow/instances';
import { DeployRefused, blankModelXml, deleteModel, deployModel, modelDetail, publishModel, toModelRow, unpublishModel } from '../workflow/models';

const tags = ['workflow'];
const idParams = z.object({ id: uuidParam });
const pageQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1).max(100000).optional().default(1),
  size: z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1).max(500).optional().default(20),
  keyword: z.string().trim().max(64).optional(),
});
const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const actorOf = (ctx: RequestContext): Actor => ({ tenantId: ctx.tenantId, userId: ctx.user.id, factoryId: ctx.factoryId });

function taskQuery(db: Kysely<DB>, tenantId: string) {
  return db.selectFrom('wf_task as t')
    .innerJoin('wf_instance as i', (j) => j.onRef('i.tenant_id', '=', 't.tenant_id').onRef('i.id', '=', 't.instance_id'))
    .innerJoin('wf_model_version as v', (j) => j.onRef('v.tenant_id', '=', 'i.tenant_id').onRef('v.id', '=', 'i.version_id'))
    .innerJoin('wf_model as m', (j) => j.onRef('m.tenant_id', '=', 'v.tenant_id').onRef('m.id', '=', 'v.model_id'))
    .leftJoin('app_user as s', (j) => j.onRef('s.tenant_id', '=', 'i.tenant_id').onRef('s.id', '=', 'i.starter_id'))
    .leftJoin('app_user as h', (j) => j.onRef('h.tenant_id', '=', 't.tenant_id').onRef('h.id', '=', 't.handler_id'))
    .select(['t.id', 't.instance_id', 't.name', 't.status', 't.opinion', 't.created_at', 't.handled_at', 't.candidate_ids',
      'i.title', 'i.business_type', 'i.business_id', 'm.name as model_name', 's.account as starter', 'h.account as handler'])
    .where('t.tenant_id', '=', tenantId);
}
type TaskRecord = Awaited<ReturnType<ReturnType<typeof taskQuery>['executeTakeFirstOrThrow']>>;

const toTaskRow = (r: TaskRecord): TaskRow => ({
  id: r.id, instanceId: r.instance_id, name: r.name, title: r.title, businessType: r.business_type, modelName: r.model_name,
  starter: r.starter ?? '', status: r.status, opinion: r.opinion, handler: r.handler ?? null,
  createdAt: iso(r.created_at), handledAt: isoOrNull(r.handled_at),
});

type Scope = 'pending' | 'finished';
function mine(db: Kysely<DB>, ctx: RequestContext, scope: Scope) {
  const q = taskQuery(db, ctx.tenantId);
  return scope === 'pending'
    ? q.where('t.status', '=', 'pending').where(sql<boolean>`${ctx.user.id}::uuid = any(t.candidate_ids)`)
    : q.where('t.handler_id', '=', ctx.user.id);
}

async function counts(db: Kysely<DB>, ctx: RequestContext): Promise<TaskCounts> {
  const r = await db.selectFrom('wf_task').select([
    sql<string>`count(*) filter (where status = 'pending' and ${ctx.user.id}::uuid = any(candidate_ids))`.as('pending'),
    sql<string>`count(*) filter (where handler_id = ${ctx.user.id})`.as('finished'),
  ]).where('tenant_id', '=', ctx.tenantId).executeTakeFirstOrThrow();
  const pending = Number(r.pending);
  const finished = Number(r.finished);
  return { pending, finished, total: pending + finished };
}

function problemsOf(e: DeployRefused, tr: Translator): ModelProblem[] {
  return e.problems.map((p) => ({ key: p.key, element: p.element, message: tr.t(p.key, { element: p.element ?? '' }) }));
}

/** Who may see an instance's chart: model viewers, its starter, and anyone it asked to decide. */
async function mayViewInstance(db: Kysely<DB>, ctx: RequestContext, instanceId: string, starterId: string): Promise<boolean> {
  if (starterId === ctx.user.id || (await ctx.hasPermission(P.modelView))) return true;
  const involved = await db.selectFrom('wf_task').select('id').where('tenant_id', '=', ctx.tenantId).where('instance_id', '=', instanceId)
    .where((eb) => eb.or([eb('handler_id', '=', ctx.user.id), sql<boolean>`${ctx.user.id}::uuid = any(candidate_ids)`])).limit(1).executeTakeFirst();
  return Boolean(involved);
}

export function flowRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  registerFeedbackProcess();

  // ── Models ────────────────────────────────────────────────────────────────
  route(app, {
    method: 'GET', url: '/flow-system/model', summary: 'Page of workflow models (name or key contains)', tags, permission: P.modelView,
    query: pageQuery, labels,
    handler: async ({ ctx, query }): Promise<Page<ModelRow>> => {
      let q = db.selectFrom('wf_model').where('tenant_id', '=', ctx.tenantId);
      if (query.keyword) q = q.where((eb) => eb.or([eb('name', 'ilike', likePattern(query.keyword!)), eb('key', 'ilike', likePattern(query.keyword!))]));
      const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const rows = await q.select(['id', 'key', 'name', 'description', 'version', 'status', 'published_version', 'updated_at'])
        .orderBy('updated_at', 'desc').orderBy('id').limit(query.size).offset((query.page - 1) * query.size).execute();
      return { records: rows.map(toModelRow), total: Number(total.n), page: query.page, size: query.size };
    },
  });

  route(app, {
    method: 'GET', url: '/flow-system/model/:id', summary: 'A workflow model with its draft XML and deployed versions', tags, permission: P.modelView,
    params: idParams,
    handler: async ({ ctx, params }): Promise<ModelDetail> => modelDetail(db, ctx.tenantId, params.id),
  });

  route(app, {
    method: 'POST', url: '/flow-system/model', summary: 'Creates a model (a one-task draft when no XML is given)', tags, permission: P.modelAdd,
    body: modelCreateInput, labels,
    handler: async ({ ctx, body }): Promise<ModelDetail> => {
      try {
        const row = await db.insertInto('wf_model').values({
          tenant_id: ctx.tenantId, key: body.key, name: body.name, description: body.description,
          xml: body.xml ?? blankModelXml(body.key, body.name), created_by: ctx.user.id, updated_by: ctx.user.id,
        }).returning('id').executeTakeFirstOrThrow();
        return await modelDetail(db, ctx.tenantId, row.id);
      } catch (e) {
        if (isUniqueViolation(e)) throw new ApiError(409, 'flow.model.keyTaken', { key: body.key });
        throw e;
      }
    },
  });

  route(app, {
    method: 'PUT', url: '/flow-system/model/:id', summary: 'Saves the draft (name, description, XML); deployed versions never change', tags,
    permission: P.modelEdit, params: idParams, body: modelUpdateInput, labels,
    handler: async ({ ctx, params, body }): Promise<ModelDetail> => {
      const r = await db.updateTable('wf_model').set({ name: body.name, description: body.description, xml: body.xml, updated_at: new Date(), updated_by: ctx.user.id })
        .where('tenant_id', '=', ctx.tenantId).where('id', '=', params.id).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw notFound();
      return modelDetail(db, ctx.tenantId, params.id);
    },
  });

  route(app, {
    method: 'DELETE', url: '/flow-system/model/:id', summary: 'Deletes a model that is not published and never started', tags, permission: P.modelDelete,
    params: idParams,
    handler: async ({ ctx, params }) => { await deleteModel(db, ctx.tenantId, params.id); return null; },
  });

  route(app, {
    method: 'POST', url: '/flow-system/model/:id/deploy', summary: 'Checks the draft and stores it as the next version (400 lists the problems)', tags,
    permission: P.deploy, params: idParams,
    handler: async ({ ctx, params, tr }): Promise<ModelDetail> => {
      try {
        await deployModel(db, actorOf(ctx), params.id);
      } catch (e) {
        if (e instanceof DeployRefused) {
          const problems = problemsOf(e, tr);
          throw new ApiError(400, 'flow.model.invalid', { problems, first: problems[0]?.message ?? '' });
        }
        throw e;
      }
      return modelDetail(db, ctx.tenantId, params.id);
    },
  });

  route(app, {
    method: 'POST', url: '/flow-system/model/:id/publish', summary: 'New instances start on this version (default: the newest)', tags,
    permission: P.publish, params: idParams, body: publishInput, labels,
    handler: async ({ ctx, params, body }): Promise<ModelDetail> => {
      await publishModel(db, actorOf(ctx), params.id, body.version);
      return modelDetail(db, ctx.tenantId, params.id);
    },
  });

  route(app, {
    method: 'POST', url: '/flow-system/model/:id/unpublish', summary: 'Stops new instances; running ones finish on their version', tags,
    permission: P.unpublish, params: idParams,
    handler: async ({ ctx, params }): Promise<ModelDetail> => {
      await unpublishModel(db, actorOf(ctx), params.id);
      return modelDetail(db, ctx.tenantId, params.id);
    },
  });

  // ── Tasks ─────────────────────────────────────────────────────────────────
  route(app, {
    method: 'GET', url: '/flow-system/task/count', summary: "The current user's pending, finished and total tasks (the shell's counters)", tags,
    permission: null,
    handler: async ({ ctx }): Promise<TaskCounts> => counts(db, ctx),
  });

  for (const scope of ['pending', 'finished'] as const) {
    route(app, {
      method: 'GET', url: `/flow-system/task/${scope}`, summary: `Page of the current user's ${scope} tasks`, tags, permission: P.taskView,
      query: pageQuery, labels,
      handler: async ({ ctx, query }): Promise<Page<TaskRow>> => {
        let q = mine(db, ctx, scope);
        if (query.keyword) q = q.where((eb) => eb.or([eb('i.title', 'ilike', likePattern(query.keyword!)), eb('t.name', 'ilike', likePattern(query.keyword!))]));
        const rows = await q.orderBy(scope === 'pending' ? 't.created_at' : 't.handled_at', 'desc').orderBy('t.id')
          .limit(query.size).offset((query.page - 1) * query.size).execute();
        const total = await q.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
        return { records: rows.map(toTaskRow), total: Number(total.n), page: query.page, size: query.size };
      },
    });
  }

  route(app, {
    method: 'GET', url: '/flow-system/task/:id', summary: 'A task with the business record it decides', tags, permission: P.taskView,
    params: idParams,
    handler: async ({ ctx, params, tr }): Promise<TaskDetail> => {
      const r = await taskQuery(db, ctx.tenantId).where('t.id', '=', params.id)
        .where((eb) => eb.or([eb('t.handler_id', '=', ctx.user.id), sql<boolean>`${ctx.user.id}::uuid = any(t.candidate_ids)`]))
        .executeTakeFirst();
      if (!r) throw notFound();
      const binding = businessOf(r.business_type);
      const record = binding ? await db.transaction().execute((trx) => binding.describe(trx, ctx.tenantId, r.business_id, tr)) : null;
      return { ...toTaskRow(r), record: record ?? [], canAct: r.status === 'pending' && r.candidate_ids.map(String).includes(ctx.user.id) };
    },
  });

  route(app, {
    method: 'POST', url: '/flow-system/task/:id/agree', summary: 'Agrees to a task; the process moves on', tags, permission: P.agree,
    params: idParams, body: agreeInput, labels,
    handler: async ({ ctx, params, body }) => ({ status: await decideTask(db, actorOf(ctx), params.id, 'agree', body.opinion || null) }),
  });

  route(app, {
    method: 'POST', url: '/flow-system/task/:id/reject', summary: 'Rejects a task (opinion required); the process ends rejected', tags, permission: P.reject,
    params: idParams, body: rejectInput, labels,
    handler: async ({ ctx, params, body }) => ({ status: await decideTask(db, actorOf(ctx), params.id, 'reject', body.opinion) }),
  });

  route(app, {
    method: 'POST', url: '/flow-system/task/batch-audit', summary: 'Decides many tasks with one opinion; answers a result per task', tags,
    permission: P.batchAudit, body: batchAuditInput, labels,
    handler: async ({ ctx, body, tr }): Promise<BatchAuditResult[]> => {
      // Each task in its own transaction: one refusal never undoes the others.
      const results: BatchAuditResult[] = [];
      for (const id of [...new Set(body.ids)]) {
        try {
          if (!uuidParam.safeParse(id).success) throw notFound();
          await decideTask(db, actorOf(ctx), id, body.decision, body.opinion || null);
          results.push({ id, ok: true, message: null });
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          results.push({ id, ok: false, message: tr.t(e.key, (e.data ?? {}) as Record<string, unknown>) });
        }
      }
      return results;
    },
  });

  // ── Instances ─────────────────────────────────────────────────────────────
  route(app, {
    method: 'GET', url: '/flow-system/instance/:id/chart', summary: 'The flow chart of an instance: its diagram, done and current nodes, history', tags,
    permission: null, params: idParams,
    handler: async ({ ctx, params }): Promise<InstanceChart> => {
      const i = await db.selectFrom('wf_instance as i')
        .innerJoin('wf_model_version as v', (j) => j.onRef('v.tenant_id', '=', 'i.tenant_id').onRef('v.id', '=', 'i.version_id'))
        .leftJoin('app_user as s', (j) => j.onRef('s.tenant_id', '=', 'i.tenant_id').onRef('s.id', '=', 'i.starter_id'))
        .select(['i.id', 'i.title', 'i.status', 'i.done_elements', 'i.started_at', 'i.ended_at', 'i.starter_id', 'v.xml', 's.account'])
        .where('i.tenant_id', '=', ctx.tenantId).where('i.id', '=', params.id).executeTakeFirst();
      if (!i || !(await mayViewInstance(db, ctx, i.id, i.starter_id))) throw notFound();
      const history = await db.selectFrom('wf_task as t')
        .leftJoin('app_user as h', (j) => j.onRef('h.tenant_id', '=', 't.tenant_id').onRef('h.id', '=', 't.handler_id'))
        .select(['t.id', 't.element_id', 't.name', 't.status', 't.opinion', 't.created_at', 't.handled_at', 'h.account'])
        .where('t.tenant_id', '=', ctx.tenantId).where('t.instance_id', '=', i.id).orderBy('t.created_at').orderBy('t.id').execute();
      return {
        instanceId: i.id, title: i.title, status: i.status, xml: i.xml, done: i.done_elements,
        current: history.filter((h) => h.status === 'pending').map((h) => h.element_id),
        history: history.map((h) => ({
          taskId: h.id, elementId: h.element_id, name: h.name, status: h.status, handler: h.account ?? null, opinion: h.opinion,
          createdAt: iso(h.created_at), handledAt: isoOrNull(h.handled_at),
        })),
        startedAt: iso(i.started_at), endedAt: isoOrNull(i.ended_at), starter: i.account ?? '',
      };
    },
  });
}
