/** Workflow: models (deploy, publish, unpublish), task lists and decisions, flow charts. /api/flow-system/… */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { flow } from '../../model/contract/flow';
import type { BatchAuditResult, ModelProblem, TaskCounts, TaskRow } from '../../model/workflow/api';
import type { TaskSignature } from '../../model/workflow/signature';
import { FLOW_PERMISSIONS as P } from '../../model/workflow/input';
import type { DB } from '../db/types';
import { ApiError, notFound, uuidParam, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { serve } from '../serve';
import { onUniqueViolation } from '../db/errors';
import { businessOf } from './business';
import { registerFeedbackProcess } from './feedback-process';
import { decideTask, type Actor } from './instances';
import { proveSigner, type Signer } from './sign';
import {
  DeployRefused,
  blankModelXml,
  createModel,
  deleteModel,
  deployModel,
  modelDetail,
  publishModel,
  toModelRow,
  unpublishModel,
  updateModel,
} from './models';
import { actorOf as auditActorOf } from '../audit/write';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const actorOf = (ctx: RequestContext): Actor => ({
  tenantId: ctx.tenantId,
  userId: ctx.user.id,
  factoryId: ctx.factoryId,
  audit: auditActorOf(ctx),
});

function taskQuery(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('wf_task as t')
    .innerJoin('wf_instance as i', (j) =>
      j.onRef('i.tenant_id', '=', 't.tenant_id').onRef('i.id', '=', 't.instance_id'),
    )
    .innerJoin('wf_model_version as v', (j) =>
      j.onRef('v.tenant_id', '=', 'i.tenant_id').onRef('v.id', '=', 'i.version_id'),
    )
    .innerJoin('wf_model as m', (j) => j.onRef('m.tenant_id', '=', 'v.tenant_id').onRef('m.id', '=', 'v.model_id'))
    .leftJoin('app_user as s', (j) => j.onRef('s.tenant_id', '=', 'i.tenant_id').onRef('s.id', '=', 'i.starter_id'))
    .leftJoin('app_user as h', (j) => j.onRef('h.tenant_id', '=', 't.tenant_id').onRef('h.id', '=', 't.handler_id'))
    .select([
      't.id',
      't.instance_id',
      't.name',
      't.status',
      't.opinion',
      't.created_at',
      't.handled_at',
      't.candidate_ids',
      't.sign_meanings',
      't.signer_id',
      't.signer_name',
      't.sign_meaning',
      't.signed_at',
      'i.title',
      'i.business_type',
      'i.business_id',
      'm.name as model_name',
      's.account as starter',
      'h.account as handler',
    ])
    .where('t.tenant_id', '=', tenantId);
}
type TaskRecord = Awaited<ReturnType<ReturnType<typeof taskQuery>['executeTakeFirstOrThrow']>>;

type SignatureColumns = {
  signer_id: string | null;
  signer_name: string | null;
  sign_meaning: string | null;
  signed_at: Date | string | null;
};
const signatureOf = (r: SignatureColumns): TaskSignature | null =>
  r.signer_id && r.signed_at
    ? { signerId: r.signer_id, signerName: r.signer_name ?? '', meaning: r.sign_meaning ?? '', at: iso(r.signed_at) }
    : null;

const toTaskRow = (r: TaskRecord): TaskRow => ({
  id: r.id,
  instanceId: r.instance_id,
  name: r.name,
  title: r.title,
  businessType: r.business_type,
  businessId: r.business_id,
  modelName: r.model_name,
  starter: r.starter ?? '',
  status: r.status,
  opinion: r.opinion,
  handler: r.handler ?? null,
  createdAt: iso(r.created_at),
  handledAt: isoOrNull(r.handled_at),
  signatureMeanings: r.sign_meanings ?? null,
  signature: signatureOf(r),
});

type Scope = 'pending' | 'finished';
function mine(db: Kysely<DB>, ctx: RequestContext, scope: Scope) {
  const q = taskQuery(db, ctx.tenantId);
  return scope === 'pending'
    ? q.where('t.status', '=', 'pending').where(sql<boolean>`${ctx.user.id}::uuid = any(t.candidate_ids)`)
    : q.where('t.handler_id', '=', ctx.user.id);
}

async function counts(db: Kysely<DB>, ctx: RequestContext): Promise<TaskCounts> {
  const r = await db
    .selectFrom('wf_task')
    .select([
      sql<string>`count(*) filter (where status = 'pending' and ${ctx.user.id}::uuid = any(candidate_ids))`.as(
        'pending',
      ),
      sql<string>`count(*) filter (where handler_id = ${ctx.user.id})`.as('finished'),
    ])
    .where('tenant_id', '=', ctx.tenantId)
    .executeTakeFirstOrThrow();
  const pending = Number(r.pending);
  const finished = Number(r.finished);
  return { pending, finished, total: pending + finished };
}

function problemsOf(e: DeployRefused, tr: Translator): ModelProblem[] {
  return e.problems.map((p) => ({
    key: p.key,
    element: p.element,
    message: tr.t(p.key, { element: p.element ?? '' }),
  }));
}

/** Who may see an instance's chart: model viewers, its starter, and anyone it asked to decide. */
async function mayViewInstance(
  db: Kysely<DB>,
  ctx: RequestContext,
  instanceId: string,
  starterId: string,
): Promise<boolean> {
  if (starterId === ctx.user.id || (await ctx.hasPermission(P.modelView))) return true;
  const involved = await db
    .selectFrom('wf_task')
    .select('id')
    .where('tenant_id', '=', ctx.tenantId)
    .where('instance_id', '=', instanceId)
    .where((eb) => eb.or([eb('handler_id', '=', ctx.user.id), sql<boolean>`${ctx.user.id}::uuid = any(candidate_ids)`]))
    .limit(1)
    .executeTakeFirst();
  return Boolean(involved);
}

export function flowRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  registerFeedbackProcess();

  // ── Models ────────────────────────────────────────────────────────────────
  serve(app, flow.listModels, async ({ ctx, query }) => {
    let q = db.selectFrom('wf_model').where('tenant_id', '=', ctx.tenantId);
    if (query.keyword)
      q = q.where((eb) =>
        eb.or([eb('name', 'ilike', likePattern(query.keyword!)), eb('key', 'ilike', likePattern(query.keyword!))]),
      );
    const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select(['id', 'key', 'name', 'description', 'version', 'status', 'published_version', 'updated_at'])
      .orderBy('updated_at', 'desc')
      .orderBy('id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute();
    return { records: rows.map(toModelRow), total: Number(total.n), page: query.page, size: query.size };
  });

  serve(app, flow.getModel, async ({ ctx, params }) => modelDetail(db, ctx.tenantId, params.id));

  serve(app, flow.createModel, async ({ ctx, body }) => {
    const id = await onUniqueViolation(
      () =>
        createModel(db, auditActorOf(ctx), {
          key: body.key,
          name: body.name,
          description: body.description,
          xml: body.xml ?? blankModelXml(body.key, body.name),
          userId: ctx.user.id,
        }),
      () => new ApiError(409, 'flow.model.keyTaken', { key: body.key }),
    );
    return modelDetail(db, ctx.tenantId, id);
  });

  serve(app, flow.updateModel, async ({ ctx, params, body }) => {
    if (
      !(await updateModel(db, auditActorOf(ctx), params.id, {
        name: body.name,
        description: body.description,
        xml: body.xml,
        userId: ctx.user.id,
      }))
    )
      throw notFound();
    return modelDetail(db, ctx.tenantId, params.id);
  });

  serve(app, flow.deleteModel, async ({ ctx, params }) => {
    await deleteModel(db, ctx.tenantId, params.id, auditActorOf(ctx));
    return null;
  });

  serve(app, flow.deploy, async ({ ctx, params, tr }) => {
    try {
      await deployModel(db, actorOf(ctx), params.id, auditActorOf(ctx));
    } catch (e) {
      if (e instanceof DeployRefused) {
        const problems = problemsOf(e, tr);
        throw new ApiError(400, 'flow.model.invalid', { problems, first: problems[0]?.message ?? '' });
      }
      throw e;
    }
    return modelDetail(db, ctx.tenantId, params.id);
  });

  serve(app, flow.publish, async ({ ctx, params, body }) => {
    await publishModel(db, actorOf(ctx), params.id, body.version, auditActorOf(ctx));
    return modelDetail(db, ctx.tenantId, params.id);
  });

  serve(app, flow.unpublish, async ({ ctx, params }) => {
    await unpublishModel(db, actorOf(ctx), params.id, auditActorOf(ctx));
    return modelDetail(db, ctx.tenantId, params.id);
  });

  // ── Tasks ─────────────────────────────────────────────────────────────────
  serve(app, flow.taskCount, async ({ ctx }) => counts(db, ctx));

  for (const scope of ['pending', 'finished'] as const) {
    serve(app, scope === 'pending' ? flow.pendingTasks : flow.finishedTasks, async ({ ctx, query }) => {
      let q = mine(db, ctx, scope);
      if (query.keyword)
        q = q.where((eb) =>
          eb.or([
            eb('i.title', 'ilike', likePattern(query.keyword!)),
            eb('t.name', 'ilike', likePattern(query.keyword!)),
          ]),
        );
      const rows = await q
        .orderBy(scope === 'pending' ? 't.created_at' : 't.handled_at', 'desc')
        .orderBy('t.id')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute();
      const total = await q
        .clearSelect()
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return { records: rows.map(toTaskRow), total: Number(total.n), page: query.page, size: query.size };
    });
  }

  serve(app, flow.getTask, async ({ ctx, params, tr }) => {
    const r = await taskQuery(db, ctx.tenantId)
      .where('t.id', '=', params.id)
      .where((eb) =>
        eb.or([eb('t.handler_id', '=', ctx.user.id), sql<boolean>`${ctx.user.id}::uuid = any(t.candidate_ids)`]),
      )
      .executeTakeFirst();
    if (!r) throw notFound();
    const binding = businessOf(r.business_type);
    const record = binding
      ? await db.transaction().execute((trx) => binding.describe(trx, ctx.tenantId, r.business_id, tr))
      : null;
    return {
      ...toTaskRow(r),
      record: record ?? [],
      canAct: r.status === 'pending' && r.candidate_ids.map(String).includes(ctx.user.id),
    };
  });

  /**
   * The meanings a pending task of the caller's requires (null: no signature, or decided already, which
   * the decision answers with 409 without asking for a password); 404 when it is not theirs.
   */
  async function signatureNeeded(ctx: RequestContext, id: string): Promise<string[] | null> {
    const t = await db
      .selectFrom('wf_task')
      .select(['sign_meanings', 'candidate_ids', 'status'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!t || !t.candidate_ids.map(String).includes(ctx.user.id)) throw notFound();
    return t.status === 'pending' ? t.sign_meanings : null;
  }

  for (const decision of ['agree', 'reject'] as const) {
    serve(app, decision === 'agree' ? flow.agree : flow.reject, async ({ ctx, params, body, tr, request }) => {
      const meanings = await signatureNeeded(ctx, params.id);
      const signer = meanings ? await proveSigner(db, request, ctx, tr, body, meanings) : null;
      return { status: await decideTask(db, actorOf(ctx), params.id, decision, body.opinion || null, signer) };
    });
  }

  serve(app, flow.batchAudit, async ({ ctx, body, tr, request }) => {
    const ids = [...new Set(body.ids)];
    // Signed tasks among them: the signer proves it once, and that signature goes on each.
    const valid = ids.filter((id) => uuidParam.safeParse(id).success);
    const signed =
      valid.length === 0
        ? []
        : await db
            .selectFrom('wf_task')
            .select('id')
            .where('tenant_id', '=', ctx.tenantId)
            .where('id', 'in', valid)
            .where('status', '=', 'pending')
            .where('sign_meanings', 'is not', null)
            .where(sql<boolean>`${ctx.user.id}::uuid = any(candidate_ids)`)
            .execute();
    const signer: Signer | null = signed.length ? await proveSigner(db, request, ctx, tr, body) : null;
    // Each task in its own transaction: one refusal never undoes the others.
    const results: BatchAuditResult[] = [];
    for (const id of ids) {
      try {
        if (!uuidParam.safeParse(id).success) throw notFound();
        await decideTask(db, actorOf(ctx), id, body.decision, body.opinion || null, signer);
        results.push({ id, ok: true, message: null });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        results.push({ id, ok: false, message: tr.t(e.key, (e.data ?? {}) as Record<string, unknown>) });
      }
    }
    return results;
  });

  // ── Instances ─────────────────────────────────────────────────────────────
  serve(app, flow.chart, async ({ ctx, params }) => {
    const i = await db
      .selectFrom('wf_instance as i')
      .innerJoin('wf_model_version as v', (j) =>
        j.onRef('v.tenant_id', '=', 'i.tenant_id').onRef('v.id', '=', 'i.version_id'),
      )
      .leftJoin('app_user as s', (j) => j.onRef('s.tenant_id', '=', 'i.tenant_id').onRef('s.id', '=', 'i.starter_id'))
      .select([
        'i.id',
        'i.title',
        'i.status',
        'i.done_elements',
        'i.started_at',
        'i.ended_at',
        'i.starter_id',
        'v.xml',
        's.account',
      ])
      .where('i.tenant_id', '=', ctx.tenantId)
      .where('i.id', '=', params.id)
      .executeTakeFirst();
    if (!i || !(await mayViewInstance(db, ctx, i.id, i.starter_id))) throw notFound();
    const history = await db
      .selectFrom('wf_task as t')
      .leftJoin('app_user as h', (j) => j.onRef('h.tenant_id', '=', 't.tenant_id').onRef('h.id', '=', 't.handler_id'))
      .select([
        't.id',
        't.element_id',
        't.name',
        't.status',
        't.opinion',
        't.created_at',
        't.handled_at',
        'h.account',
        't.signer_id',
        't.signer_name',
        't.sign_meaning',
        't.signed_at',
      ])
      .where('t.tenant_id', '=', ctx.tenantId)
      .where('t.instance_id', '=', i.id)
      .orderBy('t.created_at')
      .orderBy('t.id')
      .execute();
    return {
      instanceId: i.id,
      title: i.title,
      status: i.status,
      xml: i.xml,
      done: i.done_elements,
      current: history.filter((h) => h.status === 'pending').map((h) => h.element_id),
      history: history.map((h) => ({
        taskId: h.id,
        elementId: h.element_id,
        name: h.name,
        status: h.status,
        handler: h.account ?? null,
        opinion: h.opinion,
        createdAt: iso(h.created_at),
        handledAt: isoOrNull(h.handled_at),
        signature: signatureOf(h),
      })),
      startedAt: iso(i.started_at),
      endedAt: isoOrNull(i.ended_at),
      starter: i.account ?? '',
    };
  });
}
