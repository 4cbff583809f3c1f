import type { TFunction } from 'i18next';
import type { FieldError } from '../../../model/api';
import {
  fieldSchema,
  inputSchema,
  issuesOf,
  type DetailsField,
  type FieldDef,
  type ResourceDef,
} from '../../../model/engine';
import { fieldLabel, labelOfPath } from './labels';

/** The schema's message key for blank detail rows (model/engine/schema.ts). */
const BLANK_ROWS = 'validation.blankRows';

/** A detail row with nothing filled in (SPEC §5: "the list has data not entered"). */
export const isBlankRow = (row: unknown): boolean =>
  typeof row !== 'object' || row === null || Object.values(row).every((v) => v === undefined || v === null || v === '');

/** A problem of a detail table: the table's own (`path` = its key) or one cell's (`details.0.order`). */
export interface DetailIssue {
  path: string;
  message: string;
}

/**
 * Every problem of a detail table at once, each with its own rule's message naming row and column:
 * blank rows first, then each row's cells in column order, the definition's cross-field rules
 * included (`values` is the whole form; one message per cell). Rows left blank are reported as such only.
 */
export function detailIssues(
  t: TFunction,
  def: ResourceDef,
  key: string,
  f: DetailsField,
  values: Record<string, unknown>,
): DetailIssue[] {
  const rows: unknown[] = Array.isArray(values[key]) ? (values[key] as unknown[]) : [];
  const blank = new Set(rows.flatMap((r, i) => (isBlankRow(r) ? [i] : [])));
  const out: DetailIssue[] =
    blank.size > 0 ? [{ path: key, message: t(`model:${BLANK_ROWS}`, { field: fieldLabel(t, f) }) }] : [];
  const result = inputSchema(def).safeParse({ ...values, [key]: values[key] ?? [] });
  if (result.success) return out;
  const columns = Object.keys(f.fields);
  const place = (path: string): [number, number] => {
    const [, row, sub] = path.split('.');
    return row === undefined ? [-1, -1] : [Number(row), sub ? columns.indexOf(sub) : -1];
  };
  const mine = issuesOf(result.error)
    .filter(
      (i) =>
        (i.field === key || i.field.startsWith(`${key}.`)) && i.key !== BLANK_ROWS && !blank.has(place(i.field)[0]),
    )
    .sort((a, b) => {
      const [ra, ca] = place(a.field);
      const [rb, cb] = place(b.field);
      return ra - rb || ca - cb;
    });
  const seen = new Set<string>();
  for (const issue of mine) {
    if (seen.has(issue.field)) continue;
    seen.add(issue.field);
    out.push({
      path: issue.field,
      message: t(`model:${issue.key}`, { ...issue.params, field: labelOfPath(t, def, issue.field) }),
    });
  }
  return out;
}

/**
 * The message for one field's value, from the same zod schema the server uses (model/engine/
 * schema.ts), or null when the value is fine. Detail tables answer every problem of every row, one
 * per line (detailIssues).
 */
export function checkField(
  t: TFunction,
  def: ResourceDef,
  key: string,
  f: FieldDef,
  value: unknown,
  values?: Record<string, unknown>,
): string | null {
  if (f.kind === 'details') {
    const issues = detailIssues(t, def, key, f, { ...values, [key]: value });
    return issues.length > 0 ? issues.map((i) => i.message).join('\n') : null;
  }
  const result = fieldSchema(f).safeParse(value ?? undefined);
  if (result.success) return null;
  const issue = issuesOf(result.error)[0];
  if (!issue) return null;
  const where = issue.field ? `${key}.${issue.field}` : key;
  return t(`model:${issue.key}`, { ...issue.params, field: labelOfPath(t, def, where) });
}

/**
 * An Arco form rule around `checkField`. A detail table is checked with the rest of the form
 * (`values`), and tells `onCells` which of its cells hold a refused value.
 */
export function fieldRule(
  t: TFunction,
  def: ResourceDef,
  key: string,
  f: FieldDef,
  form?: { values: () => Record<string, unknown>; onCells: (key: string, paths: string[]) => void },
) {
  return {
    validator(value: unknown, callback: (error?: string) => void) {
      if (f.kind === 'details') {
        const issues = detailIssues(t, def, key, f, { ...form?.values(), [key]: value });
        form?.onCells(
          key,
          issues.map((i) => i.path).filter((p) => p !== key),
        );
        callback(issues.length > 0 ? issues.map((i) => i.message).join('\n') : undefined);
        return;
      }
      const message = checkField(t, def, key, f, value);
      callback(message ?? undefined);
    },
  };
}

/**
 * The cross-field rules of the definition (and anything the per-field rules let through), run on
 * the whole input before it is sent: field key → message, on the top-level field of each issue.
 */
export function checkInput(t: TFunction, def: ResourceDef, values: Record<string, unknown>): Record<string, string> {
  const result = inputSchema(def).safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of issuesOf(result.error)) {
    const top = issue.field.split('.')[0] ?? issue.field;
    if (out[top]) continue;
    out[top] = t(`model:${issue.key}`, { ...issue.params, field: labelOfPath(t, def, issue.field) });
  }
  return out;
}

/**
 * A 400 answer's field errors (already localised by the server) by top-level field, in the shape
 * Arco's `form.setFields` takes. Errors of unknown fields are returned apart, to be shown as a message.
 */
export function serverFieldErrors(def: ResourceDef, errors: FieldError[] | undefined) {
  const fields: Record<string, { error: { message: string } }> = {};
  const other: string[] = [];
  for (const e of errors ?? []) {
    const top = e.field.split('.')[0] ?? e.field;
    if (top in def.fields) {
      // Every problem of a detail table, one per line; one message for any other field.
      const shown = fields[top];
      if (!shown) fields[top] = { error: { message: e.message } };
      else if (def.fields[top]?.kind === 'details' && !shown.error.message.split('\n').includes(e.message))
        shown.error.message += `\n${e.message}`;
    } else {
      other.push(e.message);
    }
  }
  return { fields, other };
}
