/** Reading and writing the rows of one resource within a scope (no validation here). */
import { sql } from 'kysely';
import type { RefField, ResourceDef } from '../../model/engine';
import { forgetEstimates, heldEstimate, holdEstimate } from './estimates';
import { orderSql, whereSql, type ListParams } from './list';
import type { Caller, ResourceScope } from './scope';
import { isStored, run, tableOf, type ApiRow, type Db, type DbRow, type Fragment } from './table';

type LinkField = RefField & { link: NonNullable<RefField['link']> };

/** The refs fields kept in link tables. */
export const linkFields = (def: ResourceDef): [string, LinkField][] =>
  Object.entries(def.fields).filter((e): e is [string, LinkField] => e[1].kind === 'refs' && Boolean(e[1].link));

/** Fills the link-table fields of `rows` (one query per field for all the rows). */
export async function withLinks(db: Db, def: ResourceDef, tenantId: string, rows: ApiRow[]): Promise<ApiRow[]> {
  const links = linkFields(def);
  if (links.length === 0 || rows.length === 0) return rows;
  const ids = rows.map((r) => r.id);
  for (const [key, f] of links) {
    const found = await run(
      db,
      sql`select ${sql.ref(f.link.owner)} as owner, ${sql.ref(f.link.target)} as target from ${sql.table(f.link.table)}
      where tenant_id = ${tenantId} and ${sql.ref(f.link.owner)} = any(${ids}::uuid[]) order by 2`,
    );
    const byOwner = new Map<string, string[]>();
    for (const r of found) byOwner.set(String(r.owner), [...(byOwner.get(String(r.owner)) ?? []), String(r.target)]);
    for (const r of rows) r[key] = byOwner.get(r.id) ?? [];
  }
  return rows;
}

/** Replaces the link-table rows of the link fields present in `values`. */
export async function writeLinks(
  db: Db,
  def: ResourceDef,
  tenantId: string,
  id: string,
  values: Record<string, unknown>,
): Promise<void> {
  for (const [key, f] of linkFields(def)) {
    if (!(key in values)) continue;
    const targets = [...new Set(Array.isArray(values[key]) ? values[key].map(String) : [])];
    const table = sql.table(f.link.table);
    await run(db, sql`delete from ${table} where tenant_id = ${tenantId} and ${sql.ref(f.link.owner)} = ${id}`);
    if (targets.length === 0) continue;
    await run(
      db,
      sql`insert into ${table} (tenant_id, ${sql.ref(f.link.owner)}, ${sql.ref(f.link.target)})
      select ${tenantId}::uuid, ${id}::uuid, x from unnest(${targets}::uuid[]) x`,
    );
  }
}

export async function getRow(db: Db, def: ResourceDef, scope: ResourceScope, id: string): Promise<ApiRow | undefined> {
  const t = tableOf(def);
  const rows = await run(db, sql`select ${t.selectList()} from ${t.table} where ${t.scopeWhere(scope)} and id = ${id}`);
  if (!rows[0]) return undefined;
  const [row] = await withLinks(db, def, scope.tenantId, [t.toApi(rows[0])]);
  return row;
}

/** The rows of `ids` in scope (with their link fields), in no particular order. */
export async function getRows(
  db: Db,
  def: ResourceDef,
  scope: ResourceScope,
  ids: readonly string[],
): Promise<ApiRow[]> {
  if (ids.length === 0) return [];
  const t = tableOf(def);
  const rows = await run(
    db,
    sql`select ${t.selectList()} from ${t.table} where ${t.scopeWhere(scope)} and id = any(${[...ids]}::uuid[])`,
  );
  return withLinks(
    db,
    def,
    scope.tenantId,
    rows.map((r) => t.toApi(r)),
  );
}

/** Totals up to this many rows are counted exactly; larger ones are the planner's estimate. */
export const COUNT_EXACT_LIMIT = 10_000;

export interface ListResult {
  rows: ApiRow[];
  total: number;
  /** False when `total` is an estimate (more than COUNT_EXACT_LIMIT rows match). */
  totalExact: boolean;
}

/**
 * A page and its total. Counting every match of a million-row scope takes longer than the page
 * budget (DESIGN §3 benchmark), so the count stops after COUNT_EXACT_LIMIT rows and larger totals
 * come from the planner's estimate of the same query.
 */
export async function listRows(db: Db, def: ResourceDef, scope: ResourceScope, p: ListParams): Promise<ListResult> {
  const t = tableOf(def);
  const q = listStatements(def, scope, p);
  const answer = async (rows: DbRow[], total: number, totalExact: boolean): Promise<ListResult> => ({
    rows: await withLinks(
      db,
      def,
      scope.tenantId,
      rows.map((r) => t.toApi(r)),
    ),
    total,
    totalExact,
  });
  // The count statement names the scope, the data permission and the filters: it keys the total.
  const counting = q.count.compile(db);
  const key = `${counting.sql}\u0000${JSON.stringify(counting.parameters)}`;
  const estimate = heldEstimate(key);
  if (estimate !== undefined) {
    const rows = await run(db, q.page);
    return answer(rows, Math.max(estimate, (p.page - 1) * p.size + rows.length), false);
  }
  const [rows, count] = await Promise.all([run(db, q.page), run(db, q.count)]);
  const counted = Number(count[0]?.n ?? 0);
  let total = counted;
  let totalExact = true;
  if (counted > COUNT_EXACT_LIMIT) {
    const plan = await run(db, q.estimate);
    total = Math.max(counted, planRows(plan[0]?.['QUERY PLAN']));
    holdEstimate(key, def.table, total);
    total = Math.max(total, (p.page - 1) * p.size + rows.length);
    totalExact = false;
  }
  return answer(rows, total, totalExact);
}

