/**
 * Help documents per route and language (SPEC §7 `route/help/doc/content`) and the public SOP page's
 * document (SPEC §2 `/{lang}/sop/{id}`). A document missing in the language answers 404 with the
 * SPEC §8 message; content is sanitised again on the way out.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { help } from '../../model/contract/help';
import type { HelpDocument } from '../../model/help';
import type { DB } from '../db/types';
import { ApiError } from '../http';
import { sanitizeRichText } from '../files/sanitize';
import { serve } from '../serve';
import { helpDocOf, sopDocOf } from './store';

function answer(row: { title: string; content: string; language: string; updated_at: Date | string }): HelpDocument {
  return {
    title: row.title,
    content: sanitizeRichText(row.content),
    language: row.language,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function helpRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, help.content, async ({ ctx, query }) => {
    const lang = query.lang ?? ctx.language;
    const row = await helpDocOf(db, ctx.tenantId, query.path, lang);
    if (!row) throw new ApiError(404, 'help.notMaintained');
    return answer(row);
  });

  serve(app, help.sop, async ({ params, query }) => {
    const row = await sopDocOf(db, params.id, query.lang);
    if (!row) throw new ApiError(404, 'help.notMaintained');
    return answer(row);
  });
}
