/**
 * Help documents (per route and language) and SOP documents (a public link by key) administration
 * (issue 9). Content is sanitised before it is stored; `help/routes.ts` sanitises again when serving.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { help } from '../../model/contract/help';
import type { HelpDocAdminRow, helpDocInput } from '../../model/help';
import type { Language } from '../../model/languages';
import type { DB } from '../db/types';
import { sanitizeRichText } from '../files/sanitize';
import { ApiError } from '../http';
import { serve } from '../serve';
import { isUniqueViolation } from '../db/errors';
import { recordRows } from '../audit/record';
import { actorOf } from '../audit/write';
import { deleteRecorded, updateRecorded, type RowHistory } from '../audit/own-row-history';
import { helpDocPage, helpPlaceTaken, insertHelpDoc, sopKeyKnown, type HelpDocValues } from './store';

const toRow = (r: {
  id: string;
  kind: 'help' | 'sop';
  route_path: string | null;
  doc_key: string;
  language: string;
  title: string;
  content: string;
  updated_at: Date | string;
}): HelpDocAdminRow => ({
  id: r.id,
  kind: r.kind,
  routePath: r.route_path,
  docKey: r.doc_key,
  language: r.language as Language,
  title: r.title,
  content: r.content,
  updatedAt: new Date(r.updated_at).toISOString(),
});

type HelpDocInput = z.output<typeof helpDocInput>;

/** The columns of a document as written; its content sanitised. */
const values = (body: HelpDocInput): HelpDocValues => ({
  kind: body.kind,
  route_path: body.kind === 'help' ? (body.routePath ?? null) : null,
  language: body.language,
  title: body.title,
  content: sanitizeRichText(body.content),
});

/**
 * What the table's unique key cannot say: a help document is one per route and language, and an
 * SOP translation names a key this tenant already uses (the public link is not tenant-scoped, so a
 * key of another tenant must never gain a language version here).
 */
async function checkPlace(
  db: Kysely<DB>,
  tenantId: string,
  body: HelpDocInput,
  exceptId: string | null,
): Promise<void> {
  if (body.kind === 'help') {
    if (await helpPlaceTaken(db, tenantId, body.routePath ?? '', body.language, exceptId))
      throw new ApiError(409, 'error.conflict', { field: 'language' });
  } else if (body.docKey && !exceptId) {
    if (!(await sopKeyKnown(db, tenantId, body.docKey)))
      throw new ApiError(400, 'error.badRequest', { field: 'docKey' });
  }
}

export function helpDocAdminRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  const conflict = (err: unknown): never => {
    if (isUniqueViolation(err)) throw new ApiError(409, 'error.conflict', { field: 'language' });
    throw err;
  };

  serve(app, help.page, async ({ ctx, query }) => {
    const page = await helpDocPage(db, ctx.tenantId, { kind: query.kind, keyword: query.keyword }, query);
    return { ...page, records: page.records.map(toRow) };
  });

  const codeOf = (r: { kind: string; route_path: string | null; doc_key: string; language: string }) =>
    `${r.kind === 'help' ? r.route_path : r.doc_key} ${r.language}`;
  const HISTORY: RowHistory<'help_doc'> = { entity: 'help-doc', codeOf };

  serve(app, help.create, async ({ ctx, body }) => {
    await checkPlace(db, ctx.tenantId, body, null);
    const row = await db
      .transaction()
      .execute(async (trx) => {
        const made = await insertHelpDoc(trx, ctx.tenantId, values(body), body.docKey);
        await recordRows(trx, actorOf(ctx), 'help-doc', 'create', [
          { id: made.id, code: codeOf(made), before: null, after: made },
        ]);
        return made;
      })
      .catch(conflict);
    return toRow(row);
  });

  serve(app, help.update, async ({ ctx, params, body }) => {
    await checkPlace(db, ctx.tenantId, body, params.id);
    const row = await db
      .transaction()
      .execute((trx) => updateRecorded(trx, actorOf(ctx), 'help_doc', params.id, values(body), HISTORY))
      .catch(conflict);
    return toRow(row);
  });

  serve(app, help.remove, async ({ ctx, params }) => {
    await db.transaction().execute(async (trx) => {
      await deleteRecorded(trx, actorOf(ctx), 'help_doc', params.id, HISTORY);
    });
    return null;
  });
}
