/**
 * Feedback handling (issue 9): the tenant's submitted feedback with pictures, handled with a status
 * and an opinion that the submitter then sees in their own list. A feedback that started the
 * published `feedback` process (issue 8) is handled through it: the handle agrees the administrator's
 * pending task, and the process's end marks the feedback processed. Without a running process the
 * administrator handles it directly.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { feedback } from '../../model/contract/feedback';
import type { FeedbackAdminRow } from '../../model/feedback';
import type { DB } from '../db/types';
import { ApiError, notFound } from '../http';
import { serve } from '../serve';
import { decideTask } from '../workflow/instances';
import { recordRows } from '../audit/record';
import { actorOf } from '../audit/write';
import { lockOwnRow, deleteOwnRow } from '../db/own-row';
import { picturesOf } from './routes';

/** The running feedback processes among these feedback ids. */
async function runningProcesses(db: Kysely<DB>, tenantId: string, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('wf_instance')
    .select(['id', 'business_id'])
    .where('tenant_id', '=', tenantId)
    .where('business_type', '=', 'feedback')
    .where('status', '=', 'running')
    .where('business_id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.business_id, r.id]));
}

export function feedbackAdminRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, feedback.page, async ({ ctx, query }) => {
    let base = db
      .selectFrom('feedback as f')
      .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'f.tenant_id').onRef('u.id', '=', 'f.user_id'))
      .where('f.tenant_id', '=', ctx.tenantId);
    if (query.status) base = base.where('f.status', '=', query.status);
    const [rows, total] = await Promise.all([
      base
        .select([
          'f.id',
          'f.description',
          'f.contact',
          'f.status',
          'f.handle_opinion',
          'f.created_at',
          'f.handled_at',
          'u.account',
          'u.nickname',
        ])
        .orderBy('f.created_at', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
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
    return { records, total: Number(total.n), page: query.page, size: query.size };
  });

  serve(app, feedback.handle, async ({ ctx, params, body }) => {
    const exists = await db
      .selectFrom('feedback')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!exists) throw notFound();
    const instanceId = (await runningProcesses(db, ctx.tenantId, [params.id])).get(params.id);
    if (instanceId) {
      // Only the process decides: the administrator's own pending task is agreed with the opinion.
      const task =
        body.status === 'processed'
          ? await db
              .selectFrom('wf_task')
              .select('id')
              .where('tenant_id', '=', ctx.tenantId)
              .where('instance_id', '=', instanceId)
              .where('status', '=', 'pending')
              .where(sql<boolean>`${ctx.user.id}::uuid = any(candidate_ids)`)
              .executeTakeFirst()
          : undefined;
      if (!task) throw new ApiError(409, 'feedback.inProcess');
      await decideTask(
        db,
        { tenantId: ctx.tenantId, userId: ctx.user.id, factoryId: ctx.factoryId, audit: actorOf(ctx) },
        task.id,
        'agree',
        body.handleOpinion || null,
      );
      const after = await db
        .selectFrom('feedback')
        .select(['id', 'status', 'handle_opinion'])
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', '=', params.id)
        .executeTakeFirstOrThrow();
      return { id: after.id, status: after.status, handleOpinion: after.handle_opinion };
    }
    const row = await db.transaction().execute(async (trx) => {
      const before = await lockOwnRow(trx, 'feedback', ctx.tenantId, params.id);
      const after = await trx
        .updateTable('feedback')
        .set({
          status: body.status,
          handle_opinion: body.handleOpinion || null,
          handled_by: ctx.user.id,
          handled_at: sql<Date>`now()`,
          updated_at: sql<Date>`now()`,
        })
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', '=', params.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordRows(trx, actorOf(ctx), 'feedback', 'state', [
        { id: after.id, code: after.description.slice(0, 80), before, after },
      ]);
      return after;
    });
    return { id: row.id, status: row.status, handleOpinion: row.handle_opinion };
  });

  serve(app, feedback.remove, async ({ ctx, params }) => {
    await db.transaction().execute(async (trx) => {
      const row = await deleteOwnRow(trx, 'feedback', ctx.tenantId, params.id);
      await recordRows(trx, actorOf(ctx), 'feedback', 'delete', [
        { id: row.id, code: row.description.slice(0, 80), before: row, after: null },
      ]);
    });
    return null;
  });

  serve(app, feedback.pictureData, async ({ ctx, params }) => {
    const row = await db
      .selectFrom('feedback_picture')
      .select(['content', 'content_type'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('id', '=', params.id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return { dataUrl: `data:${row.content_type};base64,${Buffer.from(row.content).toString('base64')}` };
  });
}
