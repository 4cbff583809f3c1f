/** Workflow: models (deploy, publish, unpublish), task lists and decisions, flow charts. /api/flow-system/… */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { flow } from '../../model/contract/flow';
import type { BatchAuditResult, ModelProblem } from '../../model/workflow/api';
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
  modelsPage,
  publishModel,
  unpublishModel,
  updateModel,
} from './models';
import { actorOf as auditActorOf } from '../audit/write';
import {
  instanceHistory,
  instanceOf,
  involvedIn,
  signedAmong,
  taskCounts,
  taskGate,
  taskOf,
  taskPage,
  type Who,
} from './tasks';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

const who = (ctx: RequestContext): Who => ({ tenantId: ctx.tenantId, userId: ctx.user.id });

const actorOf = (ctx: RequestContext): Actor => ({
  tenantId: ctx.tenantId,
  userId: ctx.user.id,
  factoryId: ctx.factoryId,
  audit: auditActorOf(ctx),
});

function problemsOf(e: DeployRefused, tr: Translator): ModelProblem[] {
  return e.problems.map((p) => ({
    key: p.key,
    element: p.element,
    message: tr.t(p.key, { element: p.element ?? '' }),
  }));
}

export function flowRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  registerFeedbackProcess();

  // ── Models ────────────────────────────────────────────────────────────────
  serve(app, flow.listModels, ({ ctx, query }) => modelsPage(db, ctx.tenantId, query));

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
  serve(app, flow.taskCount, ({ ctx }) => taskCounts(db, who(ctx)));

  for (const scope of ['pending', 'finished'] as const)
    serve(app, scope === 'pending' ? flow.pendingTasks : flow.finishedTasks, ({ ctx, query }) =>
      taskPage(db, who(ctx), scope, query),
    );

  serve(app, flow.getTask, async ({ ctx, params, tr }) => {
    const task = await taskOf(db, who(ctx), params.id);
    if (!task) throw notFound();
    const binding = businessOf(task.businessType);
    const record = binding
      ? await db.transaction().execute((trx) => binding.describe(trx, ctx.tenantId, task.businessId, tr))
      : null;
    return { ...task.row, record: record ?? [], canAct: task.canAct };
  });

  /**
   * The meanings a pending task of the caller's requires (null: no signature, or decided already, which
   * the decision answers with 409 without asking for a password); 404 when it is not theirs.
   */
  async function signatureNeeded(ctx: RequestContext, id: string): Promise<string[] | null> {
    const t = await taskGate(db, ctx.tenantId, id);
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
    const signed = await signedAmong(db, who(ctx), valid);
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
    const i = await instanceOf(db, ctx.tenantId, params.id);
    const visible =
      i &&
      (i.starter_id === ctx.user.id ||
        (await ctx.hasPermission(P.modelView)) ||
        (await involvedIn(db, who(ctx), i.id)));
    if (!visible) throw notFound();
    const history = await instanceHistory(db, ctx.tenantId, i.id);
    return {
      instanceId: i.id,
      title: i.title,
      status: i.status,
      xml: i.xml,
      done: i.done_elements,
      current: history.filter((h) => h.status === 'pending').map((h) => h.elementId),
      history,
      startedAt: iso(i.started_at),
      endedAt: isoOrNull(i.ended_at),
      starter: i.account ?? '',
    };
  });
}
