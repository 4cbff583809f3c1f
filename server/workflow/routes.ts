/** Workflow: models (deploy, publish, unpublish), task lists and decisions, flow charts. /api/flow-system/… */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { flow } from '../../model/contract/flow';
import type { DB } from '../db/types';
import { serve } from '../serve';
import { registerFeedbackProcess } from './feedback-process';
import { modelDetail, modelsPage } from './models';
import { FlowService, type FlowCall } from './service';
import { taskCounts, taskPage, whoOf } from './tasks';

export function flowRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  registerFeedbackProcess();
  const service = (call: FlowCall) => new FlowService(db, call);

  // ── Models ────────────────────────────────────────────────────────────────
  serve(app, flow.listModels, ({ ctx, query }) => modelsPage(db, ctx.tenantId, query));
  serve(app, flow.getModel, async ({ ctx, params }) => modelDetail(db, ctx.tenantId, params.id));
  serve(app, flow.createModel, (call) => service(call).createModel(call.body));
  serve(app, flow.updateModel, (call) => service(call).updateModel(call.params.id, call.body));
  serve(app, flow.deleteModel, (call) => service(call).deleteModel(call.params.id));
  serve(app, flow.deploy, (call) => service(call).deploy(call.params.id));
  serve(app, flow.publish, (call) => service(call).publish(call.params.id, call.body.version));
  serve(app, flow.unpublish, (call) => service(call).unpublish(call.params.id));

  // ── Tasks ─────────────────────────────────────────────────────────────────
  serve(app, flow.taskCount, ({ ctx }) => taskCounts(db, whoOf(ctx)));
  for (const scope of ['pending', 'finished'] as const)
    serve(app, scope === 'pending' ? flow.pendingTasks : flow.finishedTasks, ({ ctx, query }) =>
      taskPage(db, whoOf(ctx), scope, query),
    );
  serve(app, flow.getTask, (call) => service(call).task(call.params.id));
  for (const decision of ['agree', 'reject'] as const)
    serve(app, decision === 'agree' ? flow.agree : flow.reject, (call) =>
      service(call).decide(call.params.id, decision, call.body),
    );
  serve(app, flow.batchAudit, (call) => service(call).batchAudit(call.body));

  // ── Instances ─────────────────────────────────────────────────────────────
  serve(app, flow.chart, (call) => service(call).chart(call.params.id));
}
