/** The notices a user sees and handles (SPEC §7 `notice/list`), scoped by tenant, factory and publish window. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { notice } from '../../model/contract/notice';
import type { NoticeItem } from '../../model/notice';
import type { DB } from '../db/types';
import { notFound } from '../http';
import { markHandled, readerNotices } from './store';
import { serve } from '../serve';

export function noticeRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, notice.list, async ({ ctx, query }) => {
    const rows = await readerNotices(db, ctx);
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
    if (!(await markHandled(db, ctx, params.id))) throw notFound();
    return null;
  });
}
