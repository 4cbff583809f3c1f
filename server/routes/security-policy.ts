/** The tenant's security policy (issue 26): two-factor login off, optional, or required. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { security } from '../../model/contract/security';
import type { DB } from '../db/types';
import { serve } from '../serve';
import { tenantPolicy } from '../auth/two-factor';

export function securityPolicyRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, security.policy, async ({ ctx }) => ({ twoFactor: await tenantPolicy(db, ctx.tenantId) }));

  serve(app, security.updatePolicy, async ({ body, ctx }) => {
    await db.insertInto('tenant_security_policy')
      .values({ tenant_id: ctx.tenantId, two_factor: body.twoFactor, updated_by: ctx.user.id })
      .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ two_factor: body.twoFactor, updated_by: ctx.user.id, updated_at: sql<Date>`now()` }))
      .execute();
    return { twoFactor: await tenantPolicy(db, ctx.tenantId) };
  });
}
