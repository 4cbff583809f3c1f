/** The translators' sheet: one row per key (namespace, key), one column per language. */
import ExcelJS from 'exceljs';
import { OVERRIDABLE_NAMESPACES, type OverridableNamespace, type TranslationOverrides } from '../../model/helper';
import { LANGUAGES, isLanguage, type Language } from '../../model/languages';
import { ApiError } from '../http';
import type { Translator } from '../i18n';
import type { Sheet } from '../engine/io/sheet';
import { overrideProblem } from './translations';
import { allEntries, rowOf } from './translation-list';

/** Every key with its text in each language: the override where there is one, else the shipped text. */
export async function translationBook(overrides: TranslationOverrides): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('translations');
  sheet.addRow(['namespace', 'key', ...LANGUAGES]);
  for (const e of allEntries()) {
    const r = rowOf(e, overrides);
    sheet.addRow([e.namespace, e.key, ...LANGUAGES.map((l) => r.override[l] ?? r.shipped[l] ?? '')]);
  }
  sheet.columns.forEach((c, i) => {
    c.width = i < 2 ? 28 : 40;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** One text of a sheet to set as the tenant's override. */
export interface OverrideWrite {
  lang: Language;
  ns: OverridableNamespace;
  key: string;
  value: string;
}

/** The texts of an uploaded sheet; 400 with every row's problem when one is wrong (nothing is written then). */
export function sheetWrites(sheet: Sheet, tr: Translator): OverrideWrite[] {
  const headers = sheet.headers.map((h) => String(h ?? '').trim());
  const col = (name: string) => headers.indexOf(name);
  if (col('namespace') < 0 || col('key') < 0) throw new ApiError(400, 'helper.importHeaders');
  const langCols = LANGUAGES.map((l) => [l, col(l)] as const).filter(([, i]) => i >= 0);
  const errors: { row: number; message: string }[] = [];
  const writes: OverrideWrite[] = [];
  for (const r of sheet.rows) {
    const cell = (i: number) => (r.cells[i] === null || r.cells[i] === undefined ? '' : String(r.cells[i]));
    const ns = cell(col('namespace')).trim();
    const key = cell(col('key')).trim();
    if (!ns && !key) continue;
    if (!(OVERRIDABLE_NAMESPACES as readonly string[]).includes(ns)) {
      errors.push({ row: r.row, message: tr.t('helper.unknownKey', { key: `${ns}:${key}` }) });
      continue;
    }
    for (const [lang, i] of langCols) {
      if (!isLanguage(lang)) continue;
      const value = cell(i);
      const problem = overrideProblem(lang, ns as OverridableNamespace, key, value);
      if (problem) {
        errors.push({ row: r.row, message: `${lang}: ${tr.t(problem, { key })}` });
        continue;
      }
      if (value !== '') writes.push({ lang, ns: ns as OverridableNamespace, key, value });
    }
  }
  if (errors.length > 0)
    throw new ApiError(400, 'helper.importFailed', { errors, count: new Set(errors.map((e) => e.row)).size });
  return writes;
}
