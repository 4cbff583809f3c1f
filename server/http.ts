/** The envelope, errors, request context and the route helper shared by every /api route. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FieldError, ValidationErrorData } from '../model/api';
import { DICT_FIELD_LABELS } from '../model/dict';
import { languageFromHeader, type Language } from '../model/languages';
import { translator, type Translator } from './i18n';

export interface ContextUser {
  id: string;
  account: string;
  nickname: string;
  email: string | null;
  mobile: string | null;
  type: 'admin' | 'staff';
}

/** What an authenticated request knows about its caller (DESIGN §4, §5). */
export interface RequestContext {
  tenantId: string;
  tenantCode: string;
  tenantName: string;
  user: ContextUser;
  tokenId: string;
  language: Language;
  /** From X-Factory-Id, checked to be a factory of the tenant the user may use. */
  factoryId: string | null;
  operationId: string | null;
  clientId: string | null;
  /** The client address as the server sees it (behind TRUST_PROXY, the forwarded one). */
  ip?: string | null;
  /** Every permission code of the user (loaded once per request, on first use). */
  permissions(): Promise<Set<string>>;
  hasPermission(code: string): Promise<boolean>;
  /** Set when the call came with an API key (issue 26): `user` is then the key's creator. */
  apiKey?: { id: string; name: string } | null;
  /**
   * The generation of the held sessions and permissions this context was read from, when the call
   * must confirm it in its own transaction (`confirmsAuth` routes); null or absent: already current.
   */
  unconfirmed?: string | null;
}

export type AuthMode = 'bearer' | 'client' | 'none';

/**
 * How a call confirms a caller taken from the sessions and permissions its server holds, instead of
 * reading their generation before it starts (issue 22): `first-statement`, by the first transaction
 * it opens (or one read at its end when it opened none); `handler`, by the handler's own
 * transaction (`confirmAuthGeneration`). A change since makes the call run again for the current caller.
 */
export type ConfirmsAuth = 'first-statement' | 'handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route authenticates: bearer token (default), Basic client credentials, or none. */
    auth?: AuthMode;
    /** Permission code required (bearer routes); null means any signed-in user. */
    permission?: string | null;
    schemas?: { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType };
    summary?: string;
    tags?: string[];
    /** The caller may be taken from what the server holds and confirmed later (see `ConfirmsAuth`). */
    confirmsAuth?: ConfirmsAuth;
  }
  interface FastifyRequest {
    ctx: RequestContext | null;
    /** Runs the handler of a call whose caller is still unconfirmed (null: it is confirmed). */
    confirmAuth: (<T>(run: (ctx: RequestContext) => Promise<T>) => Promise<T>) | null;
  }
}

/** An answer other than 200: HTTP status, message key (namespace `server`), data. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly key: string,
    public readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

export const notFound = (key = 'error.notFound') => new ApiError(404, key);

export function requestLanguage(request: FastifyRequest): Language {
  const h = request.headers['accept-language'];
  return languageFromHeader(Array.isArray(h) ? h[0] : h);
}

export function requestTranslator(request: FastifyRequest): Translator {
  return translator(requestLanguage(request));
}

export function send(reply: FastifyReply, status: number, msg: string, data: unknown): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ code: status, msg, data });
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: string,
  data: unknown = null,
): FastifyReply {
  // The error's data also fills the message's placeholders ("at most {{maxColumns}}").
  const params =
    data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  return send(reply, status, requestTranslator(request).t(key, params), data);
}

/** Every refused access leaves one structured entry (SECURITY-TESTS T2.8): who, what, from where. */
function logRefusal(request: FastifyRequest, key: string): void {
  const ctx = request.ctx;
  const agent = request.headers['user-agent'];
  request.log.warn(
    {
      refused: {
        tenantId: ctx?.tenantId ?? null,
        account: ctx?.user.account ?? null,
        apiKey: ctx?.apiKey?.name ?? null,
        method: request.method,
        path: request.url.split('?')[0],
        permission: request.routeOptions.config?.permission ?? null,
        reason: key,
        ip: request.ip,
        userAgent: typeof agent === 'string' ? agent.slice(0, 255) : null,
      },
    },
    'access refused',
  );
}

