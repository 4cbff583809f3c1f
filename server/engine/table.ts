/**
 * The engine's typed wrapper around dynamic SQL: table and column identifiers come only from a
 * resource definition (never from input), values always travel as parameters.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { snake, type FieldDef, type ResourceDef } from '../../model/engine';
import type { DB } from '../db/types';
import type { ResourceScope, Viewer } from './scope';
import { dateOnly } from '../dates';

export type Db = Kysely<DB>;
/** A row as the driver returns it: column name → value. */
export type DbRow = Record<string, unknown>;
export type Fragment = RawBuilder<unknown>;

/** Runs a statement built from fragments and returns its rows. */
export async function run(db: Db, query: RawBuilder<unknown>): Promise<DbRow[]> {
  const result = await query.execute(db);
  return result.rows as DbRow[];
}

export interface Column {
  key: string;
  field: FieldDef;
  name: string;
}

/** A field with a column of the resource's own table (not one kept in a link table). */
export const isStored = (f: FieldDef) => !(f.kind === 'refs' && f.link);
/** A field the API answers (stored, not write-only). */
export const isAnswered = (f: FieldDef) => isStored(f) && !f.writeOnly;

/** The values of a row by field key, as the API carries them (before `$labels`). */
export interface ApiRow {
  id: string;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : new Date(String(v)).toISOString();

/** A resource's table as the engine queries it. */
export class ResourceTable {
  readonly table: Fragment;
  readonly columns: readonly Column[];
  private readonly byKey: Map<string, Column>;
  readonly factoryScoped: boolean;

  constructor(readonly def: ResourceDef) {
    this.table = sql.table(def.table);
    this.columns = Object.entries(def.fields).map(([key, field]) => ({ key, field, name: field.column ?? snake(key) }));
    this.byKey = new Map(this.columns.map((c) => [c.key, c]));
    this.factoryScoped = def.scope === 'factory';
  }

  column(key: string): Column {
    const c = this.byKey.get(key);
    if (!c) throw new Error(`${this.def.name} has no field ${key}`);
    return c;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** The column of a field as an identifier. */
  ref(key: string): Fragment {
    return sql.ref(this.column(key).name);
  }

  /** `tenant_id = … [and factory_id = …]` and the viewer's data permission (true for shared tables). */
  scopeWhere(scope: ResourceScope): Fragment {
    if (this.def.scope === 'shared') return sql`true`;
    const rows = scope.viewer ? sql` and ${visibleRows(scope.viewer)}` : sql``;
    if (this.factoryScoped) {
      if (!scope.factoryId) throw new Error(`${this.def.name} is factory-scoped`);
      return sql`tenant_id = ${scope.tenantId} and factory_id = ${scope.factoryId}${rows}`;
    }
    return sql`tenant_id = ${scope.tenantId}${rows}`;
  }

  /**
   * The rows of the scope whose `key` (a field unique in the scope) is one of `values`. With `probe`, a
   * text key is read with one index probe per value, which stays fast however large the scope; but
   * it is planned value by value from the statistics, and where they hold the scope small, the planner
   * may pick any index of the scope's columns, each probe then going through the whole scope. Without,
   * one `= any(array)` goes through the scope once at worst.
   */
  matching(scope: ResourceScope, key: string, values: readonly string[], select: Fragment, probe: boolean): Fragment {
    const distinct = [...new Set(values)];
    const kind = this.column(key).field.kind;
    if (!probe || (kind !== 'code' && kind !== 'text' && kind !== 'textarea')) {
      return sql`select ${select} from ${this.table} where ${this.scopeWhere(scope)} and ${this.ref(key)}::text = any(${distinct}::text[])`;
    }
    return sql`select x.* from unnest(${distinct}::text[]) as k(v)
      cross join lateral (select ${select} from ${this.table} where ${this.scopeWhere(scope)} and ${this.ref(key)} = k.v limit 1) x`;
  }

  /** The columns of `scopeWhere`, for conflict targets. */
  scopeColumns(): Fragment {
    return this.factoryScoped ? sql`tenant_id, factory_id` : sql`tenant_id`;
  }

  /** Every column the API shows, dates as text (no time-zone shift by the driver). */
  selectList(): Fragment {
    const cols = this.columns
      .filter((c) => isAnswered(c.field))
      .map((c) => (c.field.kind === 'date' ? sql`${sql.ref(c.name)}::text as ${sql.ref(c.name)}` : sql.ref(c.name)));
    return sql.join([sql`id`, sql`created_at`, sql`updated_at`, ...cols]);
  }

  /** A selected row by field key. */
  toApi(row: DbRow): ApiRow {
    const out: ApiRow = {
      id: String(row.id),
      createdAt: iso(row.created_at) ?? '',
      updatedAt: iso(row.updated_at) ?? '',
    };
    for (const c of this.columns) if (isAnswered(c.field)) out[c.key] = fromDb(c.field, row[c.name]);
    return out;
  }

  /** A field value as an SQL parameter of its column's type. */
  value(key: string, v: unknown): Fragment {
    return toDb(this.column(key).field, v);
  }
}

function fromDb(f: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return f.kind === 'refs' || f.kind === 'details' ? [] : null;
  switch (f.kind) {
    case 'int':
    case 'decimal':
      return Number(v);
    case 'datetime':
      return iso(v);
    case 'date':
      // A calendar day, whatever zone the server and the driver put its midnight in.
      return dateOnly(v as Date | string);
    case 'refs':
      return Array.isArray(v) ? v.map(String) : [];
    case 'details':
      return typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
    default:
      return v;
  }
}

function toDb(f: FieldDef, v: unknown): Fragment {
  switch (f.kind) {
    case 'refs':
      return sql`${Array.isArray(v) ? v.map(String) : []}::uuid[]`;
    case 'details':
      return sql`${JSON.stringify(Array.isArray(v) ? v : [])}::jsonb`;
    case 'bool':
      return sql`${typeof v === 'boolean' ? v : false}`;
    default:
      return sql`${v === undefined ? null : v}`;
  }
}

/**
 * The data permission (SPEC §6) as a condition on `created_by`: the functions of migration 015
 * run once per statement (scalar subqueries), not once per row.
 */
function visibleRows(v: Viewer): Fragment {
  return sql`((select access_sees_all(${v.tenantId}::uuid, ${v.userId}::uuid)) or created_by = any((select access_visible_users(${v.tenantId}::uuid, ${v.userId}::uuid, ${v.factoryId}::uuid))::uuid[]))`;
}

const tables = new WeakMap<ResourceDef, ResourceTable>();

export function tableOf(def: ResourceDef): ResourceTable {
  let t = tables.get(def);
  if (!t) {
    t = new ResourceTable(def);
    tables.set(def, t);
  }
  return t;
}
