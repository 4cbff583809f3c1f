/**
 * The list query of a resource: paging, sort on a sortable field, one filter per search field; a date
 * or datetime search field filters by a period, `<key>From` and `<key>To` (days, both included).
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { LIST_MAX_SIZE, searchFields, sortableKeys, type FieldDef, type ResourceDef } from '../../model/engine';

export { sortableKeys };
import type { Fragment, ResourceTable } from './table';
import type { ResourceScope } from './scope';
import { containsPattern } from '../db/patterns';

export type FilterOp = 'contains' | 'prefix' | 'eq' | 'has' | 'from' | 'to';

export interface Filter {
  key: string;
  op: FilterOp;
  value: string | number | boolean;
}

export interface ListParams {
  page: number;
  size: number;
  sort: string;
  order: 'asc' | 'desc';
  filters: Filter[];
  /**
   * The caller's UTC offset (minutes, as getTimezoneOffset; null: UTC): a period of a datetime field
   * runs from the start of its first day to the end of its last day where the caller lives.
   */
  offset?: number | null;
}

/** Labels of the query keys that are not fields (namespace `model`). */
export const QUERY_LABELS: Record<string, string> = {
  page: 'common.page',
  size: 'common.size',
  sort: 'common.sort',
  order: 'common.order',
};

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The query keys of a period filter on `key`. */
export const periodKeys = (key: string) => ({ from: `${key}From`, to: `${key}To` });
const isPeriod = (f: FieldDef) => f.kind === 'date' || f.kind === 'datetime';
/** A calendar day (2026-02-30 is none) of the years both databases and every client can represent. */
const isDay = (s: string) => {
  const ms = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === s;
};
const DAY = z
  .string()
  .regex(/^[1-9]\d{3}-\d{2}-\d{2}$/, { error: 'validation.date' })
  .refine(isDay, { error: 'validation.date' });

/** Labels of a definition's query keys: QUERY_LABELS, and each period's ends by their field's label. */
export function queryLabels(def: ResourceDef): Record<string, string> {
  const labels: Record<string, string> = { ...QUERY_LABELS };
  for (const [key, f] of searchFields(def)) {
    if (!isPeriod(f) || !f.label) continue;
    const k = periodKeys(key);
    labels[k.from] = f.label;
    labels[k.to] = f.label;
  }
  return labels;
}

function filterSchema(f: FieldDef): { schema: z.ZodType; op: FilterOp } | null {
  switch (f.kind) {
    case 'text':
    case 'textarea':
      return { schema: z.string().trim().max(200, { error: 'validation.tooLong' }), op: 'contains' };
    // Codes are looked up by how they start (case-insensitive): an index serves that on any table size.
    case 'code':
      return { schema: z.string().trim().max(200, { error: 'validation.tooLong' }), op: 'prefix' };
    case 'enum':
      return { schema: z.enum(f.values as [string, ...string[]], { error: 'validation.option' }), op: 'eq' };
    case 'dict':
      return { schema: z.string().trim().max(64, { error: 'validation.tooLong' }), op: 'eq' };
    case 'bool':
      return {
        schema: z.preprocess(
          (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
          z.boolean({ error: 'validation.boolean' }),
        ),
        op: 'eq',
      };
    case 'int':
    case 'decimal':
      return {
        schema: z.coerce.number({ error: 'validation.number' }).refine(Number.isFinite, { error: 'validation.number' }),
        op: 'eq',
      };
    case 'ref':
      return { schema: z.uuid({ error: 'validation.reference' }), op: 'eq' };
    case 'refs':
      return { schema: z.uuid({ error: 'validation.reference' }), op: 'has' };
    case 'date':
    case 'datetime':
      return null; // a period: two keys (listQuerySchema)
    case 'time':
      return { schema: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' }), op: 'eq' };
    case 'details':
      return null;
  }
}

/** A whole number from 1 to `max` in the query, `fallback` when it is absent or blank. */
const countParam = (max: number, fallback: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: 'validation.number' })
      .int({ error: 'validation.integer' })
      .min(1, { error: 'validation.tooSmall' })
      .max(max, { error: 'validation.tooLarge' })
      .default(fallback),
  );

const schemas = new WeakMap<ResourceDef, z.ZodType<ListParams>>();

