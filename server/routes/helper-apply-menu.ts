/** Menu application review (SPEC §2 `helper/apply-menu`): apply, compare with the menu tree, approve or reject. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Page } from '../../model/api';
import {
  HELPER_FIELD_LABELS as labels, HELPER_PERMISSIONS as P, menuApplicationInput, rejectReviewInput, reviewInput,
  type MenuApplicationDetail, type MenuApplicationEntry, type MenuApplicationRow,
} from '../../model/helper';
import type { DB } from '../db/types';
import { ApiError, notFound, route, uuidParam } from '../http';
import { checkShape, decide, diffEntries, MENU_APPLICATION_PROCESS, registerMenuApplicationProcess } from '../helper/menu-applications';
import { startProcess } from '../workflow/instances';

const tags = ['helper'];
const BASE = '/platform-system/menu-application';
const VIEW = 'helper:apply-menu:view';
const idParams = z.object({ id: uuidParam });
const listQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).optional(),
  page: z.coerce.number().int().min(1).max(100000).optional().default(1),
  size: z.coerce.number().int().min(1).max(500).optional().default(20),
});
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const entriesOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as MenuApplicationEntry[];
const countOf = (entries: MenuApplicationEntry[]): number => entries.reduce((n, e) => n + 1 + countOf(e.children), 0);

function applications(db: Kysely<DB>, tenantId: string) {
  return db.selectFrom('menu_application as a')
    .leftJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.applicant_id'))
    .leftJoin('app_user as r', (j) => j.onRef('r.tenant_id', '=', 'a.tenant_id').onRef('r.id', '=', 'a.reviewer_id'))
    .select(['a.id', 'a.app_type', 'a.title', 'a.reason', 'a.status', 'a.review_reason', 'a.entries', 'a.created_at', 'a.reviewed_at', 'u.account as applicant', 'r.account as reviewer'])
    .where('a.tenant_id', '=', tenantId);
}
type Record_ = Awaited<ReturnType<ReturnType<typeof applications>['executeTakeFirstOrThrow']>>;
const toRow = (a: Record_): MenuApplicationRow => ({
  id: a.id, appType: a.app_type, title: a.title, reason: a.reason, status: a.status, reviewReason: a.review_reason,
  applicant: a.applicant ?? '', reviewer: a.reviewer ?? null, entryCount: countOf(entriesOf(a.entries)),
  createdAt: iso(a.created_at)!, reviewedAt: iso(a.reviewed_at),
});

export function helperApplyMenuRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  registerMenuApplicationProcess();

  async function inWorkflow(tenantId: string, id: string): Promise<boolean> {
    const running = await db.selectFrom('wf_instance').select('id').where('tenant_id', '=', tenantId).where('business_type', '=', 'menu-application')
      .where('business_id', '=', id).where('status', '=', 'running').executeTakeFirst();
    return Boolean(running);
  }

  route(app, {
    method: 'GET', url: BASE, summary: 'Page of menu applications, newest first', tags, permission: VIEW, query: listQuery,
    handler: async ({ ctx, query }): Promise<Page<MenuApplicationRow>> => {
      let q = applications(db, ctx.tenantId);
      if (query.status) q = q.where('a.status', '=', query.status);
      const rows = await q.orderBy('a.created_at', 'desc').orderBy('a.id').limit(query.size).offset((query.page - 1) * query.size).execute();
      const total = await q.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return { records: rows.map(toRow), total: Number(total.n), page: query.page, size: query.size };
    },
  });

  route(app, {
    method: 'GET', url: `${BASE}/:id`, summary: 'An application with each entry compared with the current menu tree', tags, permission: VIEW, params: idParams,
    handler: async ({ ctx, params }): Promise<MenuApplicationDetail> => {
      const a = await applications(db, ctx.tenantId).where('a.id', '=', params.id).executeTakeFirst();
      if (!a) throw notFound();
      return { ...toRow(a), entries: await diffEntries(db, entriesOf(a.entries)) };
    },
  });

  route(app, {
    method: 'POST', url: BASE, summary: 'Applies for menu entries of an app (starts the menu-application process when published)', tags,
    permission: P.applyAdd, body: menuApplicationInput, labels,
    handler: async ({ ctx, body }): Promise<MenuApplicationDetail> => {
      const problem = await checkShape(db, body.appType, body.entries);
      if (problem) throw new ApiError(400, problem.key, { code: problem.code });
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('menu_application').values({
          tenant_id: ctx.tenantId, app_type: body.appType, title: body.title, reason: body.reason, entries: JSON.stringify(body.entries), applicant_id: ctx.user.id,
        }).returning('id').executeTakeFirstOrThrow();
        await startProcess(trx, { tenantId: ctx.tenantId, userId: ctx.user.id, factoryId: ctx.factoryId },
          { modelKey: MENU_APPLICATION_PROCESS, businessType: 'menu-application', businessId: row.id, title: body.title });
        return row.id;
      });
      const a = await applications(db, ctx.tenantId).where('a.id', '=', id).executeTakeFirstOrThrow();
      return { ...toRow(a), entries: await diffEntries(db, body.entries) };
    },
  });

  for (const verb of ['approve', 'reject'] as const) {
    route(app, {
      method: 'POST', url: `${BASE}/:id/${verb}`, tags, params: idParams, labels,
      summary: verb === 'approve' ? 'Approves: the entries are created (409 when one clashes with the tree)' : 'Rejects with a reason; nothing changes in the tree',
      permission: verb === 'approve' ? P.applyApprove : P.applyReject,
      body: verb === 'approve' ? reviewInput : rejectReviewInput,
      handler: async ({ ctx, params, body }) => {
        if (await inWorkflow(ctx.tenantId, params.id)) throw new ApiError(409, 'helper.apply.inWorkflow');
        await db.transaction().execute((trx) => decide(trx, ctx.tenantId, params.id, ctx.user.id, verb === 'approve', body.reason ?? null));
        return null;
      },
    });
  }
}
