/** References between resources: existence in the caller's scope, display labels, options, referrers. */
import { sql, type RawBuilder } from 'kysely';
import type { FieldError } from '../../model/api';
import type { Language } from '../../model/languages';
import { refFields, type RefField, type RefOption, type ResourceDef } from '../../model/engine';
import type { Translator } from '../i18n';
import { fieldError } from './errors';
import { containsPattern } from '../db/patterns';
import type { Registry } from './registry';
import { refScopeOf, type Caller } from './scope';
import { run, tableOf, type ApiRow, type Db, type Fragment, type ResourceTable } from './table';

/** What names a row of `def`: its name in `language` (else zh-CN) when it has names in five languages, else its display field. */
function displayOf(t: ResourceTable, def: ResourceDef, language: Language | undefined): Fragment {
  const plain = t.ref(def.displayField);
  if (!language || !def.localNames) return plain;
  const named = [...new Set([def.localNames[language], def.localNames['zh-CN']])].map(
    (k) => sql`nullif(${t.ref(k)}, '')`,
  );
  return sql`coalesce(${sql.join(named)}, ${plain})`;
}

const idsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? [v] : []);

/** Of `ids`, those that are rows of `def` in the caller's scope. */
export async function existingIds(
  db: Db,
  def: ResourceDef,
  caller: Caller,
  ids: readonly string[],
): Promise<Set<string>> {
  const scope = refScopeOf(def, caller);
  if (!scope || ids.length === 0) return new Set();
  const t = tableOf(def);
  const rows = await run(
    db,
    sql`select id from ${t.table} where ${t.scopeWhere(scope)} and id = any(${[...new Set(ids)]}::uuid[])`,
  );
  return new Set(rows.map((r) => String(r.id)));
}

/** A validation error for every ref (also in detail rows) whose id is not a row of the caller's scope. */
export async function refErrors(
  db: Db,
  registry: Registry,
  def: ResourceDef,
  caller: Caller,
  values: Record<string, unknown>,
  tr: Translator,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [key, field] of refFields(def)) {
    const ids = idsOf(values[key]);
    if (ids.length === 0) continue;
    const found = await existingIds(db, registry.target(field), caller, ids);
    if (ids.some((id) => !found.has(id))) errors.push(fieldError(def, key, 'validation.reference', tr));
  }
  for (const [key, f] of Object.entries(def.fields)) {
    if (f.kind !== 'details') continue;
    const rows = Array.isArray(values[key]) ? (values[key] as Record<string, unknown>[]) : [];
    for (const [sub, sf] of Object.entries(f.fields)) {
      if (sf.kind !== 'ref' && sf.kind !== 'refs') continue;
      const found = await existingIds(
        db,
        registry.target(sf),
        caller,
        rows.flatMap((r) => idsOf(r[sub])),
      );
      rows.forEach((r, i) => {
        if (idsOf(r[sub]).some((id) => !found.has(id)))
          errors.push(fieldError(def, `${key}.${i}.${sub}`, 'validation.reference', tr));
      });
    }
  }
  return errors;
}

/** `code name` of rows of `def` by id (tenant-wide: the ids come from rows already in scope), named in `language` where the rows have local names. */
export async function labelsById(
  db: Db,
  def: ResourceDef,
  tenantId: string,
  ids: readonly string[],
  language?: Language,
): Promise<Map<string, { code: string; label: string }>> {
  const out = new Map<string, { code: string; label: string }>();
  if (ids.length === 0) return out;
  const t = tableOf(def);
  const code = t.ref(def.codeField);
  const display = displayOf(t, def, language);
  const tenant = def.scope === 'shared' ? sql`true` : sql`tenant_id = ${tenantId}`;
  const rows = await run(
    db,
    sql`select id, ${code} as code, ${display} as display from ${t.table} where ${tenant} and id = any(${[...new Set(ids)]}::uuid[])`,
  );
  for (const r of rows) {
    const c = String(r.code ?? '');
    const d = r.display === null || r.display === undefined ? '' : String(r.display);
    out.set(String(r.id), { code: c, label: d && d !== c ? `${c} ${d}` : c });
  }
  return out;
}