/** The zod schema of `?page&size&sort&order&<search fields>`, output as ListParams. */
export function listQuerySchema(def: ResourceDef): z.ZodType<ListParams> {
  const cached = schemas.get(def);
  if (cached) return cached;
  const sortable = sortableKeys(def);
  const ops: Record<string, FilterOp> = {};
  const shape: Record<string, z.ZodType> = {
    page: countParam(1_000_000, 1),
    size: countParam(LIST_MAX_SIZE, 20),
    sort: z.preprocess(blank, z.enum(sortable as [string, ...string[]], { error: 'validation.option' }).optional()),
    order: z.preprocess(blank, z.enum(['asc', 'desc'], { error: 'validation.option' }).optional()),
  };
  const periods: string[] = [];
  for (const [key, f] of searchFields(def)) {
    if (key in shape) continue;
    if (isPeriod(f)) {
      const k = periodKeys(key);
      shape[k.from] = z.preprocess(blank, DAY.optional());
      shape[k.to] = z.preprocess(blank, DAY.optional());
      periods.push(key);
      continue;
    }
    const spec = filterSchema(f);
    if (!spec) continue;
    ops[key] = spec.op;
    shape[key] = z.preprocess(blank, spec.schema.optional());
  }
  const ordered = z.object(shape).superRefine((q, ctx) => {
    for (const key of periods) {
      const k = periodKeys(key);
      const from = q[k.from];
      const to = q[k.to];
      if (typeof from === 'string' && typeof to === 'string' && from > to)
        ctx.addIssue({ code: 'custom', path: [k.to], message: 'validation.periodOrder' });
    }
  });
  const schema = ordered.transform((q): ListParams => {
    const sort = typeof q.sort === 'string' ? q.sort : def.defaultSort.field;
    const order = (q.order as 'asc' | 'desc' | undefined) ?? (q.sort === undefined ? def.defaultSort.order : 'asc');
    const filters: Filter[] = [];
    for (const [key, op] of Object.entries(ops)) {
      const v = q[key];
      if (v === undefined || v === '') continue;
      filters.push({ key, op, value: v as string | number | boolean });
    }
    for (const key of periods) {
      const k = periodKeys(key);
      if (typeof q[k.from] === 'string') filters.push({ key, op: 'from', value: q[k.from] as string });
      if (typeof q[k.to] === 'string') filters.push({ key, op: 'to', value: q[k.to] as string });
    }
    return { page: q.page as number, size: q.size as number, sort, order, filters };
  });
  schemas.set(def, schema);
  return schema;
}

/** The first string after every string that starts with `p` (its last character raised by one). */
export const nextPrefix = (p: string) => p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1);

/** A prefix as typed, in upper and in lower case (each once): how codes and names are matched by their start. */
export const prefixVariants = (typed: string) => [...new Set([typed, typed.toUpperCase(), typed.toLowerCase()])];

/** The first instant of `day` (YYYY-MM-DD) for a caller at `offset` (getTimezoneOffset minutes; null: UTC). */
export const dayStart = (day: string, offset: number | null | undefined): Date =>
  new Date(Date.parse(`${day}T00:00:00Z`) + (offset ?? 0) * 60_000);
const DAY_MS = 86_400_000;

function filterSql(t: ResourceTable, f: Filter, offset: number | null | undefined): Fragment {
  const col = t.ref(f.key);
  switch (f.op) {
    case 'contains':
      return sql`${col} ilike ${containsPattern(String(f.value))}`;
    case 'prefix': {
      // As typed, in upper and in lower case. Ranges, not LIKE or upper(): under row-level security only
      // leakproof operators reach an index, and the pattern comparisons are leakproof.
      return sql`(${sql.join(
        prefixVariants(String(f.value)).map((p) => sql`(${col} ~>=~ ${p} and ${col} ~<~ ${nextPrefix(p)})`),
        sql` or `,
      )})`;
    }
    case 'has':
      return sql`${col} @> array[${String(f.value)}]::uuid[]`;
    // A DATE column compares as days; a timestamp against the caller's day's bounds, as instants.
    case 'from':
      return t.column(f.key).field.kind === 'date'
        ? sql`${col} >= ${String(f.value)}::date`
        : sql`${col} >= ${dayStart(String(f.value), offset)}`;
    case 'to':
      return t.column(f.key).field.kind === 'date'
        ? sql`${col} <= ${String(f.value)}::date`
        : sql`${col} < ${new Date(dayStart(String(f.value), offset).getTime() + DAY_MS)}`;
    case 'eq':
      return sql`${col} = ${f.value}`;
  }
}

/** The scope and the filters, as a WHERE condition. */
export function whereSql(
  t: ResourceTable,
  scope: ResourceScope,
  filters: readonly Filter[],
  offset?: number | null,
): Fragment {
  return sql.join([t.scopeWhere(scope), ...filters.map((f) => filterSql(t, f, offset))], sql` and `);
}

/** The sort field then the id, both in the same direction (PostgreSQL's null placement, so indexes serve both ways). */
export function orderSql(t: ResourceTable, sort: string, order: 'asc' | 'desc'): Fragment {
  const dir = order === 'desc' ? sql`desc` : sql`asc`;
  return sql`${t.ref(sort)} ${dir}, id ${dir}`;
}
