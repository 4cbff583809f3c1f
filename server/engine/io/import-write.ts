/**
 * Writing an import's checked rows: each batch upserted by the business key in one statement, its
 * hooks run and its history written, all in the import's one transaction.
 */
import { sql } from 'kysely';
import type { FieldDef } from '../../../model/engine';
import { columnType } from '../../db/ddl';
import { hooksOf } from '../hooks';
import { packImport, recordImport } from '../history';
import { scopeOf, type Caller, type ResourceScope } from '../scope';
import type { ResourceService } from '../service';
import { isAnswered, run, tableOf, type Db, type Fragment } from '../table';
import type { PreparedRow } from './import-check';

/**
 * The SQL type a field's column takes its values as (from text): the column's type without its size,
 * since a sized cast cuts a long text or rounds a number silently, where the column refuses the text.
 */
function sqlType(f: FieldDef): string {
  const type = columnType(f);
  return type.startsWith('varchar') ? 'text' : type.startsWith('numeric') ? 'numeric' : type;
}

const ESCAPED = /[\\"]/;
const ESCAPED_ALL = /[\\"]/g;

/**
 * Values as the text of one PostgreSQL array: every element quoted, NULL for none. Built here rather
 * than by the driver, which escapes each element with two replacements: on 100,000 rows × 20
 * columns that was half a second of the thread that checks the next rows meanwhile.
 */
export function arrayLiteral(values: readonly (string | null)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i] ?? null;
    if (i > 0) out += ',';
    out += v === null ? 'NULL' : ESCAPED.test(v) ? `"${v.replace(ESCAPED_ALL, '\\$&')}"` : `"${v}"`;
  }
  return `${out}}`;
}

/** A value as the text of its SQL type (arrays as array literals, details as JSON). */
function asText(f: FieldDef, v: unknown): string | null {
  if (v === null || v === undefined)
    return f.kind === 'refs' ? arrayLiteral([]) : f.kind === 'details' ? '[]' : f.kind === 'bool' ? 'false' : null;
  if (f.kind === 'refs') return arrayLiteral((Array.isArray(v) ? v : []).map(String));
  if (f.kind === 'details') return JSON.stringify(v);
  return String(v);
}

export class ImportWriter {
  inserted = 0;
  updated = 0;
  readonly ids: string[] = [];
  private readonly keys: string[];
  private readonly scope: ResourceScope;
  private readonly statement: (arrays: Fragment[]) => Fragment;

  constructor(
    private readonly service: ResourceService,
    private readonly caller: Caller,
    private readonly importId: string,
  ) {
    const { def } = service;
    // The shared menu tree has no import button; its rows have no tenant to upsert within.
    if (def.scope === 'shared') throw new Error(`${def.name} is shared: not importable`);
    const t = tableOf(def);
    this.scope = scopeOf(def, caller);
    // Link-table and write-only fields (roles, a password hash) are not columns an import writes.
    this.keys = Object.entries(def.fields)
      .filter(([, f]) => isAnswered(f) && !f.serverSet)
      .map(([k]) => k);
    const fixed: Fragment[] = [
      sql`tenant_id`,
      ...(t.factoryScoped ? [sql`factory_id`] : []),
      sql`created_by`,
      sql`updated_by`,
    ];
    const cols = sql.join([...fixed, ...this.keys.map((k) => t.ref(k))]);
    const updates = sql.join([
      ...this.keys.map((k) => sql`${t.ref(k)} = excluded.${t.ref(k)}`),
      sql`updated_at = clock_timestamp()`,
      sql`updated_by = excluded.updated_by`,
    ]);
    const conflict = sql`(${t.scopeColumns()}, ${t.ref(def.codeField)})`;
    const head: Fragment[] = [
      sql`${this.scope.tenantId}::uuid`,
      ...(t.factoryScoped ? [sql`${this.scope.factoryId}::uuid`] : []),
      sql`${caller.userId}::uuid`,
      sql`${caller.userId}::uuid`,
    ];
    // One array parameter per column (unnest), not one parameter per value: a batch is one short statement.
    const names = this.keys.map((_, i) => sql.raw(`c${i}`));
    const casts = this.keys.map((k, i) => sql`${names[i]!}::${sql.raw(sqlType(def.fields[k]!))}`);
    this.statement = (arrays) => sql`insert into ${t.table} (${cols})
      select ${sql.join([...head, ...casts])} from unnest(${sql.join(arrays)}) as u(${sql.join(names)})
      on conflict ${conflict} do update set ${updates} returning id, (xmax = 0) as inserted`;
  }

  /** Upserts a batch, runs its hooks and writes its history (one entry per row, tied to the import). */
  async write(trx: Db, rows: readonly PreparedRow[]): Promise<void> {
    if (rows.length === 0) return;
    const { def } = this.service;
    // Sent as text and read as an array by the database: the same on PostgreSQL and the embedded one.
    const arrays = this.keys.map(
      (k) => sql`${arrayLiteral(rows.map((r) => asText(def.fields[k]!, r.values[k])))}::text::text[]`,
    );
    const writing = run(trx, this.statement(arrays));
    // Awaited below; a failure meanwhile is not an unhandled rejection.
    writing.catch(() => undefined);
    // The history is packed while the database writes the rows (the statement is on its way once
    // this yields); their ids, in the rows' order, come with the answer.
    await new Promise((resolve) => setImmediate(resolve));
    const history = packImport(
      def,
      rows.map((r) => {
        const after: Record<string, unknown> = { ...(r.before ?? {}) };
        for (const k of this.keys) after[k] = r.values[k];
        return { before: r.before, after };
      }),
    );
    const out = await writing;
    const ids: string[] = [];
    for (const o of out) {
      if (o.inserted === true || o.inserted === 't') this.inserted++;
      else this.updated++;
      ids.push(String(o.id));
    }
    this.ids.push(...ids);
    const hooks = hooksOf(def);
    if (hooks.afterWrite) {
      for (const [j, r] of rows.entries()) await hooks.afterWrite(trx, def, this.scope, ids[j]!, r.values);
    }
    await recordImport(trx, def, this.caller, this.scope, history, ids, this.importId);
  }
}
