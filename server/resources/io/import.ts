/**
 * Importing a sheet into a resource: every row is converted, validated (schema, references,
 * dictionaries, uniqueness in the file and in the scope) before anything is written; then all rows
 * are upserted by the business key in one transaction.
 */
import { sql } from 'kysely';
import { inputSchema, ioFields, statusFields, type FieldDef, type ImportRowError, type ResourceDef } from '../../../model/resource';
import type { Translator } from '../../i18n';
import { dictItems, type DictItemOption } from '../dicts';
import { fieldLabel, issueErrors } from '../errors';
import { hooksOf } from '../hooks';
import { forgetEstimates } from '../estimates';
import { logOperation } from '../oplog';
import { recordHistory } from '../history';
import { refScopeOf, scopeOf, type Caller } from '../scope';
import type { ResourceService } from '../service';
import { isAnswered, run, tableOf, type ApiRow, type Db, type Fragment } from '../table';
import { codesOf, fromCell, type CellLookups } from './cells';
import { matchHeaders } from './labels';
import type { Sheet } from './sheet';

export interface PreparedRow {
  row: number;
  values: Record<string, unknown>;
  exists: boolean;
  /** The row it overwrites (for its history). */
  before?: ApiRow | null;
}

export interface Validated {
  total: number;
  rows: PreparedRow[];
  errors: ImportRowError[];
}

export type Progress = (processed: number) => void;

const rowError = (row: number, field: string, key: string, message: string): ImportRowError => ({ row, field, key, message });

/** Rows of `def` in scope whose business key is one of `codes`, by code. */
async function rowsByCode(db: Db, def: ResourceDef, caller: Caller, codes: string[]): Promise<Map<string, ApiRow>> {
  const t = tableOf(def);
  const scope = scopeOf(def, caller);
  const out = new Map<string, ApiRow>();
  if (codes.length === 0) return out;
  const rows = await run(db, sql`select ${t.selectList()} from ${t.table} where ${t.scopeWhere(scope)} and ${t.ref(def.codeField)} = any(${codes}::text[])`);
  for (const r of rows) {
    const api = t.toApi(r);
    out.set(String(api[def.codeField]), api);
  }
  return out;
}

/** Codes of the file that belong to rows of the scope the caller's data permission hides. */
async function hiddenCodes(db: Db, def: ResourceDef, caller: Caller, codes: string[], visible: Map<string, ApiRow>): Promise<Set<string>> {
  const scope = scopeOf(def, caller);
  if (!scope.viewer || codes.length === 0) return new Set();
  const t = tableOf(def);
  const all = await run(db, sql`select ${t.ref(def.codeField)}::text as code from ${t.table} where ${t.scopeWhere({ ...scope, viewer: undefined })} and ${t.ref(def.codeField)} = any(${codes}::text[])`);
  return new Set(all.map((r) => String(r.code)).filter((c) => !visible.has(c)));
}

/** Referenced row code → id, for the codes the file names. */
async function idsByCode(db: Db, target: ResourceDef, caller: Caller, codes: string[]): Promise<Map<string, string>> {
  const scope = refScopeOf(target, caller);
  const out = new Map<string, string>();
  if (!scope || codes.length === 0) return out;
  const t = tableOf(target);
  const rows = await run(db, sql`select id, ${t.ref(target.codeField)}::text as code from ${t.table} where ${t.scopeWhere(scope)} and ${t.ref(target.codeField)}::text = any(${[...new Set(codes)]}::text[])`);
  for (const r of rows) out.set(String(r.code), String(r.id));
  return out;
}

const uniqueKey = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : JSON.stringify(v));

