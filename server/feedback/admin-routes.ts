/**
 * Feedback handling (issue 9): the tenant's submitted feedback with pictures, handled with a status
 * and an opinion that the submitter then sees in their own list. A feedback that started the
 * published `feedback` process (issue 8) is handled through it: the handle agrees the administrator's
 * pending task, and the process's end marks the feedback processed. Without a running process the
 * administrator handles it directly.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { feedback } from '../../model/contract/feedback';
import type { FeedbackAdminRow } from '../../model/feedback';
import type { DB } from '../db/types';
import { ApiError, notFound } from '../http';
import { serve } from '../serve';
import { decideTask } from '../workflow/instances';
import { recordRows } from '../audit/record';
import { actorOf } from '../audit/write';
import { lockOwnRow } from '../db/own-row';
import { deleteRecorded } from '../audit/own-row-history';
import {
  feedbackPage,
  feedbackState,
  handleFeedback,
  pendingTaskFor,
  pictureOf,
  picturesOf,
  runningProcesses,
} from './store';

export function feedbackAdminRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, feedback.page, async ({ ctx, query }) => {
    const page = await feedbackPage(db, ctx.tenantId, query.status, query);
    const rows = page.records;
    const pictures = await picturesOf(
      db,
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    const running = await runningProcesses(
      db,
      ctx.tenantId,
      rows.map((r) => r.id),
    );
    const records: FeedbackAdminRow[] = rows.map((r) => ({
      id: r.id,
      description: r.description,
      contact: r.contact,
      status: r.status,
      handleOpinion: r.handle_opinion,
      userAccount: r.account,
      userName: r.nickname,
      createdAt: new Date(r.created_at).toISOString(),
      handledAt: r.handled_at ? new Date(r.handled_at).toISOString() : null,
      pictureIds: pictures.filter((p) => p.feedback_id === r.id).map((p) => p.id),
      inProcess: running.has(r.id),
    }));
    return { ...page, records };
  });

  serve(app, feedback.handle, async ({ ctx, params, body }) => {
    if (!(await feedbackState(db, ctx.tenantId, params.id))) throw notFound();
    const instanceId = (await runningProcesses(db, ctx.tenantId, [params.id])).get(params.id);
    if (instanceId) {
      // Only the process decides: the administrator's own pending task is agreed with the opinion.
      const task =
        body.status === 'processed' ? await pendingTaskFor(db, ctx.tenantId, instanceId, ctx.user.id) : undefined;
      if (!task) throw new ApiError(409, 'feedback.inProcess');
      await decideTask(
        db,
        { tenantId: ctx.tenantId, userId: ctx.user.id, factoryId: ctx.factoryId, audit: actorOf(ctx) },
        task.id,
        'agree',
        body.handleOpinion || null,
      );
      const after = (await feedbackState(db, ctx.tenantId, params.id))!;
      return { id: after.id, status: after.status, handleOpinion: after.handle_opinion };
    }
    const row = await db.transaction().execute(async (trx) => {
      const before = await lockOwnRow(trx, 'feedback', ctx.tenantId, params.id);
      const after = await handleFeedback(trx, ctx.tenantId, params.id, {
        status: body.status,
        opinion: body.handleOpinion || null,
        userId: ctx.user.id,
      });
      await recordRows(trx, actorOf(ctx), 'feedback', 'state', [
        { id: after.id, code: after.description.slice(0, 80), before, after },
      ]);
      return after;
    });
    return { id: row.id, status: row.status, handleOpinion: row.handle_opinion };
  });

  serve(app, feedback.remove, async ({ ctx, params }) => {
    await db.transaction().execute(async (trx) => {
      await deleteRecorded(trx, actorOf(ctx), 'feedback', params.id, {
        entity: 'feedback',
        codeOf: (row) => row.description.slice(0, 80),
      });
    });
    return null;
  });

  serve(app, feedback.pictureData, async ({ ctx, params }) => {
    const row = await pictureOf(db, ctx.tenantId, params.id);
    if (!row) throw notFound();
    return { dataUrl: `data:${row.content_type};base64,${Buffer.from(row.content).toString('base64')}` };
  });
}
