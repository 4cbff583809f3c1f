/**
 * Refuses a NUL character anywhere in a request's path, query or JSON body: PostgreSQL text cannot
 * hold it, so it would otherwise surface as a database error (a 500) deep inside a handler.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './http';

/** The dotted path of the first string holding a NUL, or null. */
function nulPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return path ? `${path}.?` : '?';
    const found = nulPath(v, path ? `${path}.${k}` : k, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export async function rejectNul(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const field = nulPath(request.params, '') ?? nulPath(request.query, '') ?? nulPath(request.body, '');
  if (field !== null || request.url.includes('%00')) throw new ApiError(400, 'error.nulCharacter', { field: field ?? '' });
}
