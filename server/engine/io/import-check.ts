/**
 * The checks an import makes, a batch of rows at a time as the sheet is read: each row converted and
 * validated (schema, references, dictionaries, uniqueness in the file and in the scope). What a
 * check needs from the whole file (values seen so far, reference codes already looked up) is kept
 * here; rows are not.
 */
import { sql } from 'kysely';
import {
  inputSchema,
  ioFields,
  statusFields,
  type FieldDef,
  type ImportRowError,
  type ResourceDef,
} from '../../../model/engine';
import type { Translator } from '../../i18n';
import { positiveEnv } from '../../workers/pool';
import { dictItems, type DictItemOption } from '../dicts';
import { fieldLabel, issueErrors } from '../errors';
import { refScopeOf, scopeOf, type Caller } from '../scope';
import type { ResourceService } from '../service';
import { run, tableOf, type ApiRow, type Db } from '../table';
import { codesOf, fromCell, type CellLookups } from './cells';
import { matchHeaders } from './labels';
import type { SheetRow } from './sheet';

export interface PreparedRow {
  row: number;
  values: Record<string, unknown>;
  exists: boolean;
  /** The row it overwrites (for its history). */
  before: ApiRow | null;
}

const rowError = (row: number, field: string, key: string, message: string): ImportRowError => ({
  row,
  field,
  key,
  message,
});
const uniqueKey = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : JSON.stringify(v));

/** Rows of `def` in scope whose business key is one of `codes`, by code. */
async function rowsByCode(
  db: Db,
  def: ResourceDef,
  caller: Caller,
  codes: string[],
  probe: boolean,
): Promise<Map<string, ApiRow>> {
  const t = tableOf(def);
  const out = new Map<string, ApiRow>();
  if (codes.length === 0) return out;
  const rows = await run(db, t.matching(scopeOf(def, caller), def.codeField, codes, t.selectList(), probe));
  for (const r of rows) {
    const api = t.toApi(r);
    out.set(String(api[def.codeField]), api);
  }
  return out;
}

/** Codes of the file that belong to rows of the scope the caller's data permission hides. */
async function hiddenCodes(
  db: Db,
  def: ResourceDef,
  caller: Caller,
  codes: string[],
  visible: Map<string, ApiRow>,
  probe: boolean,
): Promise<Set<string>> {
  const scope = scopeOf(def, caller);
  if (!scope.viewer || codes.length === 0) return new Set();
  const t = tableOf(def);
  const all = await run(
    db,
    t.matching(
      { ...scope, viewer: undefined },
      def.codeField,
      codes,
      sql`${t.ref(def.codeField)}::text as code`,
      probe,
    ),
  );
  return new Set(all.map((r) => String(r.code)).filter((c) => !visible.has(c)));
}

/** Up to this many rows in the scope (IMPORT_KNOWN_CODES), an import reads their codes once at its start. */
const knownLimit = () => positiveEnv('IMPORT_KNOWN_CODES', 250_000);

/**
 * The codes of the scope's rows before the import, when there are at most knownLimit() of them; null
 * when there are more (memory: some 30 MB at the limit). A code not among them is new: no chunk needs to look it up. That matters
 * beyond the saved statements: a scope the planner's statistics think small (a factory's first import)
 * may be read through any index of its columns, and rows the import adds in its own transaction are
 * never in the statistics, so each lookup would go through every row written so far.
 */
async function knownCodes(db: Db, def: ResourceDef, caller: Caller): Promise<Set<string> | null> {
  const t = tableOf(def);
  const limit = knownLimit();
  const rows = await run(
    db,
    sql`select ${t.ref(def.codeField)}::text as code from ${t.table} where ${t.scopeWhere({ ...scopeOf(def, caller), viewer: undefined })} limit ${limit + 1}`,
  );
  return rows.length > limit ? null : new Set(rows.map((r) => String(r.code)));
}

export class ImportChecker {
  private readonly def: ResourceDef;
  private known: Set<string> | null = null;
  private readonly columns: Map<string, number>;
  private readonly fields: [string, FieldDef][];
  private readonly lookups: CellLookups = { refIds: new Map(), dictItems: new Map() };
  /** Reference codes looked up already, found or not, per field. */
  private readonly looked = new Map<string, Set<string>>();
  private readonly dictValues = new Map<string, DictItemOption[] | null>();
  private readonly uniques: string[];
  private readonly seen: Map<string, Map<string, number>>;
  private readonly statusKeys: Set<string>;
  private readonly schema;

