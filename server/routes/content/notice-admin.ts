/**
 * Notices administration (issue 9). Custom routes rather than the resource engine: the audience is
 * three uuid arrays (factories, roles, users) the engine has no field kind for, the content is
 * sanitised rich text, and every row carries a read count from notice_receipt.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types';
import { sanitizeRichText } from '../../files/sanitize';
import { ApiError, notFound, route, uuidParam } from '../../http';

const PERM = 'system:notice';
const tags = ['notice'];
const ids = z.array(uuidParam).max(500).default([]);

export const noticeInput = z.object({
  title: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
  content: z.string().max(200_000, { error: 'validation.tooLong' }).default(''),
  level: z.enum(['info', 'warning', 'urgent']).default('info'),
  factoryIds: ids,
  roleIds: ids,
  userIds: ids,
  publishAt: z.iso.datetime({ offset: true }).optional(),
  expireAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
type NoticeInput = z.output<typeof noticeInput>;

export interface NoticeAdminRow {
  id: string; title: string; content: string; level: string;
  factoryIds: string[]; roleIds: string[]; userIds: string[];
  publishAt: string; expireAt: string | null; readCount: number; createdAt: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Every id of the audience must belong to the tenant: a notice never names another tenant's rows. */
async function checkAudience(db: Kysely<DB>, tenantId: string, body: NoticeInput): Promise<void> {
  const checks = [['factory', body.factoryIds, 'factoryIds'], ['role', body.roleIds, 'roleIds'], ['app_user', body.userIds, 'userIds']] as const;
  for (const [table, list, field] of checks) {
    if (!list.length) continue;
    const found = await db.selectFrom(table).select('id').where('tenant_id', '=', tenantId).where('id', 'in', list).execute();
    if (found.length !== new Set(list).size) throw new ApiError(400, 'error.badRequest', { field });
  }
}

function values(body: NoticeInput) {
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

export function noticeAdminRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  route(app, {
    method: 'GET',
    url: '/platform-system/notice/page',
    summary: 'All notices of the tenant with their audience and how many users handled each',
    tags,
    permission: `${PERM}:view`,
    query: z.object({
      title: z.string().max(200).optional(),
      page: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(100).default(20),
    }),
    handler: async ({ ctx, query }) => {
      let base = db.selectFrom('notice as n').where('n.tenant_id', '=', ctx.tenantId);
      if (query.title) base = base.where('n.title', 'ilike', `%${query.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const [rows, total] = await Promise.all([
        base.selectAll('n')
          .select((eb) => eb.selectFrom('notice_receipt as r').whereRef('r.tenant_id', '=', 'n.tenant_id').whereRef('r.notice_id', '=', 'n.id')
            .select(sql<string>`count(*)`.as('c')).as('read_count'))
          .orderBy('n.publish_at', 'desc').limit(query.size).offset((query.page - 1) * query.size).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const records: NoticeAdminRow[] = rows.map((r) => ({
        id: r.id, title: r.title, content: r.content, level: r.level,
        factoryIds: r.factory_ids, roleIds: r.role_ids, userIds: r.user_ids,
        publishAt: iso(r.publish_at), expireAt: r.expire_at ? iso(r.expire_at) : null,
        readCount: Number(r.read_count ?? 0), createdAt: iso(r.created_at),
      }));
      return { records, total: Number(total.n), page: query.page, size: query.size };
    },
  });

  route(app, {
    method: 'POST',
    url: '/platform-system/notice',
    summary: 'Publishes a notice (content is sanitised)',
    tags,
    permission: `${PERM}:add`,
    body: noticeInput,
    handler: async ({ ctx, body }) => {
      await checkAudience(db, ctx.tenantId, body);
      return db.insertInto('notice').values({ tenant_id: ctx.tenantId, created_by: ctx.user.id, ...values(body) })
        .returning(['id', 'content']).executeTakeFirstOrThrow();
    },
  });

  route(app, {
    method: 'PUT',
    url: '/platform-system/notice/:id',
    summary: 'Edits a notice (content is sanitised)',
    tags,
    permission: `${PERM}:edit`,
    params: z.object({ id: uuidParam }),
    body: noticeInput,
    handler: async ({ ctx, params, body }) => {
      await checkAudience(db, ctx.tenantId, body);
      const row = await db.updateTable('notice').set({ ...values(body), updated_at: sql<Date>`now()` })
        .where('tenant_id', '=', ctx.tenantId).where('id', '=', params.id).returning(['id', 'content']).executeTakeFirst();
      if (!row) throw notFound();
      return row;
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/platform-system/notice/:id',
    summary: 'Deletes a notice and its read receipts',
    tags,
    permission: `${PERM}:delete`,
    params: z.object({ id: uuidParam }),
    handler: async ({ ctx, params }) => {
      const row = await db.deleteFrom('notice').where('tenant_id', '=', ctx.tenantId).where('id', '=', params.id).returning('id').executeTakeFirst();
      if (!row) throw notFound();
      return null;
    },
  });
}
