/**
 * Platform system rules that sit around the resource engine (issue 4): tenants answer only the
 * operator tenant's administrators, and the interface log records slow or failed API calls.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type {} from '../db/types-api-keys';
import { currentScope } from '../db/tenant-scope';
import { writeInterfaceLog, type InterfaceLogEntry } from './store';
import { ApiError, type RequestContext } from '../http';
import { SYSTEM_RESOURCES } from '../../model/resources';
import { registerResources } from '../engine';
import { isOperatorAdmin } from '../engine/hooks/access';

/** A call slower than this (ms) is written to the interface log even when it succeeded. */
export const INTERFACE_LOG_SLOW_MS = 3000;
const TENANT_API = '/api/platform-system/tenant';

interface Failure {
  at: Date;
  error: Error;
}
const failures = new WeakMap<FastifyRequest, Failure>();

/** Class, method and line of the first stack frame of our own code (else the first frame). */
export function whereThrown(error: Error): {
  errorClass: string;
  errorMethod: string | null;
  errorLine: number | null;
} {
  const frames = (error.stack ?? '')
    .split('\n')
    .slice(1)
    .map((l) => /at (?:(\S+) )?\(?(.+?):(\d+):\d+\)?$/.exec(l.trim()))
    .filter((m) => m !== null);
  const own = frames.find((m) => !m[2]!.includes('node_modules') && !m[2]!.startsWith('node:')) ?? frames[0];
  return {
    errorClass: error.name || error.constructor.name,
    errorMethod: own?.[1] ?? null,
    errorLine: own ? Number(own[3]) : null,
  };
}

export async function systemRoutes(app: FastifyInstance, { db }: { db: Kysely<DB> }): Promise<void> {
  // These hooks run on every /api call: they take `done`, and do nothing more for a call not theirs.
  app.addHook('preHandler', (request, _reply, done) => {
    const path = request.routeOptions.url ?? '';
    if (path !== TENANT_API && !path.startsWith(`${TENANT_API}/`)) return done();
    const ctx = request.ctx as RequestContext | null;
    void (async () => {
      if (!ctx || !(await isOperatorAdmin(db, ctx.tenantId, ctx.user.id)))
        throw new ApiError(403, 'system.operatorOnly');
      // Tenants are the operator's work across tenants: past the per-tenant policies (DESIGN §4).
      const scope = currentScope();
      if (scope) scope.mode = 'system';
    })().then(() => done(), done);
  });

  app.addHook('onError', (request, _reply, error, done) => {
    failures.set(request, { at: new Date(), error });
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    const failed = reply.statusCode >= 500;
    if (!failed && ms < INTERFACE_LOG_SLOW_MS) return done();
    const ctx = request.ctx as RequestContext | null;
    if (!ctx?.tenantId) return done(); // no tenant to show it to
    const failure = failures.get(request);
    const where = failure ? whereThrown(failure.error) : null;
    const entry: InterfaceLogEntry = {
      tenantId: ctx.tenantId,
      method: request.method,
      path: (request.url.split('?')[0] ?? request.url).slice(0, 512),
      status: reply.statusCode,
      callState: failed ? 'error' : 'slow',
      durationMs: ms,
      error:
        failure && where
          ? {
              at: failure.at,
              className: where.errorClass,
              method: where.errorMethod,
              line: where.errorLine,
              message: failure.error.message.slice(0, 2000),
            }
          : null,
      userId: ctx.user.id,
      apiKeyName: ctx.apiKey?.name ?? null,
    };
    writeInterfaceLog(db, entry).then(
      () => done(),
      (err: unknown) => {
        request.log.error({ err }, 'interface log not written');
        done();
      },
    );
  });

  await registerResources(app, { db, resources: SYSTEM_RESOURCES });
}