/** The error handler: ApiError as is; Fastify's 4xx as a generic message; anything else 500 without details. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ValidatedError) return send(reply, 400, error.translated, error.data);
  if (error instanceof ApiError) {
    if (error.status === 403) logRefusal(request, error.key);
    const retry = (error.data as { retryAfter?: unknown } | null)?.retryAfter;
    if (error.status === 429 && typeof retry === 'number') reply.header('retry-after', String(retry));
    return sendError(request, reply, error.status, error.key, error.data);
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const key =
      status === 404
        ? 'error.notFound'
        : status === 413
          ? 'error.payloadTooLarge'
          : status === 415
            ? 'error.unsupportedMediaType'
            : status === 429
              ? 'error.tooManyRequests'
              : 'error.badRequest';
    const code = [400, 401, 403, 404, 409, 413, 415, 429].includes(status) ? status : 400;
    return sendError(request, reply, code, key);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(request, reply, 500, 'error.internal');
}

const COMMON_LABELS: Record<string, string> = {
  ...DICT_FIELD_LABELS,
  tenantCode: 'auth.tenantCode',
  account: 'auth.account',
  password: 'auth.password',
  captcha: 'auth.captcha',
  captchaId: 'auth.captchaId',
  page: 'common.page',
  size: 'common.size',
  ids: 'common.ids',
  terminalType: 'common.terminalType',
  factoryId: 'common.factoryId',
};

function issueKey(issue: z.core.$ZodIssue): string {
  if (typeof issue.message === 'string' && issue.message.startsWith('validation.')) return issue.message;
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined || input === null) return 'validation.required';
      return issue.expected === 'number' || issue.expected === 'int' ? 'validation.number' : 'validation.invalid';
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array')
        return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.tooShort';
      return 'validation.tooSmall';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'validation.tooLong' : 'validation.tooLarge';
    default:
      return 'validation.invalid';
  }
}

/** Turns zod issues into field errors with localised messages naming the field. */
export function fieldErrors(
  issues: readonly z.core.$ZodIssue[],
  tr: Translator,
  labels: Record<string, string> = {},
): FieldError[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    const first = String(issue.path[0] ?? '');
    const labelKey = labels[field] ?? labels[first] ?? COMMON_LABELS[field] ?? COMMON_LABELS[first];
    const label = labelKey ? tr.tm(labelKey) : field || '-';
    const key = issueKey(issue);
    return { field, key, message: tr.tm(key, { field: label }) };
  });
}

export function validationError(
  issues: readonly z.core.$ZodIssue[],
  tr: Translator,
  labels?: Record<string, string>,
): ValidatedError {
  const errors = fieldErrors(issues, tr, labels);
  const data: ValidationErrorData = { errors };
  return new ValidatedError(errors[0]?.message ?? tr.t('error.badRequest'), data);
}

/** A 400 whose message is already translated (the first field's message). */
export class ValidatedError extends ApiError {
  constructor(
    public readonly translated: string,
    data: ValidationErrorData,
  ) {
    super(400, 'error.badRequest', data);
  }
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A uuid in a path: anything else answers 404 (see `route`). */
export const uuidParam = z.string().regex(UUID_RE);

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerInput<B extends Schema, Q extends Schema, P extends Schema> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  /** The authenticated context (bearer routes only). */
  ctx: RequestContext;
  tr: Translator;
}

export interface RouteSpec<B extends Schema, Q extends Schema, P extends Schema> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api. */
  url: string;
  summary: string;
  tags?: string[];
  auth?: AuthMode;
  /** Required for bearer routes: a permission code, or null for any signed-in user. */
  permission: string | null;
  body?: B;
  query?: Q;
  params?: P;
  /** Field → label key (namespace `model`) for validation messages. */
  labels?: Record<string, string>;
  handler: (input: HandlerInput<B, Q, P>) => Promise<unknown>;
}

/** Registers an /api route: validates params (404), query and body (400), then answers `{code:200,msg,data}`. */
export function route<B extends Schema = undefined, Q extends Schema = undefined, P extends Schema = undefined>(
  app: FastifyInstance,
  spec: RouteSpec<B, Q, P>,
): void {
  app.route({
    method: spec.method,
    url: spec.url,
    config: {
      auth: spec.auth ?? 'bearer',
      permission: spec.permission,
      schemas: { body: spec.body, query: spec.query, params: spec.params },
      summary: spec.summary,
      tags: spec.tags,
    },
    handler: async (request, reply) => {
      const tr = requestTranslator(request);
      let params: unknown = undefined;
      if (spec.params) {
        const r = spec.params.safeParse(request.params);
        if (!r.success) throw notFound();
        params = r.data;
      }
      let query: unknown = undefined;
      if (spec.query) {
        const r = spec.query.safeParse(request.query ?? {}, { reportInput: true });
        if (!r.success) throw validationError(r.error.issues, tr, spec.labels);
        query = r.data;
      }
      let body: unknown = undefined;
      if (spec.body) {
        const raw = request.body === undefined || request.body === null ? {} : request.body;
        const r = spec.body.safeParse(raw, { reportInput: true });
        if (!r.success) throw validationError(r.error.issues, tr, spec.labels);
        body = r.data;
      }
      const data = await spec.handler({
        request,
        reply,
        body: body as Out<B>,
        query: query as Out<Q>,
        params: params as Out<P>,
        ctx: request.ctx as RequestContext,
        tr,
      });
      if (reply.sent) return reply;
      return send(reply, 200, tr.t('success'), data ?? null);
    },
  });
}
