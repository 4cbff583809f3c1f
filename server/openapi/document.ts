/**
 * The OpenAPI 3.1 document of the API, made by zod-openapi from the declarations every /api route
 * was registered with (model/contract): typed answers inside the envelope, multipart bodies, file
 * answers with their media types, and the error answers.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from 'zod-openapi';
import { API_BASE } from '../../model/api';
import { ValidationErrorDataSchema } from '../../model/contract/common';
import { MEDIA, openApiPath, type AnyEndpoint, type Media } from '../../model/contract/endpoint';

/** An /api route as registered, with the declaration it was registered from (if any). */
export interface RegisteredRoute {
  method: string;
  url: string;
  endpoint: AnyEndpoint | null;
}

/**
 * Collects every /api route as it is registered (call before registering them); the document is made
 * from their declarations, and the route walk test checks that none lacks one.
 */
export function collectRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) {
      if (
        method === 'HEAD' ||
        method === 'OPTIONS' ||
        !opts.url.startsWith(API_BASE + '/') ||
        opts.url.startsWith(`${API_BASE}/docs`)
      )
        continue;
      routes.push({ method, url: opts.url, endpoint: opts.config?.endpoint ?? null });
    }
  });
  return routes;
}

const envelope = (data: z.ZodType, code: z.ZodType, description: string) =>
  z
    .object({ code, msg: z.string().meta({ description: "A message in the caller's language" }), data })
    .meta({ description });

const errorEnvelope = (data: z.ZodType) =>
  envelope(data, z.number().int().min(400).max(599), 'code equals the HTTP status');

function errorAnswer(
  id: string,
  description: string,
  data: z.ZodType = z
    .record(z.string(), z.unknown())
    .nullable()
    .meta({ description: 'Details of the error, when it has any' }),
): ZodOpenApiResponseObject {
  return { id, description, content: { 'application/json': { schema: errorEnvelope(data) } } };
}

const ERRORS: Record<number, ZodOpenApiResponseObject> = {
  400: errorAnswer(
    'BadRequest',
    "Invalid input: `data.errors` names each field with a message in the caller's language",
    z.union([ValidationErrorDataSchema, z.record(z.string(), z.unknown()), z.null()]),
  ),
  401: errorAnswer('Unauthorized', 'Not signed in, or the session ended'),
  403: errorAnswer('Forbidden', 'The caller lacks the permission code'),
  404: errorAnswer('NotFound', "No such record in the caller's tenant and factory"),
  409: errorAnswer('Conflict', 'A duplicate value, a referenced record, or a stale `updatedAt`'),
  413: errorAnswer('PayloadTooLarge', 'The body or file is too large'),
  415: errorAnswer('UnsupportedMediaType', 'The file type is not accepted'),
  422: errorAnswer('Unprocessable', 'The request is well formed but cannot be carried out'),
  429: errorAnswer('TooManyRequests', 'Too many tries; `Retry-After` tells when to try again'),
  502: errorAnswer('BadGateway', 'A service the operation relies on (an SMS gateway) refused or failed'),
  503: errorAnswer('Unavailable', 'A service the operation needs is not available'),
};

const binary = z.string().meta({ format: 'binary' });

function successAnswers(ep: AnyEndpoint): Record<string, ZodOpenApiResponseObject> {
  const a = ep.answer;
  if (a.kind === 'redirect') return { '302': { description: 'Redirect' } };
  if (a.kind === 'file') {
    return {
      '200': {
        description: 'The file',
        content: Object.fromEntries(
          a.media.map((m: Media) => [
            MEDIA[m],
            { schema: m === 'events' || m === 'text' || m === 'csv' || m === 'html' ? z.string() : binary },
          ]),
        ),
      },
    };
  }
  const out: Record<string, ZodOpenApiResponseObject> = {
    '200': {
      description: 'Success',
      content: { 'application/json': { schema: envelope(a.data, z.literal(200), 'code 200: success') } },
    },
  };
  for (const status of a.also ?? []) {
    out[String(status)] = {
      description: status === 202 ? 'Accepted: carried on in the background' : 'Created',
      content: { 'application/json': { schema: envelope(a.data, z.literal(status), `code ${status}`) } },
    };
  }
  return out;
}

