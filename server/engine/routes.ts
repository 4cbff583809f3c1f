/** The JSON routes of one resource (model/engine/api.ts): list, get, create, update, state, delete, options. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpointsOf } from '../../model/contract/resource';
import { permissionCode, refFields } from '../../model/engine';
import { ApiError, uuidParam, type RequestContext } from '../http';
import { dictFields, dictOptions } from './dicts';
import { invalid, issueErrors } from './errors';
import { listQuerySchema, queryLabels } from './list';
import { requestOffset } from '../dates';
import { refOptions } from './refs';
import { engineRoute } from './route';
import { callerOf } from './scope';
import { deleteBodySchema, stateBodySchema, type Request, type ResourceService } from './service';
import { requestLine } from './oplog';

const optionsQuery = z.object({
  q: z.string().trim().max(64).optional(),
  ids: z
    .string()
    .max(37 * 200)
    .optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export function engineRequest(request: FastifyRequest, ctx: RequestContext, tr: Request['tr']): Request {
  return { caller: callerOf(ctx), tr, ...requestLine(request) };
}

async function requireAny(ctx: RequestContext, codes: string[]): Promise<void> {
  for (const code of codes) if (await ctx.hasPermission(code)) return;
  throw new ApiError(403, 'auth.forbidden');
}

/**
 * A write that checks its permission in the hook alone (not in its handler) and touches nothing
 * outside the database before its first transaction: that transaction confirms the caller taken from
 * what the server holds (and, refused, the write runs again on what is current), with no round trip
 * of its own for the generation.
 */
const WRITE = { confirmsAuth: 'first-statement' } as const;

export function crudRoutes(app: FastifyInstance, service: ResourceService): void {
  const { def } = service;
  const eps = endpointsOf(def);
  const db = service.db;
  const code = (verb: Parameters<typeof permissionCode>[1]) => permissionCode(def, verb);

  engineRoute(app, {
    def,
    endpoint: eps.list,
    query: listQuerySchema(def),
    labels: queryLabels(def),
    handler: async ({ request, ctx, tr, query }) => ({
      data: await service.list(engineRequest(request, ctx, tr), { ...query, offset: requestOffset(request) }),
    }),
  });

  engineRoute(app, {
    def,
    endpoint: eps.get,
    handler: async ({ request, ctx, tr, params }) => ({
      data: await service.get(engineRequest(request, ctx, tr), params.id),
    }),
  });

  if (def.verbs.includes('add'))
    engineRoute(app, {
      def,
      endpoint: eps.create,
      ...WRITE,
      handler: async ({ request, ctx, tr }) => ({
        data: await service.create(engineRequest(request, ctx, tr), request.body),
      }),
    });

  if (def.verbs.includes('edit'))
    engineRoute(app, {
      def,
      endpoint: eps.update,
      ...WRITE,
      handler: async ({ request, ctx, tr, params }) => ({
        data: await service.update(engineRequest(request, ctx, tr), params.id, request.body),
      }),
    });

  engineRoute(app, {
    def,
    endpoint: eps.state,
    handler: async ({ request, ctx, tr, params }) => {
      const parsed = stateBodySchema.safeParse(request.body ?? {}, { reportInput: true });
      if (!parsed.success) throw invalid(issueErrors(def, parsed.error.issues, tr), tr);
      const verb = service.stateVerb(parsed.data.field, parsed.data.value);
      await requireAny(ctx, [`${def.permissions}:${verb ?? 'edit'}`]);
      return { data: await service.changeState(engineRequest(request, ctx, tr), params.id, parsed.data) };
    },
  });

  if (def.verbs.includes('delete'))
    engineRoute(app, {
      def,
      endpoint: eps.remove,
      ...WRITE,
      handler: async ({ request, ctx, tr }) => {
        const parsed = deleteBodySchema.safeParse(request.body ?? {}, { reportInput: true });
        if (!parsed.success) throw invalid(issueErrors(def, parsed.error.issues, tr, { ids: 'common.ids' }), tr);
        return { data: await service.remove(engineRequest(request, ctx, tr), parsed.data.ids) };
      },
    });

  engineRoute(app, {
    def,
    endpoint: eps.options,
    query: optionsQuery,
    handler: async ({ ctx, params, query }) => {
      await requireAny(ctx, [code('view'), code('add'), code('edit')]);
      const dict = dictFields(def).find(([k]) => k === params.field)?.[1];
      if (dict) return { data: await dictOptions(db, ctx.tenantId, dict.dictType, { q: query.q, size: query.size }) };
      const field = refFields(def).find(([k]) => k === params.field)?.[1];
      if (!field) throw new ApiError(404, 'resource.notFound');
      const ids = query.ids
        ? query.ids
            .split(',')
            .map((s) => s.trim())
            .filter((s) => uuidParam.safeParse(s).success)
        : undefined;
      const rows = await refOptions(db, service.registry.target(field), callerOf(ctx), {
        q: query.q,
        ids,
        size: ids ? Math.min(ids.length, 200) || 1 : query.size,
        language: ctx.language,
      });
      return { data: rows };
    },
  });
}
