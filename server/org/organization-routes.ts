/** SPEC §7 `organization/currentStaffOrgSelect`: the organisations the current user may switch to (the header's switcher). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { organization } from '../../model/contract/organization';
import type { DB } from '../db/types';
import { serve } from '../serve';
import { switchableOrganizations } from './store';

export function organizationRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  serve(app, organization.mine, async ({ ctx }) => {
    const rows = await switchableOrganizations(opts.db, ctx.tenantId, ctx.user);
    return rows.map((r) => ({ id: r.id, orgCode: r.code, orgName: r.name }));
  });
}
