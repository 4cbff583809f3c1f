/**
 * Bills of materials: /api/basic-system/bom… (tenant-scoped). Not a resource of the engine: a line's
 * key is (parent, line number) and every write must keep the graph free of loops, so the BOM has its
 * own routes and store (server/bom/), reusing the engine's sheet reader, operation log and errors.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { bom } from '../../model/contract/bom';
import { IMPORT_MAX_BYTES } from '../../model/engine';
import type { DB } from '../db/types';
import type { Translator } from '../i18n';
import { sendWorkbook } from '../engine/io/download';
import { readUploadedFile } from '../engine/io/upload';
import { Background } from '../engine/background';
import { ImportJobs } from '../engine/io/jobs';
import { serve } from '../serve';
import { BomImport } from './import';
import { materialChoices, productsPage } from './pages';
import { BomService, type BomCall } from './service';
import { bomBook } from './sheet';
import { bomDb } from './store';
import { explosionOf, treeOf, whereUsedOf } from './views';

/** A workbook as a download: the BOM's title in the caller's language and `suffix` (ASCII fallback bom.xlsx, bom-file.xlsx). */
function sendBook(reply: FastifyReply, tr: Translator, suffix: string, bytes: Buffer): FastifyReply {
  return sendWorkbook(
    reply,
    { name: `${tr.tm('bom._title')}${suffix}.xlsx`, fallback: `bom${suffix ? '-file' : ''}.xlsx` },
    bytes,
  );
}

export async function bomRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): Promise<void> {
  const db = bomDb(opts.db);
  const jobs = new ImportJobs(opts.db, new Background());
  const service = (call: BomCall) => new BomService(opts.db, call);
  const imports = (call: BomCall) => new BomImport(opts.db, jobs, call);

  serve(app, bom.products, ({ ctx, query }) => productsPage(db, ctx.tenantId, query));
  serve(app, bom.materials, ({ ctx, query }) => materialChoices(db, ctx.tenantId, query));
  serve(app, bom.tree, ({ ctx, query }) => treeOf(db, ctx.tenantId, query.materialId));
  serve(app, bom.explode, ({ ctx, query }) => explosionOf(db, ctx.tenantId, query.materialId, query.quantity));
  serve(app, bom.whereUsed, ({ ctx, query }) => whereUsedOf(db, ctx.tenantId, query.materialId));

  serve(app, bom.addLine, (call) => service(call).addLine(call.body));
  serve(app, bom.updateLine, (call) => service(call).updateLine(call.params.id, call.body));
  serve(app, bom.deleteLines, (call) => service(call).deleteLines(call.body.ids));

  serve(app, bom.export, async (call) =>
    sendBook(call.reply, call.tr, '', await service(call).exportBook(call.query.materialId)),
  );
  serve(app, bom.template, async ({ reply, tr }) =>
    sendBook(reply, tr, `-${tr.t('resource.template')}`, await bomBook([], tr)),
  );
  serve(app, bom.importReport, async (call) =>
    sendBook(
      call.reply,
      call.tr,
      `-${call.tr.t('resource.import.reportName')}`,
      await imports(call).report(call.params.id),
    ),
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
    });
    serve(scope, bom.import, async (call) => imports(call).run(await readUploadedFile(call.request)));
  });
}
