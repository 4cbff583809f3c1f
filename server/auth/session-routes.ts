/** Online sessions (issue 26): the tenant's, for the screen under Logs, and the own, for the personal centre. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { security } from '../../model/contract/security';
import type { DB } from '../db/types';
import { ApiError, notFound } from '../http';
import { serve } from '../serve';
import { endSessions, listSessions } from './sessions';
import { userIdOf } from './account-store';
import { logOperation, requestLine } from '../engine/oplog';
import { callerOf } from '../engine/scope';
import type { RequestContext } from '../http';
import type { FastifyRequest } from 'fastify';

/** Ending sessions is written to the operation log (resource `online-session`, the ended ids). */
const logEnded = (db: Kysely<DB>, ctx: RequestContext, request: FastifyRequest, ids: string[]) =>
  ids.length
    ? logOperation(db, callerOf(ctx), {
        type: 'delete',
        ...requestLine(request),
        resource: 'online-session',
        ids,
      })
    : Promise.resolve();

export function sessionRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, security.onlineSessions, async ({ query, ctx }) => {
    const records = await listSessions(db, ctx.tenantId, ctx.tokenId, { keyword: query.keyword || undefined });
    return { records, total: records.length };
  });

  serve(app, security.endSession, async ({ params, ctx, request }) => {
    const ended = await endSessions(db, ctx.tenantId, ctx.user.id, { ids: [params.id] });
    if (ended.length === 0) throw notFound();
    await logEnded(db, ctx, request, ended);
    return null;
  });

  serve(app, security.endUserSessions, async ({ params, ctx, request }) => {
    const userId = await userIdOf(db, ctx.tenantId, params.userId);
    if (!userId) throw notFound();
    const ended = await endSessions(db, ctx.tenantId, ctx.user.id, { userId, keep: ctx.tokenId });
    await logEnded(db, ctx, request, ended);
    return { ended: ended.length };
  });

  serve(app, security.ownSessions, async ({ ctx }) => {
    const records = await listSessions(db, ctx.tenantId, ctx.tokenId, { userId: ctx.user.id });
    return { records, total: records.length };
  });

  serve(app, security.endOwnSession, async ({ params, ctx }) => {
    if (params.id.toLowerCase() === ctx.tokenId) throw new ApiError(409, 'security.endCurrentSession');
    if ((await endSessions(db, ctx.tenantId, ctx.user.id, { ids: [params.id], userId: ctx.user.id })).length === 0)
      throw notFound();
    return null;
  });

  serve(app, security.endOtherOwnSessions, async ({ ctx }) => ({
    ended: (await endSessions(db, ctx.tenantId, ctx.user.id, { userId: ctx.user.id, keep: ctx.tokenId })).length,
  }));
}
