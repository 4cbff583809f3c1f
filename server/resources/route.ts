/**
 * Registers an engine route the way `route()` of server/http.ts does (config for the auth hook and
 * the OpenAPI document, params → 404, query and body → 400), with two additions: answers other than
 * 200 (202 for import jobs, files streamed by the handler), and 4xx messages that name the field.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ResourceDef } from '../../model/resource';
import { notFound, requestTranslator, send, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { ResourceError, invalid, issueErrors } from './errors';

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface EngineInput<Q extends Schema, P extends Schema> {
  request: FastifyRequest;
  reply: FastifyReply;
  query: Out<Q>;
  params: Out<P>;
  ctx: RequestContext;
  tr: Translator;
}

/** What a handler answers: data (200 unless `status`), or the reply it has already sent or is streaming. */
export type EngineAnswer = { status?: number; msgKey?: string; data: unknown } | FastifyReply;

export interface EngineRouteSpec<Q extends Schema, P extends Schema> {
  def: ResourceDef;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  /** The code the auth hook checks; null when the handler checks (state changes, options). */
  permission: string | null;
  query?: Q;
  params?: P;
  /** For the OpenAPI document only: the handler parses its body itself. */
  bodyDoc?: z.ZodType;
  /** Labels of query keys that are not fields (`sort`, `order`, `page` …). */
  labels?: Record<string, string>;
  handler: (input: EngineInput<Q, P>) => Promise<EngineAnswer>;
}

const isReply = (a: EngineAnswer | undefined): a is FastifyReply =>
  typeof a === 'object' && a !== null && typeof (a as FastifyReply).raw === 'object' && typeof (a as FastifyReply).send === 'function';

export function engineRoute<Q extends Schema = undefined, P extends Schema = undefined>(app: FastifyInstance, spec: EngineRouteSpec<Q, P>): void {
  app.route({
    method: spec.method,
    url: spec.url,
    config: {
      auth: 'bearer',
      permission: spec.permission,
      schemas: { body: spec.bodyDoc, query: spec.query, params: spec.params },
      summary: spec.summary,
      tags: [spec.def.name],
    },
    handler: async (request, reply) => {
      const tr = requestTranslator(request);
      try {
        let params: unknown = undefined;
        if (spec.params) {
          const r = spec.params.safeParse(request.params);
          if (!r.success) throw notFound('resource.notFound');
          params = r.data;
        }
        let query: unknown = undefined;
        if (spec.query) {
          const r = spec.query.safeParse(request.query ?? {}, { reportInput: true });
          if (!r.success) throw invalid(issueErrors(spec.def, r.error.issues, tr, spec.labels), tr);
          query = r.data;
        }
        const answer = await spec.handler({
          request,
          reply,
          query: query as Out<Q>,
          params: params as Out<P>,
          ctx: request.ctx as RequestContext,
          tr,
        });
        // A streamed answer (an export) has been sent by the handler itself.
        if (isReply(answer)) return answer;
        if (reply.sent) return reply;
        const status = answer.status ?? 200;
        return send(reply, status, tr.t(answer.msgKey ?? 'success'), answer.data ?? null);
      } catch (err) {
        if (err instanceof ResourceError && !reply.sent) return send(reply, err.status, tr.t(err.key, err.params), err.data);
        throw err;
      }
    },
  });
}
