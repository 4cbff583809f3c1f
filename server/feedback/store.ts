/** The SQL of feedback: submitting with pictures, the submitter's and the administrators' pages, handling. */
import { sql, type Kysely } from 'kysely';
import type { FEEDBACK_STATUSES } from '../../model/account';
import type { DB } from '../db/types';
import { pageOf, type PageQuery } from '../db/page';
import { runningInstances } from '../workflow/instances';

type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export interface Picture {
  type: string;
  bytes: Buffer;
}

/** The pictures of the feedback rows given, oldest first, as ids by feedback. */
export async function picturesOf(db: Kysely<DB>, tenantId: string, feedbackIds: string[]) {
  if (feedbackIds.length === 0) return [];
  return db
    .selectFrom('feedback_picture')
    .select(['id', 'feedback_id'])
    .where('tenant_id', '=', tenantId)
    .where('feedback_id', 'in', feedbackIds)
    .orderBy('created_at')
    .execute();
}

/** The running feedback processes among these feedback ids, as instance ids by feedback. */
export const runningProcesses = (db: Kysely<DB>, tenantId: string, ids: string[]) =>
  runningInstances(db, tenantId, 'feedback', ids);

/** A new feedback with its pictures (inside the caller's transaction); its row. */
export async function insertFeedback(
  trx: Kysely<DB>,
  row: { tenantId: string; userId: string; factoryId: string | null; description: string; contact: string | null },
  pictures: Picture[],
) {
  const saved = await trx
    .insertInto('feedback')
    .values({
      tenant_id: row.tenantId,
      user_id: row.userId,
      factory_id: row.factoryId,
      description: row.description,
      contact: row.contact,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (const p of pictures) {
    await trx
      .insertInto('feedback_picture')
      .values({
        tenant_id: row.tenantId,
        feedback_id: saved.id,
        content_type: p.type,
        size: p.bytes.length,
        content: p.bytes,
      })
      .execute();
  }
  return saved;
}

/** One page of a user's own feedback, newest first. */
export function ownFeedbackPage(db: Kysely<DB>, tenantId: string, userId: string, query: PageQuery) {
  const base = db.selectFrom('feedback').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
  return pageOf(
    query,
    (limit, offset) =>
      base
        .select(['id', 'description', 'contact', 'status', 'handle_opinion', 'created_at'])
        .orderBy('created_at', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    (r) => r,
  );
}

/** One page of the tenant's feedback with who sent it, newest first, of one status when given. */
export function feedbackPage(db: Kysely<DB>, tenantId: string, status: FeedbackStatus | undefined, query: PageQuery) {
  let base = db
    .selectFrom('feedback as f')
    .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'f.tenant_id').onRef('u.id', '=', 'f.user_id'))
    .where('f.tenant_id', '=', tenantId);
  if (status) base = base.where('f.status', '=', status);
  return pageOf(
    query,
    (limit, offset) =>
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
        .limit(limit)
        .offset(offset)
        .execute(),
    () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    (r) => r,
  );
}

/** A feedback's state and opinion, or undefined when the tenant has no such feedback. */
export function feedbackState(db: Kysely<DB>, tenantId: string, id: string) {
  return db
    .selectFrom('feedback')
    .select(['id', 'status', 'handle_opinion'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The pending task of a running process that this user may decide, if any. */
export function pendingTaskFor(db: Kysely<DB>, tenantId: string, instanceId: string, userId: string) {
  return db
    .selectFrom('wf_task')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .where('status', '=', 'pending')
    .where(sql<boolean>`${userId}::uuid = any(candidate_ids)`)
    .executeTakeFirst();
}

/** Sets a feedback's state and opinion as handled by the user now (inside the caller's transaction); its row. */
export function handleFeedback(
  trx: Kysely<DB>,
  tenantId: string,
  id: string,
  handled: { status: FeedbackStatus; opinion: string | null; userId: string },
) {
  return trx
    .updateTable('feedback')
    .set({
      status: handled.status,
      handle_opinion: handled.opinion,
      handled_by: handled.userId,
      handled_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A picture's bytes and type, with who sent its feedback; undefined when the tenant has no such picture. */
export function pictureOf(db: Kysely<DB>, tenantId: string, id: string) {
  return db
    .selectFrom('feedback_picture as p')
    .innerJoin('feedback as f', (j) => j.onRef('f.tenant_id', '=', 'p.tenant_id').onRef('f.id', '=', 'p.feedback_id'))
    .select(['p.content', 'p.content_type', 'f.user_id'])
    .where('p.tenant_id', '=', tenantId)
    .where('p.id', '=', id)
    .executeTakeFirst();
}
