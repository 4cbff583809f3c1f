/**
 * Records whose code or name starts with the text, in the resources the caller may read. Each
 * resource is read in the scope its own list route uses (scopeOf: tenant, factory, data permission)
 * and through its table's scope condition; each prefix is a range that a b-tree index with pattern
 * ordering serves (migration 038 adds the one material names need), taken lazily up to the limit.
 */
import { sql } from 'kysely';
import type { Language } from '../../model/languages';
import { permissionCode, type ResourceDef } from '../../model/engine';
import { RESOURCES } from '../../model/resources';
import { recordPath, type SearchRecordGroup } from '../../model/search';
import type { RequestContext } from '../http';
import type { MenuEntry } from './menus';
import { nextPrefix, prefixVariants } from '../engine/list';
import { callerOf, scopeOf } from '../engine/scope';
import { run, tableOf, type Db, type Fragment } from '../engine/table';

/** Resources searched by code and name: a code field, and a table of the tenant (or of a factory). */
export const SEARCHED: readonly ResourceDef[] = RESOURCES.filter(
  (def) => def.scope !== 'shared' && def.fields[def.codeField]?.kind === 'code',
);

/** The menu entry of a resource's screen: the one whose permission is the resource's view permission. */
function screenOf(def: ResourceDef, entries: readonly MenuEntry[]): MenuEntry | undefined {
  const view = permissionCode(def, 'view');
  return entries.find((e) => e.perms === view);
}

/** The resources the caller may read, each with its screen. */
async function readable(
  ctx: RequestContext,
  entries: readonly MenuEntry[],
): Promise<{ def: ResourceDef; screen: MenuEntry }[]> {
  const out: { def: ResourceDef; screen: MenuEntry }[] = [];
  for (const def of SEARCHED) {
    // Factory-scoped rows need a chosen factory (their list answers 400 without one).
    if (def.scope === 'factory' && !ctx.factoryId) continue;
    const screen = screenOf(def, entries);
    if (!screen || !(await ctx.hasPermission(permissionCode(def, 'view')))) continue;
    out.push({ def, screen });
  }
  return out;
}

/** The prefix as typed, in upper and lower case, and capitalised (names start with a capital: `quartz` finds `Quartz …`). */
const variantsOf = (q: string) => [
  ...new Set([...prefixVariants(q), q.charAt(0).toUpperCase() + q.slice(1).toLowerCase()]),
];

/**
 * Index entries a prefix reads at most per resource, field and variant before the data permission
 * is applied. A user who sees few rows (own records) typing one letter would otherwise walk every
 * row starting with it (measured: 0.6–0.8 s on a million materials); past this many, such a user
 * types more of the code or name.
 */
export const SEARCH_EXAMINED = 1000;

/** Up to `limit` rows of one resource whose `key` column starts with one of the prefix's variants. */
function startingWith(
  def: ResourceDef,
  ctx: RequestContext,
  key: string,
  q: string,
  limit: number,
  name: Fragment,
): Fragment {
  const t = tableOf(def);
  const col = t.ref(key);
  const lows = variantsOf(q);
  const highs = lows.map(nextPrefix);
  // The list route's scope, in two steps: tenant (and factory) with the prefix, then the data permission.
  const scope = scopeOf(def, callerOf(ctx));
  const scopeColumns = t.factoryScoped ? sql`tenant_id, factory_id, created_by` : sql`tenant_id, created_by`;
  return sql`select x.* from unnest(${lows}::text[], ${highs}::text[]) as v(lo, hi)
    cross join lateral (select id, code, name from (
        select id, ${t.ref(def.codeField)}::text as code, ${name} as name, ${scopeColumns} from ${t.table}
        where ${t.scopeWhere({ ...scope, viewer: undefined })} and ${col} ~>=~ v.lo and ${col} ~<~ v.hi limit ${SEARCH_EXAMINED}
      ) c where ${t.scopeWhere(scope)} limit ${limit}) x`;
}

/** The display name: the caller's language's column where the resource names rows per language. */
function nameOf(def: ResourceDef, language: Language): Fragment {
  const t = tableOf(def);
  const local = def.localNames?.[language];
  return local
    ? sql`coalesce(nullif(${t.ref(local)}::text, ''), ${t.ref(def.displayField)}::text)`
    : sql`${t.ref(def.displayField)}::text`;
}

/** One statement for every resource: `target` (the index in `defs`), id, code, name; up to `limit` per resource and field. */
export function searchStatement(defs: readonly ResourceDef[], ctx: RequestContext, q: string, limit: number): Fragment {
  const parts = defs.map((def, i) => {
    const name = nameOf(def, ctx.language);
    const byName =
      def.displayField !== def.codeField
        ? sql` union all ${startingWith(def, ctx, def.displayField, q, limit, name)}`
        : sql``;
    return sql`select ${i}::int as target, y.* from (${startingWith(def, ctx, def.codeField, q, limit, name)}${byName}) y`;
  });
  return sql.join(parts, sql` union all `);
}

export async function searchRecords(
  db: Db,
  ctx: RequestContext,
  entries: readonly MenuEntry[],
  q: string,
  limit: number,
): Promise<SearchRecordGroup[]> {
  const targets = await readable(ctx, entries);
  if (targets.length === 0) return [];
  const rows = await run(
    db,
    searchStatement(
      targets.map((x) => x.def),
      ctx,
      q,
      limit,
    ),
  );
  return targets.flatMap(({ def, screen }, i) => {
    const seen = new Set<string>();
    const hits = rows
      .filter((r) => Number(r.target) === i && !seen.has(String(r.id)) && seen.add(String(r.id)))
      .slice(0, limit)
      .map((r) => ({
        id: String(r.id),
        code: String(r.code ?? ''),
        name: String(r.name ?? ''),
        path: recordPath(screen.path, String(r.id)),
      }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    return hits.length > 0 ? [{ resource: def.name, title: screen.name, hits }] : [];
  });
}
