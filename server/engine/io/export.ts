/** Export (streamed, the list's filters and sort) and the import template (headers and drop-downs). */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { ioFields, refFields, type FieldDef, type ResourceDef } from '../../../model/engine';
import type { Translator } from '../../i18n';
import { dictItems } from '../dicts';
import { whereSql, type ListParams } from '../list';
import { labelsById } from '../refs';
import type { Registry } from '../registry';
import type { Caller, ResourceScope } from '../scope';
import { run, tableOf, type Db, type DbRow, type Fragment, type ResourceTable } from '../table';
import { dateFormatOf, toCell, type ExportLookups } from './cells';
import { dayAt } from '../../dates';
import { columnLetter } from './xlsx-write';
import { sheetWriter } from './export-writer';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CHUNK = 2000;

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachment(name: string, fallback: string): string {
  const ascii = fallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The file's name with the user's day (their UTC offset, as the request's X-Timezone-Offset gives it; null: UTC). */
export function fileName(
  def: ResourceDef,
  tr: Translator,
  suffix = '',
  offset: number | null = null,
): { name: string; fallback: string } {
  const date = dayAt(new Date(), offset);
  return { name: `${tr.tm(def.titleKey)}${suffix}-${date}.xlsx`, fallback: `${def.name}${suffix}-${date}.xlsx` };
}

export const headerOf = (f: FieldDef, key: string, tr: Translator) => (f.label ? tr.tm(f.label) : key);

/**
 * The rows in the list's order (sort field, then id, both the same direction), chunk by chunk by
 * keyset: the non-null values with a range on the sort column an index serves, and the nulls (last
 * ascending, first descending, as PostgreSQL sorts them) by id.
 */
async function* chunks(
  db: Db,
  t: ResourceTable,
  where: Fragment,
  sort: string,
  order: 'asc' | 'desc',
): AsyncGenerator<DbRow[]> {
  const col = t.ref(sort);
  const dir = order === 'desc' ? sql`desc` : sql`asc`;
  const [cmp, bound] = order === 'desc' ? [sql`<`, sql`<=`] : [sql`>`, sql`>=`];
  const fetch = (phase: 'values' | 'nulls', after: { key: string; id: string } | null) => {
    const next =
      phase === 'values'
        ? sql`${col} is not null${after ? sql` and ${col} ${bound} ${after.key} and (${col}, id) ${cmp} (${after.key}, ${after.id})` : sql``}`
        : sql`${col} is null${after ? sql` and id ${cmp} ${after.id}` : sql``}`;
    const rows = run(
      db,
      sql`select ${t.selectList()}, ${col}::text as "$sort" from ${t.table} where ${where} and ${next} order by ${col} ${dir}, id ${dir} limit ${CHUNK}`,
    );
    rows.catch(() => undefined); // awaited below; never an unhandled rejection if the export stops first
    return rows;
  };
  for (const phase of order === 'asc' ? (['values', 'nulls'] as const) : (['nulls', 'values'] as const)) {
    let pending = fetch(phase, null);
    for (;;) {
      const rows = await pending;
      const last = rows[rows.length - 1];
      const more = rows.length === CHUNK && last !== undefined;
      // The next chunk is read while this one is written.
      if (more) pending = fetch(phase, { key: String(last.$sort ?? ''), id: String(last.id) });
      if (rows.length > 0) yield rows;
      if (!more) break;
    }
  }
}

async function exportLookups(
  db: Db,
  registry: Registry,
  def: ResourceDef,
  tenantId: string,
  rows: DbRow[],
  t: ResourceTable,
  dictLabels: ExportLookups['dictLabels'],
  offset: number | null,
): Promise<ExportLookups> {
  const refCodes = new Map<string, Map<string, string>>();
  for (const [key, f] of refFields(def)) {
    if (f.io === false) continue;
    const col = t.column(key).name;
    const ids = rows.flatMap((r) =>
      Array.isArray(r[col]) ? (r[col] as unknown[]).map(String) : r[col] ? [String(r[col])] : [],
    );
    const labels = await labelsById(db, registry.target(f), tenantId, ids);
    refCodes.set(key, new Map([...labels].map(([id, l]) => [id, l.code])));
  }
  return { refCodes, dictLabels, offset };
}

/** The translator with its answers kept: an export asks for the same few labels for every row. */
function remembering(tr: Translator): Translator {
  const t = new Map<string, string>();
  const tm = new Map<string, string>();
  const get = (cache: Map<string, string>, key: string, f: () => string) => {
    let v = cache.get(key);
    if (v === undefined) cache.set(key, (v = f()));
    return v;
  };
  return {
    language: tr.language,
    t: (key, options) => (options ? tr.t(key, options) : get(t, key, () => tr.t(key))),
    tm: (key, options) => (options ? tr.tm(key, options) : get(tm, key, () => tr.tm(key))),
  };
}

export interface ExportInput {
  db: Db;
  registry: Registry;
  def: ResourceDef;
  caller: Caller;
  scope: ResourceScope;
  tr: Translator;
  params: ListParams;
  /** The user's UTC offset (X-Timezone-Offset; null: UTC): times are written as their wall-clock times. */
  offset?: number | null;
}

/** Streams the rows as .xlsx into the returned stream, chunk by chunk; resolves `done` with the row count. */
export function exportStream(input: ExportInput): { stream: PassThrough; done: Promise<number> } {
  const { db, registry, def, caller, scope, params } = input;
  const tr = remembering(input.tr);
  const t = tableOf(def);
  const stream = new PassThrough();
  const fields = ioFields(def);
  const done = (async () => {
    const dateColumns = fields.flatMap(([, f], i) => (dateFormatOf(f) ? [[i + 1, dateFormatOf(f)!] as const] : []));
    const dictLabels = new Map<string, Map<string, string>>();
    for (const [key, f] of fields) {
      if (f.kind !== 'dict') continue;
      const items = await dictItems(db, caller.tenantId, f.dictType);
      dictLabels.set(key, new Map((items ?? []).map((i) => [i.value, i.label])));
    }
    const writer = sheetWriter(
      {
        type: 'begin',
        sheet: tr.tm(def.titleKey).slice(0, 31) || def.name,
        columns: fields.map(([key, f]) => ({
          header: headerOf(f, key, tr),
          key,
          width: Math.max(dateFormatOf(f) ? 20 : 12, Math.min(40, Math.round((f.width ?? 120) / 7))),
        })),
        dateColumns,
      },
      stream,
    );
    try {
      let count = 0;
      for await (const rows of chunks(
        db,
        t,
        whereSql(t, scope, params.filters, input.offset ?? params.offset),
        params.sort,
        params.order,
      )) {
        if (stream.destroyed) throw new Error('export: the response went away');
        const lookups = await exportLookups(
          db,
          registry,
          def,
          caller.tenantId,
          rows,
          t,
          dictLabels,
          input.offset ?? null,
        );
        await writer.write(
          rows.map((r) => {
            const api = t.toApi(r);
            return fields.map(([key, f]) => toCell(key, f, api[key], tr, lookups));
          }),
        );
        count += rows.length;
      }
      await writer.end();
      stream.end();
      return count;
    } catch (err) {
      writer.abort();
      throw err;
    }
  })();
  done.catch((err: unknown) => stream.destroy(err instanceof Error ? err : new Error(String(err))));
  return { stream, done };
}

/** The import template: the io fields' headers; enum, dict and bool columns offer their labels in a drop-down. */
export async function template(db: Db, def: ResourceDef, tenantId: string, tr: Translator): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(tr.tm(def.titleKey).slice(0, 31) || def.name);
  const lists = wb.addWorksheet('lists', { state: 'veryHidden' });
  const fields = ioFields(def);
  ws.columns = fields.map(([key, f]) => ({
    header: headerOf(f, key, tr),
    key,
    width: Math.max(12, Math.min(40, Math.round((f.width ?? 120) / 7))),
  }));
  ws.getRow(1).font = { bold: true };
  let listCol = 0;
  for (const [i, [, f]] of fields.entries()) {
    let options: string[] | null = null;
    if (f.kind === 'enum') options = f.values.map((v) => tr.tm(`enum.${f.enumName}.${v}`));
    else if (f.kind === 'dict') options = ((await dictItems(db, tenantId, f.dictType)) ?? []).map((it) => it.label);
    else if (f.kind === 'bool') options = [tr.t('resource.yes'), tr.t('resource.no')];
    if (f.required) ws.getRow(1).getCell(i + 1).note = tr.t('resource.import.requiredNote');
    if (!options || options.length === 0) continue;
    listCol++;
    const letter = columnLetter(listCol);
    options.forEach((o, j) => {
      lists.getCell(`${letter}${j + 1}`).value = o;
    });
    const target = columnLetter(i + 1);
    validationsOf(ws).add(`${target}2:${target}10001`, {
      type: 'list',
      allowBlank: !f.required,
      formulae: [`lists!$${letter}$1:$${letter}$${options.length}`],
      showErrorMessage: true,
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Range validations: exceljs has them on every worksheet but its typings leave them out. */
interface RangeValidations {
  add(address: string, validation: ExcelJS.DataValidation): void;
}
const validationsOf = (ws: ExcelJS.Worksheet) =>
  (ws as unknown as { dataValidations: RangeValidations }).dataValidations;