/** The statements of a list: the page, the count (up to COUNT_EXACT_LIMIT + 1), the planner's estimate. */
export function listStatements(def: ResourceDef, scope: ResourceScope, p: ListParams) {
  const t = tableOf(def);
  const where = whereSql(t, scope, p.filters, p.offset);
  return {
    page: sql`select ${t.selectList()} from ${t.table} where ${where} order by ${orderSql(t, p.sort, p.order)} limit ${p.size} offset ${(p.page - 1) * p.size}`,
    count: sql`select count(*) as n from (select 1 from ${t.table} where ${where} limit ${COUNT_EXACT_LIMIT + 1}) x`,
    estimate: sql`explain (format json) select 1 from ${t.table} where ${where}`,
  };
}

/** `Plan Rows` of an `explain (format json)` answer (json, or its text). */
function planRows(plan: unknown): number {
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const first = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined) : undefined;
  const n = Number(first?.Plan?.['Plan Rows'] ?? 0);
  return Number.isFinite(n) ? Math.round(n) : 0;
}

/** Keys of `values` with a column of the table (link fields are written by writeLinks). */
function writable(def: ResourceDef, values: Record<string, unknown>): string[] {
  return Object.entries(def.fields)
    .filter(([k, f]) => k in values && isStored(f))
    .map(([k]) => k);
}

/** Inserts a row; answers it as written (its stored columns: link fields are written by writeLinks). */
export async function insertRow(
  db: Db,
  def: ResourceDef,
  scope: ResourceScope,
  caller: Caller,
  values: Record<string, unknown>,
): Promise<ApiRow> {
  forgetEstimates(def.table);
  const t = tableOf(def);
  const keys = writable(def, values);
  const shared = def.scope === 'shared';
  const cols: Fragment[] = shared
    ? [sql`created_by`, sql`updated_by`]
    : [sql`tenant_id`, sql`created_by`, sql`updated_by`];
  const vals: Fragment[] = shared
    ? [sql`${caller.userId}`, sql`${caller.userId}`]
    : [sql`${scope.tenantId}`, sql`${caller.userId}`, sql`${caller.userId}`];
  if (t.factoryScoped) {
    cols.push(sql`factory_id`);
    vals.push(sql`${scope.factoryId}`);
  }
  for (const k of keys) {
    cols.push(t.ref(k));
    vals.push(t.value(k, values[k]));
  }
  const rows = await run(
    db,
    sql`insert into ${t.table} (${sql.join(cols)}) values (${sql.join(vals)}) returning ${t.selectList()}`,
  );
  return t.toApi(rows[0]!);
}

/**
 * Updates the given fields; with `expectedUpdatedAt`, only if the row has not changed since. Answers
 * the row as written (its stored columns), or undefined when none changed.
 */
export async function updateRow(
  db: Db,
  def: ResourceDef,
  scope: ResourceScope,
  caller: Caller,
  id: string,
  values: Record<string, unknown>,
  expectedUpdatedAt?: string,
): Promise<ApiRow | undefined> {
  forgetEstimates(def.table);
  const t = tableOf(def);
  const sets = writable(def, values).map((k) => sql`${t.ref(k)} = ${t.value(k, values[k])}`);
  sets.push(sql`updated_at = clock_timestamp()`, sql`updated_by = ${caller.userId}`);
  // Timestamps travel with millisecond precision; the column keeps microseconds.
  const fresh = expectedUpdatedAt
    ? sql` and abs(extract(epoch from (updated_at - ${expectedUpdatedAt}::timestamptz))) < 0.001`
    : sql``;
  const rows = await run(
    db,
    sql`update ${t.table} set ${sql.join(sets)} where ${t.scopeWhere(scope)} and id = ${id}${fresh} returning ${t.selectList()}`,
  );
  return rows[0] ? t.toApi(rows[0]) : undefined;
}

/** The rows of `ids` in scope (with their link fields), locked for the rest of the transaction. */
export async function lockRows(
  db: Db,
  def: ResourceDef,
  scope: ResourceScope,
  ids: readonly string[],
): Promise<ApiRow[]> {
  const t = tableOf(def);
  const rows = await run(
    db,
    sql`select ${t.selectList()} from ${t.table} where ${t.scopeWhere(scope)} and id = any(${[...ids]}::uuid[]) for update`,
  );
  return withLinks(
    db,
    def,
    scope.tenantId,
    rows.map((r) => t.toApi(r)),
  );
}

export async function deleteRows(
  db: Db,
  def: ResourceDef,
  scope: ResourceScope,
  ids: readonly string[],
): Promise<number> {
  forgetEstimates(def.table);
  const t = tableOf(def);
  const rows = await run(
    db,
    sql`delete from ${t.table} where ${t.scopeWhere(scope)} and id = any(${[...ids]}::uuid[]) returning id`,
  );
  return rows.length;
}
