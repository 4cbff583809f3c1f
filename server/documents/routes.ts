/** Documents (SPEC §3, §5, §6): upload checked against the type, versions, previews by byte range. /api/basic-system/document… */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Kysely } from 'kysely';
import { documents } from '../../model/contract/documents';
import { DOCUMENT_MAX_BYTES, DOCUMENT_PERMISSIONS as P } from '../../model/document';
import type { Config } from '../config';
import type { DB } from '../db/types';
import { ApiError, notFound } from '../http';
import { frameOrigins } from '../app-registry';
import { bindTenant } from '../db/tenant-scope';
import { previewAddress, ticketKey, verifyTicket } from './ticket';
import { sendContent } from './content';
import { readUploadForm } from './upload-form';
import { DocumentService, registerDocumentRelease } from './service';
import { loadFileKey } from '../files/encryption';
import { FolderStorage } from '../files/storage';
import { issueCodes } from '../rules/issue';
import { serve } from '../serve';
import { appRows } from '../platform/store';
import { sessionLive } from '../auth/sessions';
import { actorOf } from '../audit/write';

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

  async function mayBrowse(ctx: { tenantId: string; hasPermission(code: string): Promise<boolean> }, id: string) {
    if ((await service.needsAuthority(ctx.tenantId, id)) && !(await ctx.hasPermission(P.deviceAuthority)))
      throw new ApiError(403, 'document.noAuthority');
  }

  serve(app, documents.content, async ({ ctx, params, query, request, reply }) => {
    await mayBrowse(ctx, params.id);
    return sendContent(service, request, reply, ctx.tenantId, params.id, query.versionId, Boolean(query.download));
  });

  serve(app, documents.ticket, async ({ ctx, params, body, request }) => {
    await mayBrowse(ctx, params.id);
    await service.content(ctx.tenantId, params.id, body.versionId, null).then((f) => f.body.destroy());
    const ticket = {
      tenantId: ctx.tenantId,
      userId: ctx.user.id,
      sessionId: ctx.tokenId,
      documentId: params.id,
      versionId: body.versionId ?? null,
    };
    return previewAddress(request, config, ticketKey(await fileKey()), ticket);
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
    return sendContent(service, request, reply, t.tenantId, t.documentId, t.versionId ?? undefined, false);
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
      const input = await readUploadForm(request, tr);
      // No number given: the type's encoding rule issues one (audited like every issued code).
      const id = await service.upload(
        ctx.tenantId,
        ctx.user.id,
        input,
        async (ruleId) => (await issueCodes(db, ctx, request, ruleId, 1, {})).codes[0]!,
        actorOf(ctx),
      );
      return service.detail(ctx.tenantId, id);
    });
  });
}