/** Converts and checks every row; nothing is written. */
export async function validateSheet(service: ResourceService, caller: Caller, tr: Translator, sheet: Sheet, onProgress?: Progress): Promise<Validated> {
  const { def, db, registry } = service;
  const errors: ImportRowError[] = [];
  const columns = matchHeaders(def, sheet.headers);
  const codeCol = columns.get(def.codeField);
  if (codeCol === undefined) {
    errors.push(rowError(1, def.codeField, 'resource.import.missingColumn', tr.t('resource.import.missingColumn', { field: fieldLabel(def, def.codeField, tr) })));
    return { total: sheet.rows.length, rows: [], errors };
  }
  const fields = ioFields(def).filter(([key]) => columns.has(key));
  const cell = (cells: Sheet['rows'][number]['cells'], key: string) => cells[columns.get(key)!] ?? null;

  // One look-up per reference field and dictionary for the whole file.
  const lookups: CellLookups = { refIds: new Map(), dictItems: new Map() };
  for (const [key, f] of fields) {
    if (f.kind === 'ref' || f.kind === 'refs') {
      const codes = sheet.rows.flatMap((r) => codesOf(f, cell(r.cells, key)));
      lookups.refIds.set(key, await idsByCode(db, registry.target(f), caller, codes));
    } else if (f.kind === 'dict') {
      lookups.dictItems.set(key, await dictItems(db, caller.tenantId, f.dictType));
    }
  }
  const codeField = def.fields[def.codeField]!;
  const codes = [...new Set(sheet.rows.map((r) => fromCell(def.codeField, codeField, cell(r.cells, def.codeField), lookups)).map((c) => ('value' in c && c.value !== undefined ? String(c.value).trim() : '')).filter(Boolean))];
  const existing = await rowsByCode(db, def, caller, codes);
  // A row the data permission hides is neither shown nor overwritten by an upsert (SPEC §6).
  const hidden = await hiddenCodes(db, def, caller, codes, existing);

  const schema = inputSchema(def);
  const dictValues = new Map<string, DictItemOption[] | null>();
  for (const [key, f] of Object.entries(def.fields)) if (f.kind === 'dict') dictValues.set(key, lookups.dictItems.get(key) ?? (await dictItems(db, caller.tenantId, f.dictType)));
  const uniques = Object.entries(def.fields).filter(([, f]) => f.unique).map(([k]) => k);
  const seen = new Map<string, Map<string, number>>(uniques.map((k) => [k, new Map()]));
  const rows: PreparedRow[] = [];
  const statusKeys = new Set(statusFields(def).map(([k]) => k));

  for (const [i, r] of sheet.rows.entries()) {
    // Let other requests in now and then: a large file validates for a while.
    if (i > 0 && i % 2000 === 0) await new Promise((resolve) => setImmediate(resolve));
    const rowErrors: ImportRowError[] = [];
    const body: Record<string, unknown> = {};
    for (const [key, f] of fields) {
      const c = fromCell(key, f, cell(r.cells, key), lookups);
      if ('error' in c) rowErrors.push(rowError(r.row, key, c.error, tr.tm(c.error, { field: fieldLabel(def, key, tr) })));
      else body[key] = c.value;
    }
    const code = typeof body[def.codeField] === 'string' ? (body[def.codeField] as string).trim() : undefined;
    const current = code ? existing.get(code) : undefined;
    if (code && hidden.has(code)) rowErrors.push(rowError(r.row, def.codeField, 'resource.duplicate', tr.t('resource.duplicate', { field: fieldLabel(def, def.codeField, tr), value: code })));
    const input: Record<string, unknown> = {};
    for (const key of Object.keys(def.fields)) {
      // An existing row keeps its state: states change through their own button permission (T2.5).
      if (current && statusKeys.has(key)) input[key] = current[key];
      else if (key in body && !rowErrors.some((e) => e.field === key)) input[key] = body[key];
      else if (current) input[key] = current[key];
    }
    // Uniqueness within the file, on the values as given (also of rows that fail otherwise).
    for (const key of uniques) {
      const v = typeof body[key] === 'string' ? (body[key] as string).trim() : body[key];
      if (v === null || v === undefined || v === '') continue;
      const first = seen.get(key)!.get(uniqueKey(v));
      if (first !== undefined) {
        rowErrors.push(rowError(r.row, key, 'resource.import.duplicateInFile', tr.t('resource.import.duplicateInFile', { field: fieldLabel(def, key, tr), row: first })));
      } else seen.get(key)!.set(uniqueKey(v), r.row);
    }
    const parsed = schema.safeParse(input, { reportInput: true });
    if (!parsed.success) {
      for (const e of issueErrors(def, parsed.error.issues, tr, {}, input)) if (!rowErrors.some((x) => x.field === e.field)) rowErrors.push({ row: r.row, ...e });
    } else {
      const values = parsed.data as Record<string, unknown>;
      for (const [key, items] of dictValues) {
        const v = values[key];
        if (items && v !== null && v !== undefined && !items.some((it) => it.value === v)) rowErrors.push(rowError(r.row, key, 'validation.option', tr.tm('validation.option', { field: fieldLabel(def, key, tr) })));
      }
      if (rowErrors.length === 0) rows.push({ row: r.row, values, exists: current !== undefined, before: current ?? null });
    }
    errors.push(...rowErrors);
    if (onProgress && i % 1000 === 999) onProgress(i + 1);
  }

  // Unique values other than the business key must not belong to another row of the scope.
  for (const key of uniques.filter((k) => k !== def.codeField)) {
    const values = rows.map((r) => r.values[key]).filter((v) => v !== null && v !== undefined && v !== '');
    if (values.length === 0) continue;
    const t = tableOf(def);
    const taken = await run(db, sql`select ${t.ref(def.codeField)}::text as code, ${t.ref(key)}::text as v from ${t.table} where ${t.scopeWhere(scopeOf(def, caller))} and ${t.ref(key)}::text = any(${values.map(String)}::text[])`);
    const owner = new Map(taken.map((x) => [String(x.v), String(x.code)]));
    for (const r of rows) {
      const v = r.values[key];
      const o = v === null || v === undefined ? undefined : owner.get(String(v));
      if (o !== undefined && o !== String(r.values[def.codeField])) {
        errors.push(rowError(r.row, key, 'resource.duplicate', tr.t('resource.duplicate', { field: fieldLabel(def, key, tr), value: String(v) })));
      }
    }
  }
  errors.sort((a, b) => a.row - b.row);
  const bad = new Set(errors.map((e) => e.row));
  return { total: sheet.rows.length, rows: rows.filter((r) => !bad.has(r.row)), errors };
}

