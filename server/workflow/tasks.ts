/** Workflow tasks and instances in the database: the task lists, one task, counts and the flow chart's history. */
import { sql, type Kysely } from 'kysely';
import type { TaskCounts, TaskRow } from '../../model/workflow/api';
import type { TaskSignature } from '../../model/workflow/signature';
import type { DB } from '../db/types';
import type { RequestContext } from '../http';
import { containsPattern } from '../db/patterns';
import { pageOf } from '../db/page';
import { iso } from '../dates';

const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** The user a task list is of. */
export interface Who {
  tenantId: string;
  userId: string;
}

/** The caller of a request as the user whose tasks are listed. */
export const whoOf = (ctx: Pick<RequestContext, 'tenantId' | 'user'>): Who => ({
  tenantId: ctx.tenantId,
  userId: ctx.user.id,
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

export type Scope = 'pending' | 'finished';
function mine(db: Kysely<DB>, who: Who, scope: Scope) {
  const q = taskQuery(db, who.tenantId);
  return scope === 'pending'
    ? q.where('t.status', '=', 'pending').where(sql<boolean>`${who.userId}::uuid = any(t.candidate_ids)`)
    : q.where('t.handler_id', '=', who.userId);
}

export async function taskCounts(db: Kysely<DB>, who: Who): Promise<TaskCounts> {
  const r = await db
    .selectFrom('wf_task')
    .select([
      sql<string>`count(*) filter (where status = 'pending' and ${who.userId}::uuid = any(candidate_ids))`.as(
        'pending',
      ),
      sql<string>`count(*) filter (where handler_id = ${who.userId})`.as('finished'),
    ])
    .where('tenant_id', '=', who.tenantId)
    .executeTakeFirstOrThrow();
  const pending = Number(r.pending);
  const finished = Number(r.finished);
  return { pending, finished, total: pending + finished };
}

/** A page of the user's pending tasks (newest first) or of those they decided (latest decision first). */
export async function taskPage(
  db: Kysely<DB>,
  who: Who,
  scope: Scope,
  query: { keyword?: string; page: number; size: number },
) {
  let q = mine(db, who, scope);
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    q = q.where((eb) => eb.or([eb('i.title', 'ilike', like), eb('t.name', 'ilike', like)]));
  }
  return pageOf(
    query,
    (limit, offset) =>
      q
        .orderBy(scope === 'pending' ? 't.created_at' : 't.handled_at', 'desc')
        .orderBy('t.id')
        .limit(limit)
        .offset(offset)
        .execute(),
    () =>
      q
        .clearSelect()
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    toTaskRow,
  );
}

/** A task the user decided or may decide, with what the decision needs; undefined otherwise. */
export async function taskOf(db: Kysely<DB>, who: Who, id: string) {
  const r = await taskQuery(db, who.tenantId)
    .where('t.id', '=', id)
    .where((eb) =>
      eb.or([eb('t.handler_id', '=', who.userId), sql<boolean>`${who.userId}::uuid = any(t.candidate_ids)`]),
    )
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    row: toTaskRow(r),
    businessType: r.business_type,
    businessId: r.business_id,
    canAct: r.status === 'pending' && r.candidate_ids.map(String).includes(who.userId),
  };
}

/** A task's signature meanings, candidates and status, by id within the tenant. */
export function taskGate(db: Kysely<DB>, tenantId: string, id: string) {
  return db
    .selectFrom('wf_task')
    .select(['sign_meanings', 'candidate_ids', 'status'])
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Which of the ids are pending tasks of the user that ask for a signature. */
export async function signedAmong(db: Kysely<DB>, who: Who, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('wf_task')
    .select('id')
    .where('tenant_id', '=', who.tenantId)
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .where('sign_meanings', 'is not', null)
    .where(sql<boolean>`${who.userId}::uuid = any(candidate_ids)`)
    .execute();
  return rows.map((r) => r.id);
}

/** Whether the user decided, or is asked to decide, a task of the instance. */
export async function involvedIn(db: Kysely<DB>, who: Who, instanceId: string): Promise<boolean> {
  const involved = await db
    .selectFrom('wf_task')
    .select('id')
    .where('tenant_id', '=', who.tenantId)
    .where('instance_id', '=', instanceId)
    .where((eb) => eb.or([eb('handler_id', '=', who.userId), sql<boolean>`${who.userId}::uuid = any(candidate_ids)`]))
    .limit(1)
    .executeTakeFirst();
  return Boolean(involved);
}

/** An instance with its model's diagram and starter; undefined when the tenant has none of that id. */
export function instanceOf(db: Kysely<DB>, tenantId: string, id: string) {
  return db
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
    .where('i.tenant_id', '=', tenantId)
    .where('i.id', '=', id)
    .executeTakeFirst();
}

/** An instance's tasks in order, as the chart's history. */
export async function instanceHistory(db: Kysely<DB>, tenantId: string, instanceId: string) {
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
    .where('t.tenant_id', '=', tenantId)
    .where('t.instance_id', '=', instanceId)
    .orderBy('t.created_at')
    .orderBy('t.id')
    .execute();
  return history.map((h) => ({
    taskId: h.id,
    elementId: h.element_id,
    name: h.name,
    status: h.status,
    handler: h.account ?? null,
    opinion: h.opinion,
    createdAt: iso(h.created_at),
    handledAt: isoOrNull(h.handled_at),
    signature: signatureOf(h),
  }));
}
