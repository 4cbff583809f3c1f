/** The SQL of help and SOP documents: reading one by its place, the administrators' page and writes. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { containsPattern } from '../db/patterns';
import { pageOf, type PageQuery } from '../db/page';

type Kind = 'help' | 'sop';

/** A help document's columns as the administrators write them. */
export interface HelpDocValues {
  kind: Kind;
  route_path: string | null;
  language: string;
  title: string;
  content: string;
}

const shown = ['title', 'content', 'language', 'updated_at'] as const;

/** The tenant's help document of a route in a language. */
export function helpDocOf(db: Kysely<DB>, tenantId: string, routePath: string, language: string) {
  return db
    .selectFrom('help_doc')
    .select(shown)
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'help')
    .where('route_path', '=', routePath)
    .where('language', '=', language)
    .executeTakeFirst();
}

/** An SOP document by its public key in a language (the public link names no tenant). */
export function sopDocOf(db: Kysely<DB>, docKey: string, language: string) {
  return db
    .selectFrom('help_doc')
    .select(shown)
    .where('kind', '=', 'sop')
    .where('doc_key', '=', docKey)
    .where('language', '=', language)
    .executeTakeFirst();
}

/** Whether the tenant already has a help document for the route in the language (other than `exceptId`). */
export async function helpPlaceTaken(
  db: Kysely<DB>,
  tenantId: string,
  routePath: string,
  language: string,
  exceptId: string | null,
): Promise<boolean> {
  let q = db
    .selectFrom('help_doc')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'help')
    .where('route_path', '=', routePath)
    .where('language', '=', language);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return Boolean(await q.executeTakeFirst());
}

/** Whether the tenant uses this SOP key. */
export async function sopKeyKnown(db: Kysely<DB>, tenantId: string, docKey: string): Promise<boolean> {
  const known = await db
    .selectFrom('help_doc')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('kind', '=', 'sop')
    .where('doc_key', '=', docKey)
    .executeTakeFirst();
  return Boolean(known);
}

/** One page of the tenant's documents, by kind and a keyword in the title or route when given. */
export function helpDocPage(
  db: Kysely<DB>,
  tenantId: string,
  filter: { kind?: Kind; keyword?: string },
  query: PageQuery,
) {
  let base = db.selectFrom('help_doc').where('tenant_id', '=', tenantId);
  if (filter.kind) base = base.where('kind', '=', filter.kind);
  if (filter.keyword) {
    const like = containsPattern(filter.keyword);
    base = base.where((eb) => eb.or([eb('title', 'ilike', like), eb('route_path', 'ilike', like)]));
  }
  return pageOf(
    query,
    (limit, offset) =>
      base.selectAll().orderBy('kind').orderBy('route_path').orderBy('language').limit(limit).offset(offset).execute(),
    () => base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    (r) => r,
  );
}

/** A new document (inside the caller's transaction; `docKey` only to add a language to an SOP key). */
export function insertHelpDoc(trx: Kysely<DB>, tenantId: string, values: HelpDocValues, docKey: string | undefined) {
  return trx
    .insertInto('help_doc')
    .values({ tenant_id: tenantId, ...values, ...(docKey ? { doc_key: docKey } : {}) })
    .returningAll()
    .executeTakeFirstOrThrow();
}
