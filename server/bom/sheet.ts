/**
 * BOM sheets: export (one row per line, materials and units by code), the empty template, and the
 * import's validation. An import is all or nothing: every row is checked against the tenant's
 * materials and units and against the BOM the file would leave behind (a line that closes a loop,
 * with what is stored or with earlier rows of the file, is that row's error).
 */
import ExcelJS from 'exceljs';
import { z } from 'zod';
import {
  BOM_LABELS,
  BOM_SHEET_COLUMNS,
  bomLineFields,
  type BomImportError,
  type BomSheetColumn,
} from '../../model/bom';
import { LANGUAGES } from '../../model/languages';
import { fieldErrors } from '../http';
import { translator, type Translator } from '../i18n';
import type { Cell, Sheet } from '../engine/io/sheet';
import { writeErrorReport } from '../engine/io/report';
import { materialsByCode, pathDown, unitsByCode, type BomDb, type StoredLine } from './store';

export const headerOf = (c: BomSheetColumn, tr: Translator) => tr.tm(BOM_LABELS[c]);

export interface ExportLine {
  parentCode: string;
  lineNo: number;
  componentCode: string;
  dosage: number;
  unitCode: string | null;
  lossRate: number;
  priority: number | null;
  ecnNumber: string | null;
}

export async function bomBook(lines: readonly ExportLine[], tr: Translator): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(tr.tm('bom._title').slice(0, 31) || 'BOM');
  ws.addRow(BOM_SHEET_COLUMNS.map((c) => headerOf(c, tr))).font = { bold: true };
  BOM_SHEET_COLUMNS.forEach((_, i) => (ws.getColumn(i + 1).width = i === 0 || i === 2 ? 24 : 14));
  for (const l of lines)
    ws.addRow([l.parentCode, l.lineNo, l.componentCode, l.dosage, l.unitCode, l.lossRate, l.priority, l.ecnNumber]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Header text (in any language, or the field key) → column. */
function headerMap(): Map<string, BomSheetColumn> {
  const map = new Map<string, BomSheetColumn>();
  for (const c of BOM_SHEET_COLUMNS) {
    map.set(c.toLowerCase(), c);
    for (const lang of LANGUAGES) map.set(headerOf(c, translator(lang)).trim().toLowerCase(), c);
  }
  return map;
}

export function matchColumns(headers: readonly string[]): Map<BomSheetColumn, number> {
  const known = headerMap();
  const out = new Map<BomSheetColumn, number>();
  headers.forEach((h, i) => {
    const c = known.get(h.trim().toLowerCase());
    if (c && !out.has(c)) out.set(c, i);
  });
  return out;
}

const text = (c: Cell | undefined) =>
  (c === null || c === undefined ? '' : c instanceof Date ? c.toISOString() : String(c)).trim();

/** A row that passed every check: what to write. */
export interface ImportLine {
  row: number;
  parentId: string;
  componentId: string;
  lineNo: number;
  dosage: number;
  dosageUnitId: string | null;
  lossRate: number;
  priority: number | null;
  ecnNumber: string | null;
  /** The stored line at (parent, line number) it replaces. */
  replaces: string | null;
}

export interface ImportCheck {
  lines: ImportLine[];
  errors: BomImportError[];
}

const rowSchema = z.object(bomLineFields);

/** Checks every row; `stored` is every line of the tenant (the import is weighed against them). */
export async function checkImport(
  db: BomDb,
  tenantId: string,
  sheet: Sheet,
  stored: readonly StoredLine[],
  tr: Translator,
): Promise<ImportCheck> {
  const errors: BomImportError[] = [];
  const columns = matchColumns(sheet.headers);
  const label = (c: BomSheetColumn) => headerOf(c, tr);
  const err = (row: number, field: string, key: string, params: Record<string, unknown> = {}) =>
    errors.push({ row, field, key, message: tr.tm(key, { field: label(field as BomSheetColumn), ...params }) });
  for (const c of ['parentId', 'componentId', 'lineNo', 'dosage'] as const)
    if (!columns.has(c)) err(1, c, 'validation.required');
  if (errors.length) return { lines: [], errors };

  const cell = (cells: Cell[], c: BomSheetColumn) => {
    const i = columns.get(c);
    return i === undefined ? '' : text(cells[i]);
  };
  const materials = await materialsByCode(
    db,
    tenantId,
    sheet.rows.flatMap((r) => [cell(r.cells, 'parentId'), cell(r.cells, 'componentId')]).filter(Boolean),
  );
  const units = await unitsByCode(db, tenantId, sheet.rows.map((r) => cell(r.cells, 'dosageUnitId')).filter(Boolean));
  const codeOf = new Map<string, string>([...materials.values()].map((m) => [m.id, m.code]));

  const parsed: ImportLine[] = [];
  for (const { row, cells } of sheet.rows) {
    const before = errors.length;
    const ref = (c: 'parentId' | 'componentId') => {
      const code = cell(cells, c);
      if (!code) return void err(row, c, 'validation.required');
      const m = materials.get(code);
      if (!m) return void err(row, c, 'validation.reference');
      return m.id;
    };
    const parentId = ref('parentId');
    const componentId = ref('componentId');
    const unitCode = cell(cells, 'dosageUnitId');
    const dosageUnitId = unitCode ? units.get(unitCode) : null;
    if (dosageUnitId === undefined) err(row, 'dosageUnitId', 'validation.reference');
    const values = rowSchema.safeParse({
      lineNo: cell(cells, 'lineNo') || undefined,
      dosage: cell(cells, 'dosage') || undefined,
      lossRate: cell(cells, 'lossRate'),
      priority: cell(cells, 'priority'),
      ecnNumber: cell(cells, 'ecnNumber'),
    });
    if (!values.success) for (const e of fieldErrors(values.error.issues, tr, BOM_LABELS)) errors.push({ row, ...e });
    if (parentId && componentId && parentId === componentId)
      err(row, 'componentId', 'validation.bomCycle', { path: `${codeOf.get(parentId)} → ${codeOf.get(parentId)}` });
    if (errors.length > before || !parentId || !componentId || !values.success || dosageUnitId === undefined) continue;
    const v = values.data;
    parsed.push({
      row,
      parentId,
      componentId,
      lineNo: v.lineNo,
      dosage: v.dosage,
      dosageUnitId,
      lossRate: v.lossRate ?? 0,
      priority: v.priority,
      ecnNumber: v.ecnNumber,
      replaces: null,
    });
  }

  // The BOM the file leaves behind: stored lines, each (parent, line number) of the file replacing its own.
  const key = (parent: string, lineNo: number) => `${parent}#${lineNo}`;
  const storedAt = new Map(stored.map((l) => [key(l.parentId, l.lineNo), l]));
  const fileAt = new Map<string, ImportLine>();
  for (const l of parsed) {
    const k = key(l.parentId, l.lineNo);
    const earlier = fileAt.get(k);
    if (earlier) {
      err(l.row, 'lineNo', 'validation.bomRepeated', { row: earlier.row });
      continue;
    }
    fileAt.set(k, l);
    l.replaces = storedAt.get(k)?.id ?? null;
  }
  const replaced = new Set([...fileAt.values()].map((l) => l.replaces).filter((id): id is string => !!id));
  const graph: { parentId: string; componentId: string; lineNo: number }[] = stored.filter((l) => !replaced.has(l.id));
  const componentLine = new Map(graph.map((l) => [`${l.parentId}>${l.componentId}`, l.lineNo]));
  const accepted: ImportLine[] = [];
  for (const l of [...fileAt.values()].sort((a, b) => a.row - b.row)) {
    const twice = componentLine.get(`${l.parentId}>${l.componentId}`);
    if (twice !== undefined) {
      err(l.row, 'componentId', 'validation.bomComponentTwice', { line: twice });
      continue;
    }
    const down = pathDown(graph, l.componentId, l.parentId);
    if (down) {
      err(l.row, 'componentId', 'validation.bomCycle', {
        path: [l.parentId, ...down].map((id) => codeOf.get(id) ?? id).join(' → '),
      });
      continue;
    }
    graph.push(l);
    componentLine.set(`${l.parentId}>${l.componentId}`, l.lineNo);
    accepted.push(l);
  }
  errors.sort((a, b) => a.row - b.row);
  return { lines: accepted, errors };
}

/** The uploaded rows with an errors column and the bad cells highlighted (the same row numbers). */
export async function errorReport(sheet: Sheet, errors: readonly BomImportError[], tr: Translator): Promise<Buffer> {
  const columns = matchColumns(sheet.headers);
  return writeErrorReport(
    sheet,
    errors,
    (field) => columns.get(field as BomSheetColumn),
    tr.tm('bom._title').slice(0, 31) || 'BOM',
    tr,
  );
}
