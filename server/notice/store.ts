/** The SQL of notices: what a reader sees and has handled, and the administrators' page and writes. */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { NOTICE_LEVELS } from '../../model/notice';
import type { DB } from '../db/types';
import type { RequestContext } from '../http';
import { containsPattern } from '../db/patterns';
import { pageOf, type PageQuery } from '../db/page';

/** A notice's columns as the administrators write them. */
export interface NoticeValues {
  title: string;
  content: string;
  level: (typeof NOTICE_LEVELS)[number];
  factory_ids: string[];
  role_ids: string[];
  user_ids: string[];
  publish_at?: Date;
  expire_at: Date | null;
}

/** The notices the caller may see now: published, not expired, in their language, aimed at them. */
function visible(db: Kysely<DB>, ctx: RequestContext) {
  let q = db
    .selectFrom('notice as n')
    .where('n.tenant_id', '=', ctx.tenantId)
    .where('n.publish_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('n.expire_at', 'is', null), eb('n.expire_at', '>', sql<Date>`now()`)]));
  // A notice written in one language reaches the readers of that language.
  q = q.where((eb) => eb.or([eb('n.language', 'is', null), eb('n.language', '=', ctx.language)]));
  // A notice aimed at factories reaches only users working in one of them.
  q = ctx.factoryId
    ? q.where((eb) =>
        eb.or([
          sql<boolean>`cardinality(n.factory_ids) = 0`,
          sql<boolean>`${ctx.factoryId}::uuid = any(n.factory_ids)`,
        ]),
      )
    : q.where(sql<boolean>`cardinality(n.factory_ids) = 0`);
  // A notice aimed at roles or users reaches only the named users and the holders of those roles.
  q = q.where(sql<boolean>`((cardinality(n.role_ids) = 0 and cardinality(n.user_ids) = 0)
    or ${ctx.user.id}::uuid = any(n.user_ids)
    or exists (select 1 from role_member ur where ur.tenant_id = n.tenant_id and ur.user_id = ${ctx.user.id}::uuid and ur.role_id = any(n.role_ids)))`);
  return q;
}

/** The notices the caller sees, newest first, each with when the caller handled it (null: not yet). */
export function readerNotices(db: Kysely<DB>, ctx: RequestContext) {
  return visible(db, ctx)
    .leftJoin('notice_receipt as r', (j) =>
      j.onRef('r.tenant_id', '=', 'n.tenant_id').onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', ctx.user.id),
    )
    .select(['n.id', 'n.title', 'n.content', 'n.level', 'n.publish_at', 'r.handled_at'])
    .orderBy('n.publish_at', 'desc')
    .execute();
}

/** Records that the caller handled a notice they see; false when they do not see it. */
export async function markHandled(db: Kysely<DB>, ctx: RequestContext, noticeId: string): Promise<boolean> {
  const found = await visible(db, ctx).select('n.id').where('n.id', '=', noticeId).executeTakeFirst();
  if (!found) return false;
  await db
    .insertInto('notice_receipt')
    .values({ tenant_id: ctx.tenantId, notice_id: noticeId, user_id: ctx.user.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

/** Whether every one of `ids` is a row of `table` in the tenant. */
export async function allInTenant(
  db: Kysely<DB>,
  tenantId: string,
  table: 'factory' | 'role' | 'app_user',
  ids: string[],
): Promise<boolean> {
  if (!ids.length) return true;
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .execute();
  return found.length === new Set(ids).size;
}

/** One page of the tenant's notices, newest first, with how many users handled each; by title when given. */
export function noticePage(db: Kysely<DB>, tenantId: string, title: string | undefined, query: PageQuery) {
  let base = db.selectFrom('notice as n').where('n.tenant_id', '=', tenantId);
  if (title) base = base.where('n.title', 'ilike', containsPattern(title));
  return pageOf(
    query,
    (limit, offset) =>
      base
        .selectAll('n')
        .select((eb) =>
          eb
            .selectFrom('notice_receipt as r')
            .whereRef('r.tenant_id', '=', 'n.tenant_id')
            .whereRef('r.notice_id', '=', 'n.id')
            .select(sql<string>`count(*)`.as('c'))
            .as('read_count'),
        )
        .orderBy('n.publish_at', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    (r) => r,
  );
}

export function insertNotice(trx: Kysely<DB>, tenantId: string, userId: string, values: NoticeValues) {
  return trx
    .insertInto('notice')
    .values({ tenant_id: tenantId, created_by: userId, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}
