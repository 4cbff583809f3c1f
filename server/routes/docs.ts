/** OpenAPI 3.1 document built from the registered /api routes (their zod schemas). */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

interface CollectedRoute {
  method: string;
  url: string;
  config: NonNullable<RouteOptions['config']>;
}

/** Collects every /api route as it is registered (call before registering the routes). */
export function collectRoutes(app: FastifyInstance): CollectedRoute[] {
  const routes: CollectedRoute[] = [];
  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!opts.url.startsWith('/api')) continue;
      routes.push({ method, url: opts.url, config: (opts.config ?? {}) as CollectedRoute['config'] });
    }
  });
  return routes;
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  try {
    const s = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
    delete s.$schema;
    return s;
  } catch {
    return {};
  }
}

const envelope = {
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: {} },
};

export function openApiDocument(routes: CollectedRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const path = r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const parameters: Record<string, unknown>[] = [];
    for (const m of r.url.matchAll(/:([A-Za-z0-9_]+)/g)) {
      parameters.push({ name: m[1], in: 'path', required: true, schema: { type: 'string', format: 'uuid' } });
    }
    const cfg = r.config as {
      auth?: string;
      permission?: string | null;
      summary?: string;
      tags?: string[];
      schemas?: { body?: z.ZodType; query?: z.ZodType };
    };
    if (cfg.schemas?.query) {
      const qs = jsonSchema(cfg.schemas.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(qs.properties ?? {})) {
        parameters.push({ name, in: 'query', required: (qs.required ?? []).includes(name), schema });
      }
    }
    const op: Record<string, unknown> = {
      summary: cfg.summary ?? '',
      tags: cfg.tags ?? [],
      parameters,
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: envelope } } },
        default: { description: 'Error (code equals the HTTP status)', content: { 'application/json': { schema: envelope } } },
      },
    };
    if (cfg.permission) op['x-permission'] = cfg.permission;
    const auth = cfg.auth ?? 'none';
    op.security = auth === 'bearer' ? [{ bearer: [] }] : auth === 'client' ? [{ client: [] }] : [];
    if (cfg.schemas?.body) {
      op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(cfg.schemas.body) } } };
    }
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Manufacturing portal API', version: '0.1.0' },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        client: { type: 'http', scheme: 'basic', description: 'Web client credentials (before login)' },
      },
    },
    paths,
  };
}
