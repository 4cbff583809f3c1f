/** The tenant's security policy (issue 26): two-factor login off, optional or required; the password rules. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { security } from '../../model/contract/security';
import type { DB } from '../db/types';
import { serve } from '../serve';
import { tenantPolicy } from './two-factor';
import { passwordPolicy } from './password-policy';
import { logOperation, requestLine } from '../engine/oplog';
import { callerOf } from '../engine/scope';
import { actorOf } from '../audit/write';
import { saveSecurityPolicy } from './security-policy-store';

export function securityPolicyRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  const read = async (tenantId: string) => {
    const [twoFactor, pw] = await Promise.all([tenantPolicy(db, tenantId), passwordPolicy(db, tenantId)]);
    return { twoFactor, passwordClasses: pw.classes, passwordMaxAgeDays: pw.maxAgeDays, passwordHistory: pw.history };
  };

  serve(app, security.policy, async ({ ctx }) => read(ctx.tenantId));

  serve(app, security.updatePolicy, async ({ body, ctx, request }) => {
    await saveSecurityPolicy(db, { id: ctx.tenantId, code: ctx.tenantCode }, body, ctx.user.id, actorOf(ctx));
    await logOperation(db, callerOf(ctx), {
      type: 'edit',
      ...requestLine(request),
      resource: 'security-policy',
      ids: [ctx.tenantId],
    });
    return read(ctx.tenantId);
  });
}
