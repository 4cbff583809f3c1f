/** Online sessions (issue 26): the tenant's, for the screen under Logs, and the own, for the personal centre. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { security } from '../../model/contract/security';
import type { DB } from '../db/types';
import { ApiError, notFound } from '../http';
import { serve } from '../serve';
import { endSessions, listSessions } from '../auth/sessions';

export function sessionRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, security.onlineSessions, async ({ query, ctx }) => {
    const records = await listSessions(db, ctx.tenantId, ctx.tokenId, { keyword: query.keyword || undefined });
    return { records, total: records.length };
  });

  serve(app, security.endSession, async ({ params, ctx }) => {
    if ((await endSessions(db, ctx.tenantId, ctx.user.id, { ids: [params.id] })) === 0) throw notFound();
    return null;
  });

  serve(app, security.endUserSessions, async ({ params, ctx }) => {
    const user = await db.selectFrom('app_user').select('id').where('tenant_id', '=', ctx.tenantId).where('id', '=', params.userId).executeTakeFirst();
    if (!user) throw notFound();
    return { ended: await endSessions(db, ctx.tenantId, ctx.user.id, { userId: user.id, keep: ctx.tokenId }) };
  });

  serve(app, security.ownSessions, async ({ ctx }) => {
    const records = await listSessions(db, ctx.tenantId, ctx.tokenId, { userId: ctx.user.id });
    return { records, total: records.length };
  });

  serve(app, security.endOwnSession, async ({ params, ctx }) => {
    if (params.id.toLowerCase() === ctx.tokenId) throw new ApiError(409, 'security.endCurrentSession');
    if ((await endSessions(db, ctx.tenantId, ctx.user.id, { ids: [params.id], userId: ctx.user.id })) === 0) throw notFound();
    return null;
  });

  serve(app, security.endOtherOwnSessions, async ({ ctx }) => ({
    ended: await endSessions(db, ctx.tenantId, ctx.user.id, { userId: ctx.user.id, keep: ctx.tokenId }),
  }));
}
