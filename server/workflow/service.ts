/**
 * The workflow's calls for one caller: a model's life (each answered with the model as it is after),
 * a task with its record and the decisions on it, and an instance's chart.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  BatchAuditResult,
  Decision,
  DecisionResult,
  InstanceChart,
  ModelDetail,
  ModelProblem,
  TaskDetail,
} from '../../model/workflow/api';
import {
  FLOW_PERMISSIONS as P,
  type agreeInput,
  type batchAuditInput,
  type modelCreateInput,
  type modelUpdateInput,
} from '../../model/workflow/input';
import type { DB } from '../db/types';
import { onUniqueViolation } from '../db/errors';
import { ApiError, notFound, uuidParam, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { actorOf as auditActorOf, type AuditActor } from '../audit/write';
import { businessOf } from './business';
import { decideTask, type Actor } from './instances';
import {
  DeployRefused,
  blankModelXml,
  createModel,
  deleteModel,
  deployModel,
  modelDetail,
  publishModel,
  unpublishModel,
  updateModel,
} from './models';
import { proveSigner, type Signer } from './sign';
import { instanceHistory, instanceOf, involvedIn, signedAmong, taskGate, taskOf, whoOf, type Who } from './tasks';
import { iso } from '../dates';

/** What a workflow call brings: its caller, their language, and the request a signature is counted against. */
export interface FlowCall {
  ctx: RequestContext;
  tr: Translator;
  request: FastifyRequest;
}

const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

function problemsOf(e: DeployRefused, tr: Translator): ModelProblem[] {
  return e.problems.map((p) => ({
    key: p.key,
    element: p.element,
    message: tr.t(p.key, { element: p.element ?? '' }),
  }));
}

export class FlowService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly call: FlowCall,
  ) {}

  private get ctx(): RequestContext {
    return this.call.ctx;
  }
  private get who(): Who {
    return whoOf(this.ctx);
  }
  private get audit(): AuditActor {
    return auditActorOf(this.ctx);
  }
  private get actor(): Actor {
    return { tenantId: this.ctx.tenantId, userId: this.ctx.user.id, factoryId: this.ctx.factoryId, audit: this.audit };
  }
  private detail(id: string): Promise<ModelDetail> {
    return modelDetail(this.db, this.ctx.tenantId, id);
  }

  // ── Models ────────────────────────────────────────────────────────────────
  /** A new draft, the one-task diagram when none is given; 409 when the key is taken. */
  async createModel(body: z.output<typeof modelCreateInput>): Promise<ModelDetail> {
    const id = await onUniqueViolation(
      () =>
        createModel(this.db, this.audit, {
          key: body.key,
          name: body.name,
          description: body.description,
          xml: body.xml ?? blankModelXml(body.key, body.name),
          userId: this.ctx.user.id,
        }),
      () => new ApiError(409, 'flow.model.keyTaken', { key: body.key }),
    );
    return this.detail(id);
  }

  async updateModel(id: string, body: z.output<typeof modelUpdateInput>): Promise<ModelDetail> {
    const values = { name: body.name, description: body.description, xml: body.xml, userId: this.ctx.user.id };
    if (!(await updateModel(this.db, this.audit, id, values))) throw notFound();
    return this.detail(id);
  }

  async deleteModel(id: string): Promise<null> {
    await deleteModel(this.db, this.ctx.tenantId, id, this.audit);
    return null;
  }

  /** Deploys the draft; a draft that does not check answers 400 with its problems in the caller's language. */
  async deploy(id: string): Promise<ModelDetail> {
    try {
      await deployModel(this.db, this.actor, id, this.audit);
    } catch (e) {
      if (e instanceof DeployRefused) {
        const problems = problemsOf(e, this.call.tr);
        throw new ApiError(400, 'flow.model.invalid', { problems, first: problems[0]?.message ?? '' });
      }
      throw e;
    }
    return this.detail(id);
  }

  async publish(id: string, version: number | undefined): Promise<ModelDetail> {
    await publishModel(this.db, this.actor, id, version, this.audit);
    return this.detail(id);
  }

  async unpublish(id: string): Promise<ModelDetail> {
    await unpublishModel(this.db, this.actor, id, this.audit);
    return this.detail(id);
  }

  // ── Tasks ─────────────────────────────────────────────────────────────────
  /** A task of the caller's with the record it decides; 404 when it is not theirs. */
  async task(id: string): Promise<TaskDetail> {
    const task = await taskOf(this.db, this.who, id);
    if (!task) throw notFound();
    const binding = businessOf(task.businessType);
    const record = binding
      ? await this.db
          .transaction()
          .execute((trx) => binding.describe(trx, this.ctx.tenantId, task.businessId, this.call.tr))
      : null;
    return { ...task.row, record: record ?? [], canAct: task.canAct };
  }

  /**
   * The meanings a pending task of the caller's requires (null: no signature, or decided already, which
   * the decision answers with 409 without asking for a password); 404 when it is not theirs.
   */
  private async signatureNeeded(id: string): Promise<string[] | null> {
    const t = await taskGate(this.db, this.ctx.tenantId, id);
    if (!t || !t.candidate_ids.map(String).includes(this.ctx.user.id)) throw notFound();
    return t.status === 'pending' ? t.sign_meanings : null;
  }

  async decide(id: string, decision: Decision, body: z.output<typeof agreeInput>): Promise<DecisionResult> {
    const { ctx, tr, request } = this.call;
    const meanings = await this.signatureNeeded(id);
    const signer = meanings ? await proveSigner(this.db, request, ctx, tr, body, meanings) : null;
    return { status: await decideTask(this.db, this.actor, id, decision, body.opinion || null, signer) };
  }

  /** Decides each task of `body.ids`, each in its own transaction: one refusal never undoes the others. */
  async batchAudit(body: z.output<typeof batchAuditInput>): Promise<BatchAuditResult[]> {
    const { ctx, tr, request } = this.call;
    const ids = [...new Set(body.ids)];
    // Signed tasks among them: the signer proves it once, and that signature goes on each.
    const valid = ids.filter((id) => uuidParam.safeParse(id).success);
    const signed = await signedAmong(this.db, this.who, valid);
    const signer: Signer | null = signed.length ? await proveSigner(this.db, request, ctx, tr, body) : null;
    const results: BatchAuditResult[] = [];
    for (const id of ids) {
      try {
        if (!uuidParam.safeParse(id).success) throw notFound();
        await decideTask(this.db, this.actor, id, body.decision, body.opinion || null, signer);
        results.push({ id, ok: true, message: null });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        results.push({ id, ok: false, message: tr.t(e.key, (e.data ?? {}) as Record<string, unknown>) });
      }
    }
    return results;
  }

  // ── Instances ─────────────────────────────────────────────────────────────
  /** An instance's diagram and history, for its starter, a viewer of models, or someone it asked; 404 else. */
  async chart(id: string): Promise<InstanceChart> {
    const { ctx } = this;
    const i = await instanceOf(this.db, ctx.tenantId, id);
    const visible =
      i &&
      (i.starter_id === ctx.user.id ||
        (await ctx.hasPermission(P.modelView)) ||
        (await involvedIn(this.db, this.who, i.id)));
    if (!visible) throw notFound();
    const history = await instanceHistory(this.db, ctx.tenantId, i.id);
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
  }
}
