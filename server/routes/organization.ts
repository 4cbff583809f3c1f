/** SPEC §7 `organization/currentStaffOrgSelect`: the organisations the current user may switch to. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { OrgOption } from '../../model/auth';
import type { DB } from '../db/types';
import { route } from '../http';

export function organizationRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  route(app, {
    method: 'GET',
    url: '/cloudbase-system/organization/currentStaffOrgSelect',
    // Until staff records tie people to organisations (platform management), every organisation of the tenant.
    summary: 'Organisations the current user may switch to (all of the tenant until staff records exist)',
    tags: ['organization'],
    permission: null,
    handler: async ({ ctx }): Promise<OrgOption[]> => {
      const rows = await opts.db.selectFrom('organization').select(['id', 'code', 'name'])
        .where('tenant_id', '=', ctx.tenantId).orderBy('sort').orderBy('code').execute();
      return rows.map((r) => ({ id: r.id, orgCode: r.code, orgName: r.name }));
    },
  });
}
