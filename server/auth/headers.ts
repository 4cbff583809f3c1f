/** The request headers every way of authenticating reads the same way. */
import type { FastifyRequest } from 'fastify';
import { requestLanguage, type RequestContext } from '../http';

export function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** What a caller's headers add to its context: the language, the active menu (SPEC §7), the client and its address. */
export function callerHeaders(
  request: FastifyRequest,
): Pick<RequestContext, 'language' | 'operationId' | 'clientId' | 'ip'> {
  return {
    ip: request.ip?.slice(0, 64) || null,
    language: requestLanguage(request),
    operationId: header(request, 'x-operation-id')?.slice(0, 64) || null,
    clientId: header(request, 'x-client-id')?.slice(0, 64) || null,
  };
}
