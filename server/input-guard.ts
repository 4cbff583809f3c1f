/**
 * Refuses a NUL character anywhere in a request's path, query, JSON body, and in every multipart
 * field name, field value and file name: PostgreSQL text cannot hold it, so it would otherwise
 * surface as a database error (a 500) deep inside a handler (SECURITY-TESTS T4.1).
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

const nulError = (field: string) => new ApiError(400, 'error.nulCharacter', { field });

/** What @fastify/multipart hands a handler: a field (`value`) or a file (`filename`, `file` stream). */
interface MultipartPart {
  type: 'field' | 'file';
  fieldname: string;
  filename?: string;
  value?: unknown;
  file?: { resume?: () => unknown };
  /** The fields read so far (`request.file()` skips them on its way to the first file). */
  fields?: Record<string, MultipartPart | MultipartPart[] | undefined>;
}

function nulField(part: MultipartPart): string | null {
  const name = typeof part.fieldname === 'string' ? part.fieldname : '';
  if (name.includes('\u0000')) return '?';
  if (part.type === 'file') return typeof part.filename === 'string' && part.filename.includes('\u0000') ? name : null;
  return nulPath(part.value, name);
}

/** Throws 400 when the part's name, value or file name holds a NUL (a refused file's bytes are drained). */
export function checkPart(part: MultipartPart | undefined | null): void {
  if (!part || typeof part !== 'object') return;
  let field = nulField(part);
  for (const seen of Object.values(part.fields ?? {})) {
    if (field !== null) break;
    for (const other of Array.isArray(seen) ? seen : seen ? [seen] : []) {
      field = other && typeof other === 'object' ? nulField(other) : null;
      if (field !== null) break;
    }
  }
  if (field === null) return;
  if (part.type === 'file') part.file?.resume?.();
  throw nulError(field);
}

async function* checkedParts<T>(parts: AsyncIterable<T>): AsyncGenerator<T> {
  for await (const part of parts) {
    checkPart(part as MultipartPart);
    yield part;
  }
}

type MultipartReader = (...args: unknown[]) => unknown;

/**
 * Every way a handler reads a multipart body (`parts()`, `file()`, `files()`) checks each part as it
 * arrives: parts are streamed, so there is no whole body to check before the handler runs.
 */
function guardMultipart(request: FastifyRequest): void {
  const r = request as unknown as Record<string, MultipartReader | undefined>;
  const parts = r.parts;
  if (typeof parts !== 'function') return;
  const checked = (args: unknown[]) => checkedParts(parts.apply(request, args) as AsyncIterable<MultipartPart>);
  r.parts = (...args) => checked(args);
  // file() and files() skip fields on their way to files: read through parts() so that every
  // part, fields included, is checked in the order it arrives (before a later limit error).
  r.files = (...args) =>
    (async function* () {
      for await (const part of checked(args)) if (part.file) yield part;
    })();
  r.file = async (...args) => {
    for await (const part of checked(args)) if (part.file) return part;
    return undefined;
  };
}

export function rejectNul(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  try {
    const field = nulPath(request.params, '') ?? nulPath(request.query, '') ?? nulPath(request.body, '');
    if (field !== null || request.url.includes('%00')) throw nulError(field ?? '');
    const multipart = (request as { isMultipart?: () => boolean }).isMultipart;
    if (typeof multipart === 'function' && multipart.call(request)) guardMultipart(request);
  } catch (err) {
    done(err as Error);
    return;
  }
  done();
}
