/** The tenant's security policy (issue 26): two-factor login off, optional or required; the password rules. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { security } from '../../model/contract/security';
import type { DB } from '../db/types';
import { serve } from '../serve';
import { tenantPolicy } from './two-factor';
import { passwordPolicy } from './password-policy';
import { logOperation } from '../engine/oplog';
import { callerOf } from '../engine/scope';
import { actorOf } from '../audit/write';
import { recordRows } from '../audit/record';

export function securityPolicyRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  const read = async (tenantId: string) => {
    const [twoFactor, pw] = await Promise.all([tenantPolicy(db, tenantId), passwordPolicy(db, tenantId)]);
    return { twoFactor, passwordClasses: pw.classes, passwordMaxAgeDays: pw.maxAgeDays, passwordHistory: pw.history };
  };

  serve(app, security.policy, async ({ ctx }) => read(ctx.tenantId));

  serve(app, security.updatePolicy, async ({ body, ctx, request }) => {
    const next = {
      two_factor: body.twoFactor,
      password_classes: [...new Set(body.passwordClasses)],
      password_max_age_days: body.passwordMaxAgeDays,
      password_history: body.passwordHistory,
      updated_by: ctx.user.id,
    };
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('tenant_security_policy')
        .selectAll()
        .where('tenant_id', '=', ctx.tenantId)
        .forUpdate()
        .executeTakeFirst();
      const after = await trx
        .insertInto('tenant_security_policy')
        .values({ tenant_id: ctx.tenantId, ...next })
        .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...next, updated_at: sql<Date>`now()` }))
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordRows(trx, actorOf(ctx), 'security-policy', before ? 'update' : 'create', [
        { id: ctx.tenantId, code: ctx.tenantCode, before: before ?? null, after },
      ]);
    });
    await logOperation(db, callerOf(ctx), {
      type: 'edit',
      method: request.method,
      path: request.url,
      resource: 'security-policy',
      ids: [ctx.tenantId],
    });
    return read(ctx.tenantId);
  });
}