  /** Null when the sheet lacks the business key's column (see `missingColumn`). */
  static async open(
    service: ResourceService,
    caller: Caller,
    tr: Translator,
    headers: string[],
  ): Promise<ImportChecker | null> {
    const columns = matchHeaders(service.def, headers);
    if (!columns.has(service.def.codeField)) return null;
    const checker = new ImportChecker(service, caller, tr, columns);
    checker.known = await knownCodes(service.db, service.def, caller);
    for (const [key, f] of Object.entries(service.def.fields)) {
      if (f.kind === 'dict') checker.dictValues.set(key, await dictItems(service.db, caller.tenantId, f.dictType));
    }
    for (const [key, f] of checker.fields) {
      if (f.kind === 'dict') checker.lookups.dictItems.set(key, checker.dictValues.get(key) ?? null);
      if (f.kind === 'ref' || f.kind === 'refs') {
        checker.lookups.refIds.set(key, new Map());
        checker.looked.set(key, new Set());
      }
    }
    return checker;
  }

  static missingColumn(def: ResourceDef, tr: Translator): ImportRowError {
    return rowError(
      1,
      def.codeField,
      'resource.import.missingColumn',
      tr.t('resource.import.missingColumn', { field: fieldLabel(def, def.codeField, tr) }),
    );
  }

  private constructor(
    private readonly service: ResourceService,
    private readonly caller: Caller,
    private readonly tr: Translator,
    columns: Map<string, number>,
  ) {
    const def = service.def;
    this.def = def;
    this.columns = columns;
    this.fields = ioFields(def).filter(([key]) => columns.has(key));
    this.uniques = Object.entries(def.fields)
      .filter(([, f]) => f.unique)
      .map(([k]) => k);
    this.seen = new Map(this.uniques.map((k) => [k, new Map()]));
    this.statusKeys = new Set(statusFields(def).map(([k]) => k));
    this.schema = inputSchema(def);
  }

  private cell(cells: SheetRow['cells'], key: string) {
    return cells[this.columns.get(key)!] ?? null;
  }

  /** Looks up the reference codes of `batch` not looked up before (one statement per field). */
  private async lookUp(db: Db, batch: readonly SheetRow[]): Promise<void> {
    for (const [key, f] of this.fields) {
      if (f.kind !== 'ref' && f.kind !== 'refs') continue;
      const looked = this.looked.get(key)!;
      const fresh = [...new Set(batch.flatMap((r) => codesOf(f, this.cell(r.cells, key))))].filter(
        (c) => !looked.has(c),
      );
      if (fresh.length === 0) continue;
      for (const c of fresh) looked.add(c);
      const target = this.service.registry.target(f);
      const scope = refScopeOf(target, this.caller);
      if (!scope) continue;
      const t = tableOf(target);
      const ids = this.lookups.refIds.get(key)!;
      const found = await run(
        db,
        sql`select id, ${t.ref(target.codeField)}::text as code from ${t.table} where ${t.scopeWhere(scope)} and ${t.ref(target.codeField)}::text = any(${fresh}::text[])`,
      );
      for (const r of found) ids.set(String(r.code), String(r.id));
    }
  }

