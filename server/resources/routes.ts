/** The JSON routes of one resource (model/resource/api.ts): list, get, create, update, state, delete, options. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Page } from '../../model/api';
import { inputSchema, permissionCode, refFields, type ResourceRow } from '../../model/resource';
import { ApiError, uuidParam, type RequestContext } from '../http';
import { invalid, issueErrors } from './errors';
import { listQuerySchema, QUERY_LABELS } from './list';
import { refOptions } from './refs';
import { engineRoute } from './route';
import { callerOf } from './scope';
import { deleteBodySchema, stateBodySchema, type Request, type ResourceService } from './service';
import { listRows } from './store';

const idParams = z.object({ id: uuidParam });
const optionParams = z.object({ field: z.string().max(64) });
const optionsQuery = z.object({
  q: z.string().trim().max(64).optional(),
  ids: z.string().max(37 * 200).optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export function engineRequest(request: FastifyRequest, ctx: RequestContext, tr: Request['tr']): Request {
  return { caller: callerOf(ctx), tr, method: request.method, path: request.url.split('?')[0] ?? request.url };
}

async function requireAny(ctx: RequestContext, codes: string[]): Promise<void> {
  for (const code of codes) if (await ctx.hasPermission(code)) return;
  throw new ApiError(403, 'auth.forbidden');
}

export function crudRoutes(app: FastifyInstance, base: string, service: ResourceService): void {
  const { def } = service;
  const db = service.db;
  const code = (verb: Parameters<typeof permissionCode>[1]) => permissionCode(def, verb);

  engineRoute(app, {
    def, method: 'GET', url: base, summary: `Page of ${def.name} (paging, sort, search fields)`, permission: code('view'),
    query: listQuerySchema(def), labels: QUERY_LABELS,
    handler: async ({ ctx, query }) => {
      const caller = callerOf(ctx);
      const { rows, total, totalExact } = await listRows(db, def, service.scope(caller), query);
      const page: Page<ResourceRow> & { totalExact: boolean } = { records: await service.labelled(db, caller.tenantId, rows), total, page: query.page, size: query.size, totalExact };
      return { data: page };
    },
  });

  engineRoute(app, {
    def, method: 'GET', url: `${base}/:id`, summary: `One ${def.name}`, permission: code('view'), params: idParams,
    handler: async ({ request, ctx, tr, params }) => ({ data: await service.get(engineRequest(request, ctx, tr), params.id) }),
  });

  if (def.verbs.includes('add')) engineRoute(app, {
    def, method: 'POST', url: base, summary: `Create a ${def.name}`, permission: code('add'), bodyDoc: inputSchema(def),
    handler: async ({ request, ctx, tr }) => ({ data: await service.create(engineRequest(request, ctx, tr), request.body) }),
  });

  if (def.verbs.includes('edit')) engineRoute(app, {
    def, method: 'PUT', url: `${base}/:id`, summary: `Update a ${def.name} (fields left out keep their values; updatedAt guards against lost updates)`,
    permission: code('edit'), params: idParams, bodyDoc: inputSchema(def),
    handler: async ({ request, ctx, tr, params }) => ({ data: await service.update(engineRequest(request, ctx, tr), params.id, request.body) }),
  });

  engineRoute(app, {
    def, method: 'POST', url: `${base}/:id/state`, summary: `Change a state of a ${def.name} (permission: the field's button, else edit)`,
    permission: null, params: idParams, bodyDoc: stateBodySchema,
    handler: async ({ request, ctx, tr, params }) => {
      const parsed = stateBodySchema.safeParse(request.body ?? {}, { reportInput: true });
      if (!parsed.success) throw invalid(issueErrors(def, parsed.error.issues, tr), tr);
      const verb = service.stateVerb(parsed.data.field, parsed.data.value);
      await requireAny(ctx, [`${def.permissions}:${verb ?? 'edit'}`]);
      return { data: await service.changeState(engineRequest(request, ctx, tr), params.id, parsed.data) };
    },
  });

  if (def.verbs.includes('delete')) engineRoute(app, {
    def, method: 'DELETE', url: base, summary: `Delete ${def.name} rows by ids (all or none; 409 when referenced)`,
    permission: code('delete'), bodyDoc: deleteBodySchema,
    handler: async ({ request, ctx, tr }) => {
      const parsed = deleteBodySchema.safeParse(request.body ?? {}, { reportInput: true });
      if (!parsed.success) throw invalid(issueErrors(def, parsed.error.issues, tr, { ids: 'common.ids' }), tr);
      return { data: await service.remove(engineRequest(request, ctx, tr), parsed.data.ids) };
    },
  });

  engineRoute(app, {
    def, method: 'GET', url: `${base}/options/:field`, summary: `Rows a reference field of ${def.name} may point at (code or name contains q, or ids)`,
    permission: null, params: optionParams, query: optionsQuery,
    handler: async ({ ctx, params, query }) => {
      await requireAny(ctx, [code('view'), code('add'), code('edit')]);
      const field = refFields(def).find(([k]) => k === params.field)?.[1];
      if (!field) throw new ApiError(404, 'resource.notFound');
      const ids = query.ids ? query.ids.split(',').map((s) => s.trim()).filter((s) => uuidParam.safeParse(s).success) : undefined;
      const rows = await refOptions(db, service.registry.target(field), callerOf(ctx), { q: query.q, ids, size: ids ? Math.min(ids.length, 200) || 1 : query.size });
      return { data: rows };
    },
  });
}