/** Fills `$labels` of every ref/refs field: one query per ref field for all the rows. */
export async function withLabels(
  db: Db,
  registry: Registry,
  def: ResourceDef,
  tenantId: string,
  rows: ApiRow[],
  language?: Language,
): Promise<(ApiRow & { $labels: Record<string, string> })[]> {
  const out: (ApiRow & { $labels: Record<string, string> })[] = rows.map((r) =>
    Object.assign({}, r, { $labels: {} as Record<string, string> }),
  );
  for (const [key, field] of refFields(def)) {
    const ids = rows.flatMap((r) => idsOf(r[key]));
    if (ids.length === 0) continue;
    const labels = await labelsById(db, registry.target(field), tenantId, ids, language);
    for (const r of out) {
      const own = idsOf(r[key]);
      if (own.length > 0)
        r.$labels[key] = own
          .map((id) => labels.get(id)?.label ?? '')
          .filter(Boolean)
          .join(', ');
    }
  }
  return out;
}

/** Rows of the referenced resource to choose from: code or display contains `q`, or exactly `ids`. */
export async function refOptions(
  db: Db,
  target: ResourceDef,
  caller: Caller,
  opts: { q?: string; ids?: string[]; size: number; language?: Language },
): Promise<RefOption[]> {
  const scope = refScopeOf(target, caller);
  if (!scope) return [];
  const t = tableOf(target);
  const code = t.ref(target.codeField);
  const display = displayOf(t, target, opts.language);
  const conds = [t.scopeWhere(scope)];
  if (opts.ids) conds.push(sql`id = any(${opts.ids}::uuid[])`);
  if (opts.q)
    conds.push(sql`(${code} ilike ${containsPattern(opts.q)} or ${display} ilike ${containsPattern(opts.q)})`);
  const rows = await run(
    db,
    sql`select id, ${code} as code, ${display} as display from ${t.table} where ${sql.join(conds, sql` and `)} order by ${code} asc limit ${opts.size}`,
  );
  return rows.map((r) => ({
    id: String(r.id),
    code: String(r.code ?? ''),
    name: r.display === null || r.display === undefined ? '' : String(r.display),
  }));
}

/** For each definition whose rows point at any of `ids` (rows of `target`), how many rows do. */
export async function referencesTo(
  db: Db,
  registry: Registry,
  target: ResourceDef,
  tenantId: string,
  ids: readonly string[],
): Promise<{ def: ResourceDef; count: number }[]> {
  const counts: { def: ResourceDef; count: RawBuilder<unknown> }[] = [];
  for (const r of registry.referrersOf(target.name)) {
    // Link-table rows go with the rows they link (on delete cascade).
    if (!r.detailsKey && r.field.kind === 'refs' && r.field.link) continue;
    const t = tableOf(r.owner);
    const idArray = sql`${[...ids]}::uuid[]`;
    let cond;
    if (r.detailsKey) {
      const col = t.ref(r.detailsKey);
      const value =
        r.field.kind === 'ref'
          ? sql`(e ->> ${r.key}) = any(${idArray}::text[])`
          : sql`exists (select 1 from jsonb_array_elements_text(case when jsonb_typeof(e -> ${r.key}) = 'array' then e -> ${r.key} else '[]'::jsonb end) x where x = any(${idArray}::text[]))`;
      cond = sql`exists (select 1 from jsonb_array_elements(${col}) e where ${value})`;
    } else {
      const col = t.ref(r.key);
      cond = (r.field as RefField).kind === 'ref' ? sql`${col} = any(${idArray})` : sql`${col} && ${idArray}`;
    }
    // A row that refers to itself (a tree's parent) does not block its own deletion.
    const self = r.owner === target ? sql` and not (id = any(${idArray}))` : sql``;
    const tenant = r.owner.scope === 'shared' ? sql`true` : sql`tenant_id = ${tenantId}`;
    counts.push({ def: r.owner, count: sql`(select count(*) from ${t.table} where ${tenant} and ${cond}${self})` });
  }
  if (counts.length === 0) return [];
  // Every referrer counted in one statement: one round trip, however many tables refer to the target.
  const [row] = await run(db, sql`select ${sql.join(counts.map((c, i) => sql`${c.count} as ${sql.ref(`n${i}`)}`))}`);
  const found = new Map<ResourceDef, number>();
  counts.forEach((c, i) => {
    const n = Number(row?.[`n${i}`] ?? 0);
    if (n > 0) found.set(c.def, (found.get(c.def) ?? 0) + n);
  });
  return [...found].map(([def, count]) => ({ def, count }));
}
