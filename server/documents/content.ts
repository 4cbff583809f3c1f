/** A document version's file sent to the browser, whole or the byte range it asked for. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentService } from './service';

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; null for no or an unusable header (then the whole file). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

/** Sends a version's file, whole or the requested range, as a document that is shown and never run. */
export async function sendContent(
  service: DocumentService,
  request: FastifyRequest,
  reply: FastifyReply,
  tenantId: string,
  id: string,
  versionId: string | undefined,
  download: boolean,
): Promise<FastifyReply> {
  const probe = await service.content(tenantId, id, versionId, null);
  probe.body.destroy();
  const range = parseRange(request.headers.range, probe.size);
  if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${probe.size}`).send();
  const file = await service.content(tenantId, id, versionId, range);
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', file.mime)
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `${download ? 'attachment' : 'inline'}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    // A document is shown, never run: no script of an uploaded file gets our origin.
    .header(
      'content-security-policy',
      "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
    )
    .header('x-content-type-options', 'nosniff');
  if (range) reply.code(206).header('content-range', `bytes ${file.start}-${file.end}/${file.size}`);
  reply.header('content-length', String(file.size === 0 ? 0 : file.end - file.start + 1));
  return reply.send(file.body);
}
