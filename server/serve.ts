/**
 * Registers an /api route from its declaration in model/contract: the auth hook reads the
 * declaration's auth and permission, params are checked (404), query and JSON body parsed (400 with
 * field messages), and a JSON answer is sent in the envelope. With API_CHECK_ANSWERS=1 (the tests)
 * every JSON answer is also checked against the declared `data` schema, so a wrong shape fails loudly.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AnyEndpoint, HandlerDataOf, ParsedBody, ParsedParams, ParsedQuery } from '../model/contract/endpoint';
import {
  ApiError,
  notFound,
  requestTranslator,
  send,
  validationError,
  type ConfirmsAuth,
  type RequestContext,
} from './http';
import type { Translator } from './i18n';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was registered from (the OpenAPI document and the route walk read it). */
    endpoint?: AnyEndpoint;
  }
}

export interface ServeInput<E extends AnyEndpoint> {
  request: FastifyRequest;
  reply: FastifyReply;
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  /** The authenticated context (bearer routes; null-checked by the auth hook). */
  ctx: RequestContext;
  tr: Translator;
}

/** A JSON answer's data, or the reply when the handler sent it (files, streams, redirects). */
export type ServeResult<E extends AnyEndpoint> = E['answer'] extends { kind: 'json' }
  ? HandlerDataOf<E> | FastifyReply
  : FastifyReply | void;

export interface ServeOptions {
  /**
   * Schemas that parse the query or body instead of the declared ones (the engine validates with its
   * definitions' schemas, which also coerce form and sheet values); null: the handler reads the raw
   * query or body itself (a browser navigation answers its own refusal page, not the 400 envelope).
   */
  parse?: { query?: z.ZodType | null; body?: z.ZodType | null };
  /** Turns zod issues of the query or body into the 400 (the engine names fields by its definitions). */
  invalid?: (issues: readonly z.core.$ZodIssue[], tr: Translator, input: unknown) => Error;
  /** Maps errors the handler throws to answers (the engine's own error type). */
  mapError?: (err: unknown, reply: FastifyReply, tr: Translator) => FastifyReply | undefined;
  /** The message key of a success other than 200 (default `success`). */
  messageKey?: (status: number) => string;
  /**
   * How the call confirms a caller taken from what the server holds (`ConfirmsAuth`). Default: a
   * JSON read (GET) by its first statement; anything else reads the generation before it starts.
   */
  confirmsAuth?: ConfirmsAuth;
}

export const checkAnswers = () => process.env.API_CHECK_ANSWERS === '1';

const isReply = (v: unknown): v is FastifyReply =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as FastifyReply).send === 'function' &&
  typeof (v as FastifyReply).raw === 'object';

export function serve<E extends AnyEndpoint>(
  app: FastifyInstance,
  ep: E,
  handler: (input: ServeInput<E>) => Promise<ServeResult<E>>,
  options: ServeOptions = {},
): void {
  const labels = ep.labels ? { ...ep.labels } : undefined;
  const invalid = options.invalid ?? ((issues, tr) => validationError(issues, tr, labels));
  const answer = ep.answer;
  app.route({
    method: ep.method,
    url: ep.path,
    config: {
      auth: ep.auth,
      permission: ep.permission,
      summary: ep.summary,
      tags: [ep.tag],
      endpoint: ep,
      confirmsAuth:
        options.confirmsAuth ?? (ep.method === 'GET' && answer.kind === 'json' ? 'first-statement' : undefined),
    },
    handler: async (request, reply) => {
      const tr = requestTranslator(request);
      try {
        let params: unknown;
        if (ep.params) {
          const r = ep.params.safeParse(request.params);
          if (!r.success) throw notFound();
          params = r.data;
        }
        let query: unknown;
        const querySchema = options.parse?.query === undefined ? ep.query : options.parse.query;
        if (querySchema) {
          const raw = request.query ?? {};
          const r = querySchema.safeParse(raw, { reportInput: true });
          if (!r.success) throw invalid(r.error.issues, tr, raw);
          query = r.data;
        }
        let body: unknown;
        const bodySchema = options.parse?.body === undefined ? ep.body : options.parse.body;
        if (bodySchema) {
          const raw = request.body === undefined || request.body === null ? {} : request.body;
          const r = bodySchema.safeParse(raw, { reportInput: true });
          if (!r.success) throw invalid(r.error.issues, tr, raw);
          body = r.data;
        }
        const call = (ctx: RequestContext | null) =>
          handler({
            request,
            reply,
            tr,
            ctx: ctx as RequestContext,
            params: params as ParsedParams<E>,
            query: query as ParsedQuery<E>,
            body: body as ParsedBody<E>,
          });
        const result = request.confirmAuth ? await request.confirmAuth(call) : await call(request.ctx);
        if (isReply(result) || reply.sent || answer.kind !== 'json') return reply;
        const data = result ?? null;
        if (checkAnswers()) {
          const r = answer.data.safeParse(data);
          if (!r.success) {
            request.log.error(
              { operationId: ep.operationId, issues: r.error.issues.slice(0, 5) },
              'answer does not match its declaration',
            );
            throw new Error(
              `${ep.operationId}: answer does not match its declared schema: ${JSON.stringify(r.error.issues.slice(0, 3))}`,
            );
          }
        }
        const status = answer.also?.includes(reply.statusCode as 201 | 202) ? reply.statusCode : 200;
        return send(
          reply,
          status,
          tr.t(status === 200 ? 'success' : (options.messageKey?.(status) ?? 'success')),
          data,
        );
      } catch (err) {
        const mapped = options.mapError?.(err, reply, tr);
        if (mapped) return mapped;
        throw err;
      }
    },
  });
}

export { ApiError };
