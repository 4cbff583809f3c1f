/**
 * Registers an engine route from its declaration (model/contract/resource.ts) through `serve`, with
 * the engine's own parts: the definition's schemas parse the query, the handler reads the body with
 * the definition's input schema, 4xx messages name the definition's fields, and its errors
 * (duplicates, references) answer with their data.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AnyEndpoint } from '../../model/contract/endpoint';
import type { ResourceDef } from '../../model/engine';
import { send } from '../http';
import { serve, type ServeInput, type ServeOptions } from '../serve';
import { ResourceError, invalid, issueErrors } from './errors';

/** What a handler answers: data (200 unless `status`), or the reply it has already sent or is streaming. */
export type EngineAnswer = { status?: 200 | 202; data: unknown } | FastifyReply;

/** The handler's input: the query as the engine's own schema parses it, when it has one. */
export type EngineInput<E extends AnyEndpoint, Q> = Omit<ServeInput<E>, 'query'> & {
  query: Q extends z.ZodType ? z.output<Q> : ServeInput<E>['query'];
};

export interface EngineRouteSpec<E extends AnyEndpoint, Q extends z.ZodType | undefined> {
  def: ResourceDef;
  endpoint: E;
  /** The schema that parses the query (the declared one describes it). */
  query?: Q;
  /** Labels of query keys that are not fields (`sort`, `order`, `page` …). */
  labels?: Record<string, string>;
  handler: (input: EngineInput<E, Q>) => Promise<EngineAnswer>;
  /** How a write confirms a caller taken from what the server holds (`ServeOptions.confirmsAuth`). */
  confirmsAuth?: ServeOptions['confirmsAuth'];
}

export function engineRoute<E extends AnyEndpoint, Q extends z.ZodType | undefined = undefined>(
  app: FastifyInstance,
  spec: EngineRouteSpec<E, Q>,
): void {
  const { def } = spec;
  serve(
    app,
    spec.endpoint,
    async (input) => {
      const answer = await spec.handler(input as EngineInput<E, Q>);
      // A reply is thenable: awaiting a sent one yields undefined once it has gone out.
      if (answer === undefined || input.reply.sent) return input.reply;
      if (answer.status) input.reply.code(answer.status);
      return answer.data as never;
    },
    {
      parse: { query: spec.query, body: null },
      invalid: (issues, tr, raw) => invalid(issueErrors(def, issues, tr, spec.labels, raw), tr),
      mapError: (err, reply, tr) =>
        err instanceof ResourceError && !reply.sent
          ? send(reply, err.status, tr.t(err.key, err.params), err.data)
          : undefined,
      messageKey: (status) => (status === 202 ? 'resource.import.queued' : 'success'),
      confirmsAuth: spec.confirmsAuth,
    },
  );
}