  /** Converts and checks a batch; nothing is written. Rows with an error are left out of `rows`. */
  async check(db: Db, batch: readonly SheetRow[]): Promise<{ rows: PreparedRow[]; errors: ImportRowError[] }> {
    const { def, tr } = this;
    await this.lookUp(db, batch);
    const codeField = def.fields[def.codeField]!;
    const codeOf = (r: SheetRow) => {
      const c = fromCell(def.codeField, codeField, this.cell(r.cells, def.codeField), this.lookups);
      return 'value' in c && c.value !== undefined && c.value !== null ? String(c.value).trim() : '';
    };
    const codes = [...new Set(batch.map(codeOf).filter((c) => c && (!this.known || this.known.has(c))))];
    // A large scope is read a code at a time: its statistics show it large, so the probes use its unique index.
    const probe = this.known === null;
    const existing = await rowsByCode(db, def, this.caller, codes, probe);
    // A row the data permission hides is neither shown nor overwritten by an upsert (SPEC §6).
    const hidden = await hiddenCodes(db, def, this.caller, codes, existing, probe);

    const errors: ImportRowError[] = [];
    const rows: PreparedRow[] = [];
    for (const r of batch) {
      const rowErrors: ImportRowError[] = [];
      const body: Record<string, unknown> = {};
      for (const [key, f] of this.fields) {
        const c = fromCell(key, f, this.cell(r.cells, key), this.lookups);
        if ('error' in c)
          rowErrors.push(rowError(r.row, key, c.error, tr.tm(c.error, { field: fieldLabel(def, key, tr) })));
        else body[key] = c.value;
      }
      const code = typeof body[def.codeField] === 'string' ? (body[def.codeField] as string).trim() : undefined;
      const current = code ? existing.get(code) : undefined;
      if (code && hidden.has(code))
        rowErrors.push(
          rowError(
            r.row,
            def.codeField,
            'resource.duplicate',
            tr.t('resource.duplicate', { field: fieldLabel(def, def.codeField, tr), value: code }),
          ),
        );
      const input: Record<string, unknown> = {};
      for (const key of Object.keys(def.fields)) {
        // An existing row keeps its state: states change through their own button permission (T2.5).
        if (current && this.statusKeys.has(key)) input[key] = current[key];
        else if (key in body && !rowErrors.some((e) => e.field === key)) input[key] = body[key];
        else if (current) input[key] = current[key];
      }
      // Uniqueness within the file, on the values as given (also of rows that fail otherwise).
      for (const key of this.uniques) {
        const v = typeof body[key] === 'string' ? (body[key] as string).trim() : body[key];
        if (v === null || v === undefined || v === '') continue;
        const first = this.seen.get(key)!.get(uniqueKey(v));
        if (first !== undefined) {
          rowErrors.push(
            rowError(
              r.row,
              key,
              'resource.import.duplicateInFile',
              tr.t('resource.import.duplicateInFile', { field: fieldLabel(def, key, tr), row: first }),
            ),
          );
        } else this.seen.get(key)!.set(uniqueKey(v), r.row);
      }
      const parsed = this.schema.safeParse(input, { reportInput: true });
      if (!parsed.success) {
        for (const e of issueErrors(def, parsed.error.issues, tr, {}, input))
          if (!rowErrors.some((x) => x.field === e.field)) rowErrors.push({ row: r.row, ...e });
      } else {
        const values = parsed.data as Record<string, unknown>;
        for (const [key, items] of this.dictValues) {
          const v = values[key];
          if (items && v !== null && v !== undefined && !items.some((it) => it.value === v))
            rowErrors.push(
              rowError(
                r.row,
                key,
                'validation.option',
                tr.tm('validation.option', { field: fieldLabel(def, key, tr) }),
              ),
            );
        }
        if (rowErrors.length === 0)
          rows.push({ row: r.row, values, exists: current !== undefined, before: current ?? null });
      }
      errors.push(...rowErrors);
    }
    const taken = await this.takenElsewhere(db, rows);
    errors.push(...taken);
    const bad = new Set(taken.map((e) => e.row));
    return { rows: bad.size > 0 ? rows.filter((r) => !bad.has(r.row)) : rows, errors };
  }

  /** Unique values other than the business key that belong to another row of the scope. */
  private async takenElsewhere(db: Db, rows: readonly PreparedRow[]): Promise<ImportRowError[]> {
    const { def, tr } = this;
    const errors: ImportRowError[] = [];
    for (const key of this.uniques.filter((k) => k !== def.codeField)) {
      const values = rows.map((r) => r.values[key]).filter((v) => v !== null && v !== undefined && v !== '');
      if (values.length === 0) continue;
      const t = tableOf(def);
      const taken = await run(
        db,
        sql`select ${t.ref(def.codeField)}::text as code, ${t.ref(key)}::text as v from ${t.table} where ${t.scopeWhere(scopeOf(def, this.caller))} and ${t.ref(key)}::text = any(${values.map(String)}::text[])`,
      );
      const owner = new Map(taken.map((x) => [String(x.v), String(x.code)]));
      for (const r of rows) {
        const v = r.values[key];
        const o = v === null || v === undefined ? undefined : owner.get(String(v));
        if (o !== undefined && o !== String(r.values[def.codeField])) {
          errors.push(
            rowError(
              r.row,
              key,
              'resource.duplicate',
              tr.t('resource.duplicate', { field: fieldLabel(def, key, tr), value: String(v) }),
            ),
          );
        }
      }
    }
    return errors;
  }
}
