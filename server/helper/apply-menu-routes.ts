/** Menu application review (SPEC §2 `helper/apply-menu`): apply, compare with the menu tree, approve or reject. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { helper } from '../../model/contract/helper';
import type { MenuApplicationEntry, MenuApplicationRow } from '../../model/helper';
import type { DB } from '../db/types';
import { ApiError, notFound } from '../http';
import { serve } from '../serve';
import {
  checkShape,
  decide,
  diffEntries,
  MENU_APPLICATION_ENTITY,
  MENU_APPLICATION_PROCESS,
  applications,
  insertApplication,
  registerMenuApplicationProcess,
} from './menu-applications';
import { runningInstances, startProcess } from '../workflow/instances';
import { recordRows } from '../audit/record';
import { actorOf } from '../audit/write';
import { pageOf } from '../db/page';
import { iso, isoOrNull } from '../dates';

const entriesOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as MenuApplicationEntry[];
const countOf = (entries: MenuApplicationEntry[]): number => entries.reduce((n, e) => n + 1 + countOf(e.children), 0);

type Record_ = Awaited<ReturnType<ReturnType<typeof applications>['executeTakeFirstOrThrow']>>;
const toRow = (a: Record_): MenuApplicationRow => ({
  id: a.id,
  appType: a.app_type,
  title: a.title,
  reason: a.reason,
  status: a.status,
  reviewReason: a.review_reason,
  applicant: a.applicant ?? '',
  reviewer: a.reviewer ?? null,
  entryCount: countOf(entriesOf(a.entries)),
  createdAt: iso(a.created_at),
  reviewedAt: isoOrNull(a.reviewed_at),
});

export function helperApplyMenuRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  registerMenuApplicationProcess();

  const inWorkflow = async (tenantId: string, id: string) =>
    (await runningInstances(db, tenantId, MENU_APPLICATION_ENTITY, [id])).has(id);

  serve(app, helper.applications, async ({ ctx, query }) => {
    let q = applications(db, ctx.tenantId);
    if (query.status) q = q.where('a.status', '=', query.status);
    return pageOf(
      query,
      (limit, offset) => q.orderBy('a.created_at', 'desc').orderBy('a.id').limit(limit).offset(offset).execute(),
      () =>
        q
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      toRow,
    );
  });

  serve(app, helper.application, async ({ ctx, params }) => {
    const a = await applications(db, ctx.tenantId).where('a.id', '=', params.id).executeTakeFirst();
    if (!a) throw notFound();
    return { ...toRow(a), entries: await diffEntries(db, entriesOf(a.entries)) };
  });

  serve(app, helper.apply, async ({ ctx, body }) => {
    const problem = await checkShape(db, body.appType, body.entries);
    if (problem) throw new ApiError(400, problem.key, { code: problem.code });
    const id = await db.transaction().execute(async (trx) => {
      const row = await insertApplication(trx, ctx.tenantId, ctx.user.id, body);
      // Before the process starts: a process that ends at once decides the application, after its creation.
      await recordRows(trx, actorOf(ctx), MENU_APPLICATION_ENTITY, 'create', [
        { id: row.id, code: row.title, before: null, after: row },
      ]);
      await startProcess(
        trx,
        { tenantId: ctx.tenantId, userId: ctx.user.id, factoryId: ctx.factoryId, audit: actorOf(ctx) },
        {
          modelKey: MENU_APPLICATION_PROCESS,
          businessType: MENU_APPLICATION_ENTITY,
          businessId: row.id,
          title: body.title,
        },
      );
      return row.id;
    });
    const a = await applications(db, ctx.tenantId).where('a.id', '=', id).executeTakeFirstOrThrow();
    return { ...toRow(a), entries: await diffEntries(db, body.entries) };
  });

  for (const [verb, ep] of [
    ['approve', helper.approve],
    ['reject', helper.reject],
  ] as const) {
    serve(app, ep, async ({ ctx, params, body }) => {
      if (await inWorkflow(ctx.tenantId, params.id)) throw new ApiError(409, 'helper.apply.inWorkflow');
      await db
        .transaction()
        .execute((trx) =>
          decide(trx, ctx.tenantId, params.id, ctx.user.id, verb === 'approve', body.reason ?? null, actorOf(ctx)),
        );
      return null;
    });
  }
}
