/** Help courses (SPEC §7 `course/list`, issue 9): links or attached documents, listed for every user, edited by administrators. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { course } from '../../model/contract/course';
import type { CourseItem } from '../../model/course';
import type { DB } from '../db/types';
import { serve } from '../serve';
import { recordRows } from '../audit/record';
import { actorOf } from '../audit/write';
import { deleteRecorded, updateRecorded, type RowHistory } from '../audit/own-row-history';
import { courseRows, insertCourse, type CourseValues } from './store';

const values = (body: { title: string; description?: string | null; url: string; sort: number }): CourseValues => ({
  title: body.title,
  description: body.description ?? null,
  url: body.url,
  sort: body.sort,
});

const HISTORY: RowHistory<'course'> = { entity: 'course', codeOf: (row) => row.title };

export function courseRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  const toItem = (r: {
    id: string;
    title: string;
    description: string | null;
    url: string;
    sort: number;
  }): CourseItem => ({ id: r.id, title: r.title, description: r.description, url: r.url, sort: r.sort });

  serve(app, course.list, async ({ ctx }) => {
    const rows = await courseRows(db, ctx.tenantId);
    return { records: rows.map(toItem) };
  });

  serve(app, course.create, async ({ ctx, body }) =>
    toItem(
      await db.transaction().execute(async (trx) => {
        const row = await insertCourse(trx, ctx.tenantId, ctx.user.id, values(body));
        await recordRows(trx, actorOf(ctx), 'course', 'create', [
          { id: row.id, code: row.title, before: null, after: row },
        ]);
        return row;
      }),
    ),
  );

  serve(app, course.update, async ({ ctx, params, body }) =>
    toItem(
      await db.transaction().execute(async (trx) => {
        return updateRecorded(trx, actorOf(ctx), 'course', params.id, values(body), HISTORY);
      }),
    ),
  );

  serve(app, course.remove, async ({ ctx, params }) => {
    await db.transaction().execute(async (trx) => {
      await deleteRecorded(trx, actorOf(ctx), 'course', params.id, HISTORY);
    });
    return null;
  });
}
