/** Answers of the rule routes whose messages carry values (how many codes are left, which code clashed). */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorHandler, requestTranslator, send } from '../http';

export class RuleError extends ApiError {
  constructor(
    status: number,
    key: string,
    readonly params: Record<string, string | number> = {},
    data: unknown = null,
    /** Where the message lives: `server` (route messages) or `model` (messages the screens share). */
    readonly ns: 'server' | 'model' = 'server',
  ) {
    super(status, key, data);
  }
}

/** The rule routes' error handler: RuleError with its interpolated message, anything else as usual. */
export function ruleErrorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RuleError) {
    const tr = requestTranslator(request);
    return send(
      reply,
      error.status,
      error.ns === 'model' ? tr.tm(error.key, error.params) : tr.t(error.key, error.params),
      error.data,
    );
  }
  return errorHandler(error, request, reply);
}