const BATCH = 5000;

/** The SQL type a field's column takes its values as (from text). */
function sqlType(f: FieldDef): string {
  switch (f.kind) {
    case 'int': return 'integer';
    case 'decimal': return 'numeric';
    case 'bool': return 'boolean';
    case 'ref': return 'uuid';
    case 'refs': return 'uuid[]';
    case 'date': return 'date';
    case 'datetime': return 'timestamptz';
    case 'details': return 'jsonb';
    default: return 'text';
  }
}

/** A value as the text of its SQL type (arrays as array literals, details as JSON). */
function asText(f: FieldDef, v: unknown): string | null {
  if (v === null || v === undefined) return f.kind === 'refs' ? '{}' : f.kind === 'details' ? '[]' : f.kind === 'bool' ? 'false' : null;
  if (f.kind === 'refs') return `{${(Array.isArray(v) ? v : []).map(String).join(',')}}`;
  if (f.kind === 'details') return JSON.stringify(v);
  return String(v);
}

/** Upserts every row by the business key in one transaction; returns how many were inserted and updated. */
export async function writeRows(
  service: ResourceService, caller: Caller, rows: readonly PreparedRow[], op: { method: string; path: string }, onProgress?: Progress, importId: string | null = null,
): Promise<{ inserted: number; updated: number }> {
  const { def } = service;
  const t = tableOf(def);
  // The shared menu tree has no import button; its rows have no tenant to upsert within.
  if (def.scope === 'shared') throw new Error(`${def.name} is shared: not importable`);
  const scope = scopeOf(def, caller);
  // Link-table and write-only fields (roles, a password hash) are not columns an import writes.
  const keys = Object.entries(def.fields).filter(([, f]) => isAnswered(f) && !f.serverSet).map(([k]) => k);
  const fixed: Fragment[] = [sql`tenant_id`, ...(t.factoryScoped ? [sql`factory_id`] : []), sql`created_by`, sql`updated_by`];
  const cols = sql.join([...fixed, ...keys.map((k) => t.ref(k))]);
  const updates = sql.join([...keys.map((k) => sql`${t.ref(k)} = excluded.${t.ref(k)}`), sql`updated_at = clock_timestamp()`, sql`updated_by = excluded.updated_by`]);
  const conflict = sql`(${t.scopeColumns()}, ${t.ref(def.codeField)})`;
  const head: Fragment[] = [sql`${scope.tenantId}::uuid`, ...(t.factoryScoped ? [sql`${scope.factoryId}::uuid`] : []), sql`${caller.userId}::uuid`, sql`${caller.userId}::uuid`];
  // One array parameter per column (unnest), not one parameter per value: a batch is one short statement.
  const names = keys.map((_, i) => sql.raw(`c${i}`));
  const casts = keys.map((k, i) => sql`${names[i]!}::${sql.raw(sqlType(def.fields[k]!))}`);
  const hooks = hooksOf(def);
  forgetEstimates(def.table);
  return service.db.transaction().execute(async (trx) => {
    let inserted = 0;
    let updated = 0;
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH);
      const arrays = keys.map((k) => sql`${batch.map((r) => asText(def.fields[k]!, r.values[k]))}::text[]`);
      const out = await run(trx, sql`insert into ${t.table} (${cols})
        select ${sql.join([...head, ...casts])} from unnest(${sql.join(arrays)}) as u(${sql.join(names)})
        on conflict ${conflict} do update set ${updates} returning id, (xmax = 0) as inserted`);
      for (const o of out) {
        if (o.inserted === true || o.inserted === 't') inserted++;
        else updated++;
        ids.push(String(o.id));
      }
      if (hooks.afterWrite) {
        for (const [j, r] of batch.entries()) await hooks.afterWrite(trx, def, scope, String(out[j]?.id), r.values);
      }
      onProgress?.(Math.min(rows.length, i + BATCH));
    }
    await logOperation(trx, caller, { type: 'import', method: op.method, path: op.path, resource: def.name, ids });
    // Last before the commit: the tenant's history chain is taken here (see server/audit/write.ts).
    await recordHistory(trx, def, caller, scope, 'import', rows.map((r, i) => {
      const after: Record<string, unknown> = { ...(r.before ?? {}) };
      for (const k of keys) after[k] = r.values[k];
      return { id: ids[i]!, before: r.before ?? null, after };
    }), importId);
    return { inserted, updated };
  });
}
