/** Help courses (SPEC §7 `course/list`, issue 9): links or attached documents, listed for every user, edited by administrators. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { course } from '../../../model/contract/course';
import type { CourseItem } from '../../../model/course';
import type { DB } from '../../db/types';
import { notFound } from '../../http';
import { serve } from '../../serve';

export function courseRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  const toItem = (r: { id: string; title: string; description: string | null; url: string; sort: number }): CourseItem =>
    ({ id: r.id, title: r.title, description: r.description, url: r.url, sort: r.sort });

  serve(app, course.list, async ({ ctx }) => {
    const rows = await db.selectFrom('course').select(['id', 'title', 'description', 'url', 'sort'])
      .where('tenant_id', '=', ctx.tenantId).orderBy('sort').orderBy('created_at').execute();
    return { records: rows.map(toItem) };
  });

  serve(app, course.create, async ({ ctx, body }) => toItem(await db.insertInto('course').values({
    tenant_id: ctx.tenantId, title: body.title, description: body.description ?? null, url: body.url, sort: body.sort, created_by: ctx.user.id,
  }).returningAll().executeTakeFirstOrThrow()));

  serve(app, course.update, async ({ ctx, params, body }) => {
    const row = await db.updateTable('course')
      .set({ title: body.title, description: body.description ?? null, url: body.url, sort: body.sort, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', ctx.tenantId).where('id', '=', params.id).returningAll().executeTakeFirst();
    if (!row) throw notFound();
    return toItem(row);
  });

  serve(app, course.remove, async ({ ctx, params }) => {
    const row = await db.deleteFrom('course').where('tenant_id', '=', ctx.tenantId).where('id', '=', params.id).returning('id').executeTakeFirst();
    if (!row) throw notFound();
    return null;
  });
}
