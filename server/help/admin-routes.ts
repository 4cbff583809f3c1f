/**
 * Help documents (per route and language) and SOP documents (a public link by key) administration
 * (issue 9). Content is sanitised before it is stored; `help/routes.ts` sanitises again when serving.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
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
import { containsPattern } from '../db/patterns';
import { pageOf } from '../db/page';
import { lockOwnRow, deleteOwnRow } from '../db/own-row';

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
    let q = db
      .selectFrom('help_doc')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'help')
      .where('route_path', '=', body.routePath ?? '')
      .where('language', '=', body.language);
    if (exceptId) q = q.where('id', '!=', exceptId);
    if (await q.executeTakeFirst()) throw new ApiError(409, 'error.conflict', { field: 'language' });
  } else if (body.docKey && !exceptId) {
    const known = await db
      .selectFrom('help_doc')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('kind', '=', 'sop')
      .where('doc_key', '=', body.docKey)
      .executeTakeFirst();
    if (!known) throw new ApiError(400, 'error.badRequest', { field: 'docKey' });
  }
}

export function helpDocAdminRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  const conflict = (err: unknown): never => {
    if (isUniqueViolation(err)) throw new ApiError(409, 'error.conflict', { field: 'language' });
    throw err;
  };

  serve(app, help.page, async ({ ctx, query }) => {
    let base = db.selectFrom('help_doc').where('tenant_id', '=', ctx.tenantId);
    if (query.kind) base = base.where('kind', '=', query.kind);
    if (query.keyword) {
      const like = containsPattern(query.keyword);
      base = base.where((eb) => eb.or([eb('title', 'ilike', like), eb('route_path', 'ilike', like)]));
    }
    return pageOf(
      query,
      (limit, offset) =>
        base
          .selectAll()
          .orderBy('kind')
          .orderBy('route_path')
          .orderBy('language')
          .limit(limit)
          .offset(offset)
          .execute(),
      () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      toRow,
    );
  });

  const codeOf = (r: { kind: string; route_path: string | null; doc_key: string; language: string }) =>
    `${r.kind === 'help' ? r.route_path : r.doc_key} ${r.language}`;

  serve(app, help.create, async ({ ctx, body }) => {
    await checkPlace(db, ctx.tenantId, body, null);
    const row = await db
      .transaction()
      .execute(async (trx) => {
        const made = await trx
          .insertInto('help_doc')
          .values({
            tenant_id: ctx.tenantId,
            kind: body.kind,
            route_path: body.kind === 'help' ? (body.routePath ?? null) : null,
            ...(body.docKey ? { doc_key: body.docKey } : {}),
            language: body.language,
            title: body.title,
            content: sanitizeRichText(body.content),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
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
      .execute(async (trx) => {
        const before = await lockOwnRow(trx, 'help_doc', ctx.tenantId, params.id);
        const after = await trx
          .updateTable('help_doc')
          .set({
            kind: body.kind,
            route_path: body.kind === 'help' ? (body.routePath ?? null) : null,
            language: body.language,
            title: body.title,
            content: sanitizeRichText(body.content),
            updated_at: sql<Date>`now()`,
          })
          .where('tenant_id', '=', ctx.tenantId)
          .where('id', '=', params.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await recordRows(trx, actorOf(ctx), 'help-doc', 'update', [
          { id: after.id, code: codeOf(after), before, after },
        ]);
        return after;
      })
      .catch(conflict);
    return toRow(row);
  });

  serve(app, help.remove, async ({ ctx, params }) => {
    await db.transaction().execute(async (trx) => {
      const row = await deleteOwnRow(trx, 'help_doc', ctx.tenantId, params.id);
      await recordRows(trx, actorOf(ctx), 'help-doc', 'delete', [
        { id: row.id, code: codeOf(row), before: row, after: null },
      ]);
    });
    return null;
  });
}
