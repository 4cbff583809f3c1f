/** Help courses (SPEC §7 `course/list`, issue 9): links or attached documents, listed for every user, edited by administrators. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/types';
import { notFound, route, uuidParam } from '../../http';

const PERM = 'system:course';
const tags = ['course'];

export interface CourseItem { id: string; title: string; description: string | null; url: string; sort: number }

export const courseInput = z.object({
  title: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
  description: z.string().trim().max(1000, { error: 'validation.tooLong' }).nullable().optional(),
  // Only web links or a path on this portal (an attached document): never javascript: or data:.
  url: z.string({ error: 'validation.required' }).trim().max(1000, { error: 'validation.tooLong' })
    .regex(/^(https?:\/\/|\/(?!\/))/i, { error: 'validation.format' }),
  sort: z.coerce.number().int().min(0).max(100_000).default(0),
});

export function courseRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  const toItem = (r: { id: string; title: string; description: string | null; url: string; sort: number }): CourseItem =>
    ({ id: r.id, title: r.title, description: r.description, url: r.url, sort: r.sort });

  route(app, {
    method: 'GET',
    url: '/platform-system/course/list',
    summary: "The tenant's help courses in display order",
    tags,
    permission: null,
    handler: async ({ ctx }) => {
      const rows = await db.selectFrom('course').select(['id', 'title', 'description', 'url', 'sort'])
        .where('tenant_id', '=', ctx.tenantId).orderBy('sort').orderBy('created_at').execute();
      return { records: rows.map(toItem) };
    },
  });

  route(app, {
    method: 'POST',
    url: '/platform-system/course',
    summary: 'Adds a help course',
    tags,
    permission: `${PERM}:add`,
    body: courseInput,
    handler: async ({ ctx, body }) => toItem(await db.insertInto('course').values({
      tenant_id: ctx.tenantId, title: body.title, description: body.description ?? null, url: body.url, sort: body.sort, created_by: ctx.user.id,
    }).returningAll().executeTakeFirstOrThrow()),
  });

  route(app, {
    method: 'PUT',
    url: '/platform-system/course/:id',
    summary: 'Edits a help course',
    tags,
    permission: `${PERM}:edit`,
    params: z.object({ id: uuidParam }),
    body: courseInput,
    handler: async ({ ctx, params, body }) => {
      const row = await db.updateTable('course')
        .set({ title: body.title, description: body.description ?? null, url: body.url, sort: body.sort, updated_at: sql<Date>`now()` })
        .where('tenant_id', '=', ctx.tenantId).where('id', '=', params.id).returningAll().executeTakeFirst();
      if (!row) throw notFound();
      return toItem(row);
    },
  });

  route(app, {
    method: 'DELETE',
    url: '/platform-system/course/:id',
    summary: 'Deletes a help course',
    tags,
    permission: `${PERM}:delete`,
    params: z.object({ id: uuidParam }),
    handler: async ({ ctx, params }) => {
      const row = await db.deleteFrom('course').where('tenant_id', '=', ctx.tenantId).where('id', '=', params.id).returning('id').executeTakeFirst();
      if (!row) throw notFound();
      return null;
    },
  });
}
