/** The notices a user sees and handles (SPEC §7 `notice/list`), scoped by tenant, factory and publish window. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { notice } from '../../model/contract/notice';
import type { NoticeItem } from '../../model/notice';
import type { DB } from '../db/types';
import { notFound, type RequestContext } from '../http';
import { serve } from '../serve';

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

export function noticeRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, notice.list, async ({ ctx, query }) => {
    const rows = await visible(db, ctx)
      .leftJoin('notice_receipt as r', (j) =>
        j.onRef('r.tenant_id', '=', 'n.tenant_id').onRef('r.notice_id', '=', 'n.id').on('r.user_id', '=', ctx.user.id),
      )
      .select(['n.id', 'n.title', 'n.content', 'n.level', 'n.publish_at', 'r.handled_at'])
      .orderBy('n.publish_at', 'desc')
      .execute();
    const records: NoticeItem[] = rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      level: r.level,
      publishAt: new Date(r.publish_at).toISOString(),
      handled: r.handled_at !== null,
    }));
    const handledNum = records.filter((r) => r.handled).length;
    return {
      records: records.slice(0, query.limit),
      handledNum,
      unHandleNum: records.length - handledNum,
      totalNum: records.length,
    };
  });

  serve(app, notice.handle, async ({ ctx, params }) => {
    const found = await visible(db, ctx).select('n.id').where('n.id', '=', params.id).executeTakeFirst();
    if (!found) throw notFound();
    await db
      .insertInto('notice_receipt')
      .values({ tenant_id: ctx.tenantId, notice_id: params.id, user_id: ctx.user.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return null;
  });
}
