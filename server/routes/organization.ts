/** SPEC §7 `organization/currentStaffOrgSelect`: the organisations the current user may switch to (the header's switcher). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { organization } from '../../model/contract/organization';
import type { DB } from '../db/types';
import { serve } from '../serve';

export function organizationRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  serve(app, organization.mine, async ({ ctx }) => {
    let q = opts.db
      .selectFrom('organization as o')
      .select(['o.id', 'o.code', 'o.name'])
      .where('o.tenant_id', '=', ctx.tenantId)
      .orderBy('o.sort')
      .orderBy('o.code');
    // A staff member tied to organisations sees those; administrators and staff tied to none see all.
    const tied =
      ctx.user.type === 'admin'
        ? []
        : await opts.db
            .selectFrom('staff_organization as so')
            .innerJoin('staff as s', (j) =>
              j.onRef('s.tenant_id', '=', 'so.tenant_id').onRef('s.id', '=', 'so.staff_id'),
            )
            .select('so.organization_id')
            .distinct()
            .where('so.tenant_id', '=', ctx.tenantId)
            .where('s.user_id', '=', ctx.user.id)
            .where('s.on_job', '=', 'onJob')
            .execute();
    if (tied.length > 0)
      q = q.where(
        'o.id',
        'in',
        tied.map((t) => t.organization_id),
      );
    const rows = await q.execute();
    return rows.map((r) => ({ id: r.id, orgCode: r.code, orgName: r.name }));
  });
}
