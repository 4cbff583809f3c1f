/** Documents (SPEC §3, §5, §6): upload checked against the type, versions, previews by byte range. /api/basic-system/document… */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Kysely } from 'kysely';
import { documents } from '../../model/contract/documents';
import {
  DOCUMENT_FIELD_LABELS as labels,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_PERMISSIONS as P,
  documentFields,
} from '../../model/document';
import type { Config } from '../config';
import type { DB } from '../db/types';
import { ApiError, notFound, validationError } from '../http';
import { frameOrigins } from '../app-registry';
import { bindTenant } from '../db/tenant-scope';
import { TICKET_TTL_MS, publicOrigin, signTicket, ticketKey, verifyTicket } from './ticket';
import { DocumentService, registerDocumentRelease } from './service';
import { loadFileKey } from '../files/encryption';
import { FolderStorage } from '../files/storage';
import { issueCodes } from '../rules/issue';
import { serve } from '../serve';
import { appRows } from '../platform/store';
import { sessionLive } from '../auth/sessions';
import { actorOf } from '../audit/write';

const BASE = '/basic-system/document';

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

export async function documentRoutes(app: FastifyInstance, opts: { db: Kysely<DB>; config: Config }): Promise<void> {
  const { db, config } = opts;
  registerDocumentRelease();
  let key: Promise<Buffer> | null = null;
  const fileKey = () => (key ??= loadFileKey(config.fileEncryptionKey, config.dataDir));
  const service = new DocumentService(db, new FolderStorage(config.filesDir), fileKey);
  const appOrigins = async (request: FastifyRequest) =>
    frameOrigins(await appRows(db), { protocol: request.protocol, hostname: request.hostname }, config.subappPortBase);

  serve(app, documents.list, async ({ ctx, query }) => ({
    ...(await service.list(ctx.tenantId, query)),
    page: query.page,
    size: query.size,
  }));

  serve(app, documents.get, async ({ ctx, params }) => service.detail(ctx.tenantId, params.id));

  /** Sends a version's file, whole or the requested range, as a document that is shown and never run. */
  async function sendContent(
    request: FastifyRequest,
    reply: FastifyReply,
    tenantId: string,
    id: string,
    versionId: string | undefined,
    download: boolean,
  ) {
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

  async function mayBrowse(ctx: { tenantId: string; hasPermission(code: string): Promise<boolean> }, id: string) {
    if ((await service.needsAuthority(ctx.tenantId, id)) && !(await ctx.hasPermission(P.deviceAuthority)))
      throw new ApiError(403, 'document.noAuthority');
  }

  serve(app, documents.content, async ({ ctx, params, query, request, reply }) => {
    await mayBrowse(ctx, params.id);
    return sendContent(request, reply, ctx.tenantId, params.id, query.versionId, Boolean(query.download));
  });

  serve(app, documents.ticket, async ({ ctx, params, body, request }) => {
    await mayBrowse(ctx, params.id);
    await service.content(ctx.tenantId, params.id, body.versionId, null).then((f) => f.body.destroy());
    const exp = Date.now() + TICKET_TTL_MS;
    const token = signTicket(
      {
        tenantId: ctx.tenantId,
        userId: ctx.user.id,
        sessionId: ctx.tokenId,
        documentId: params.id,
        versionId: body.versionId ?? null,
        exp,
      },
      ticketKey(await fileKey()),
    );
    // The viewer runs in a sub-app frame on another origin than the API's: the address is absolute
    // on the configured public origin (or what a trusted proxy forwarded), never on a Host header a
    // client chose; without either it is a path, which the viewer resolves against the shell origin it trusts.
    const origin = publicOrigin(request, config);
    return { url: `${origin ?? ''}/api${BASE}/file?ticket=${token}`, expiresAt: new Date(exp).toISOString() };
  });

  serve(app, documents.file, async ({ query, request, reply }) => {
    const t = verifyTicket(query.ticket, ticketKey(await fileKey()));
    if (!t) throw notFound();
    bindTenant(t.tenantId);
    // A ticket ends with the session it was issued to (T2.11).
    if (!(await sessionLive(db, t))) throw notFound();
    // Viewers in the sub-apps' frames fetch it from their own origins.
    const origin = request.headers.origin;
    if (origin && (await appOrigins(request)).includes(origin))
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    return sendContent(request, reply, t.tenantId, t.documentId, t.versionId ?? undefined, false);
  });

  serve(app, documents.remove, async ({ ctx, body }) => {
    await service.remove(ctx.tenantId, body.ids, actorOf(ctx));
    return null;
  });

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 12, fieldSize: 1024, parts: 14 },
    });
    serve(scope, documents.upload, async ({ ctx, request, tr }) => {
      if (!request.isMultipart()) throw new ApiError(415, 'error.unsupportedMediaType');
      const fields: Record<string, string> = {};
      let file: { name: string; bytes: Buffer } | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') {
            await part.toBuffer();
            continue;
          }
          // The type comes first: without it the file cannot be checked (SPEC §5).
          if (!fields.typeId)
            throw validationError(
              [{ code: 'custom', path: ['typeId'], message: 'validation.typeFirst', input: undefined }],
              tr,
              labels,
            );
          const bytes = await part.toBuffer().catch((e: { code?: string }) => {
            if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'document.tooLarge');
            throw e;
          });
          file = { name: part.filename ?? '', bytes };
        } else {
          fields[part.fieldname] = String(part.value ?? '');
        }
      }
      const parsed = documentFields.safeParse(fields, { reportInput: true });
      if (!parsed.success) throw validationError(parsed.error.issues, tr, labels);
      if (!file || file.bytes.length === 0)
        throw validationError(
          [{ code: 'custom', path: ['file'], message: 'validation.required', input: undefined }],
          tr,
          labels,
        );
      // No number given: the type's encoding rule issues one (audited like every issued code).
      const id = await service.upload(
        ctx.tenantId,
        ctx.user.id,
        { ...parsed.data, fileName: file.name, bytes: file.bytes },
        async (ruleId) => (await issueCodes(db, ctx, request, ruleId, 1, {})).codes[0]!,
        actorOf(ctx),
      );
      return service.detail(ctx.tenantId, id);
    });
  });
}
