/**
 * Notices administration (issue 9). Custom routes rather than the resource engine: the audience is
 * three uuid arrays (factories, roles, users) the engine has no field kind for, the content is
 * sanitised rich text, and every row carries a read count from notice_receipt.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { notice } from '../../model/contract/notice';
import type { NoticeAdminRow, noticeInput } from '../../model/notice';
import type { DB } from '../db/types';
import { sanitizeRichText } from '../files/sanitize';
import { ApiError } from '../http';
import { serve } from '../serve';
import { recordRows } from '../audit/record';
import { actorOf } from '../audit/write';
import { deleteRecorded, updateRecorded, type RowHistory } from '../audit/own-row-history';
import { allInTenant, insertNotice, noticePage, type NoticeValues } from './store';
import { iso } from '../dates';

type NoticeInput = z.output<typeof noticeInput>;

/** Every id of the audience must belong to the tenant: a notice never names another tenant's rows. */
async function checkAudience(db: Kysely<DB>, tenantId: string, body: NoticeInput): Promise<void> {
  const checks = [
    ['factory', body.factoryIds, 'factoryIds'],
    ['role', body.roleIds, 'roleIds'],
    ['app_user', body.userIds, 'userIds'],
  ] as const;
  for (const [table, list, field] of checks) {
    if (!(await allInTenant(db, tenantId, table, list))) throw new ApiError(400, 'error.badRequest', { field });
  }
}

function values(body: NoticeInput): NoticeValues {
  return {
    title: body.title,
    content: sanitizeRichText(body.content),
    level: body.level,
    factory_ids: body.factoryIds,
    role_ids: body.roleIds,
    user_ids: body.userIds,
    ...(body.publishAt ? { publish_at: new Date(body.publishAt) } : {}),
    expire_at: body.expireAt ? new Date(body.expireAt) : null,
  };
}

const HISTORY: RowHistory<'notice'> = { entity: 'notice', codeOf: (row) => row.title };

export function noticeAdminRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, notice.page, async ({ ctx, query }) => {
    const page = await noticePage(db, ctx.tenantId, query.title, query);
    const records: NoticeAdminRow[] = page.records.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      level: r.level,
      factoryIds: r.factory_ids,
      roleIds: r.role_ids,
      userIds: r.user_ids,
      publishAt: iso(r.publish_at),
      expireAt: r.expire_at ? iso(r.expire_at) : null,
      readCount: Number(r.read_count ?? 0),
      createdAt: iso(r.created_at),
    }));
    return { ...page, records };
  });

  serve(app, notice.create, async ({ ctx, body }) => {
    await checkAudience(db, ctx.tenantId, body);
    return db.transaction().execute(async (trx) => {
      const row = await insertNotice(trx, ctx.tenantId, ctx.user.id, values(body));
      await recordRows(trx, actorOf(ctx), 'notice', 'create', [
        { id: row.id, code: row.title, before: null, after: row },
      ]);
      return { id: row.id, content: row.content };
    });
  });

  serve(app, notice.update, async ({ ctx, params, body }) => {
    await checkAudience(db, ctx.tenantId, body);
    return db.transaction().execute(async (trx) => {
      const row = await updateRecorded(trx, actorOf(ctx), 'notice', params.id, values(body), HISTORY);
      return { id: row.id, content: row.content };
    });
  });

  serve(app, notice.remove, async ({ ctx, params }) => {
    await db.transaction().execute(async (trx) => {
      await deleteRecorded(trx, actorOf(ctx), 'notice', params.id, HISTORY);
    });
    return null;
  });
}