function requestBody(ep: AnyEndpoint): ZodOpenApiOperationObject['requestBody'] {
  if (ep.multipart) {
    const files = Object.entries(ep.multipart.files).map(([name, f]) => {
      const part = f.media
        ? binary.meta({ description: `One of: ${f.media.map((m) => MEDIA[m]).join(', ')}` })
        : binary;
      const one = f.many ? z.array(part) : part;
      return [name, f.required ? one : one.optional()] as const;
    });
    const shape = { ...(ep.multipart.fields?.shape ?? {}), ...Object.fromEntries(files) };
    return { required: true, content: { 'multipart/form-data': { schema: z.object(shape) } } };
  }
  if (ep.body) return { required: true, content: { 'application/json': { schema: ep.body } } };
  return undefined;
}

const HEADER_PARAMS = z.object({
  'X-Factory-Id': z.string().optional().meta({ description: 'The factory the caller works in (a uuid)' }),
  'X-Timezone-Offset': z
    .string()
    .optional()
    .meta({ description: "Minutes west of UTC, as the browser's getTimezoneOffset()" }),
  'X-Operation-Id': z.string().optional().meta({ description: 'The active menu id (operation log)' }),
  'X-Client-Id': z.string().optional().meta({ description: 'A per-browser id' }),
  'Accept-Language': z.string().optional().meta({ description: 'zh-CN (default), zh-TW, en, vi or es' }),
});

function operation(ep: AnyEndpoint): ZodOpenApiOperationObject {
  const statuses = new Set<number>([400, 404, 429, ...(ep.auth === 'bearer' ? [401, 403] : []), ...(ep.errors ?? [])]);
  if (ep.multipart) {
    statuses.add(413);
    statuses.add(415);
  }
  const responses: ZodOpenApiOperationObject['responses'] = { ...successAnswers(ep) };
  for (const s of [...statuses].sort()) {
    const r = ERRORS[s];
    if (r) (responses as Record<string, ZodOpenApiResponseObject>)[String(s)] = r;
  }
  const op: ZodOpenApiOperationObject = {
    operationId: ep.operationId,
    summary: ep.summary,
    description:
      [ep.description, ep.permission ? `Permission: \`${ep.permission}\`.` : null].filter(Boolean).join(' ') ||
      ep.summary,
    tags: [ep.tag],
    // An API key may call the operations that name a permission code (within its own codes).
    security:
      ep.auth === 'bearer'
        ? [{ bearer: [] }, ...(ep.permission ? [{ apiKey: [] }] : [])]
        : ep.auth === 'client'
          ? [{ client: [] }]
          : [],
    requestParams: {
      ...(ep.params ? { path: ep.params as z.ZodObject } : {}),
      ...(ep.query ? { query: ep.query as z.ZodObject } : {}),
      ...(ep.auth === 'bearer' ? { header: HEADER_PARAMS } : {}),
    },
    responses,
  };
  const body = requestBody(ep);
  if (body) op.requestBody = body;
  if (ep.permission) (op as unknown as Record<string, unknown>)['x-permission'] = ep.permission;
  return op;
}

export interface DocumentOptions {
  /** The public origins the API is served at (the document's `servers`). */
  servers: string[];
  version: string;
}

export function openApiDocument(
  endpoints: readonly AnyEndpoint[],
  options: DocumentOptions,
): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  const seen = new Set<string>();
  for (const ep of endpoints) {
    if (seen.has(ep.operationId)) throw new Error(`Two operations are named ${ep.operationId}`);
    seen.add(ep.operationId);
    const path = openApiPath(API_BASE + ep.path);
    const item = (paths[path] ??= {}) as Record<string, ZodOpenApiOperationObject>;
    item[ep.method.toLowerCase()] = operation(ep);
  }
  const tags = [...new Set(endpoints.map((e) => e.tag))].sort().map((name) => ({ name }));
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Manufacturing execution portal API',
      version: options.version,
      description:
        'Every answer is `{ code, msg, data }`; `code` equals the HTTP status. Sign in with `POST /api/auth/login` (Basic web-client credentials) and send the token as `Authorization: Bearer …`.',
    },
    servers: options.servers.map((url) => ({ url: url.replace(/\/$/, '') })),
    tags,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The session token from the login' },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'mes_…',
          description:
            'An API key for machines (Platform → API keys): `Authorization: Bearer mes_…`. It acts for its creator within its own ' +
            'permission codes and factories, from its listed client addresses, and is rate-limited per key (429 with `Retry-After`).',
        },
        client: { type: 'http', scheme: 'basic', description: 'Web client credentials (before login)' },
      },
    },
    paths,
  });
}
