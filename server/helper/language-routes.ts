/**
 * Language maintenance (SPEC §2 `helper/language`): the languages a tenant offers (the corp info's
 * list that `cope` answers and the shell obeys) and the tenant's overrides of any shipped text,
 * exported and imported as a key × language sheet for translators.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Kysely } from 'kysely';
import { helper } from '../../model/contract/helper';
import type { DB } from '../db/types';
import type { RequestContext } from '../http';
import { sendWorkbook } from '../engine/io/download';
import { readUploadedFile } from '../engine/io/upload';
import { serve } from '../serve';
import { todayFor } from '../dates';
import { LanguageSettings } from './language-settings';

const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export async function helperLanguageRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): Promise<void> {
  const settings = (ctx: RequestContext) => new LanguageSettings(opts.db, ctx);

  serve(app, helper.languages, ({ ctx }) => settings(ctx).languages());
  serve(app, helper.setLanguages, ({ ctx, body }) => settings(ctx).setLanguages(body.languages));
  serve(app, helper.translations, ({ ctx, query }) => settings(ctx).translations(query));
  serve(app, helper.setTranslation, ({ ctx, body }) => settings(ctx).setTranslation(body));
  serve(app, helper.overrides, ({ ctx }) => settings(ctx).overrides());

  serve(app, helper.exportTranslations, async ({ ctx, reply, request }) => {
    const buffer = await settings(ctx).exportBook();
    const date = todayFor(request);
    return sendWorkbook(reply, { name: `translations-${date}.xlsx`, fallback: `translations-${date}.xlsx` }, buffer);
  });

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
    serve(scope, helper.importTranslations, async ({ ctx, request, tr }) =>
      settings(ctx).importSheet(await readUploadedFile(request), tr),
    );
  });
}
