import type { TFunction } from 'i18next';
import type { FieldError } from '../../../model/api';
import { fieldSchema, inputSchema, issuesOf, type FieldDef, type ResourceDef } from '../../../model/resource';
import { fieldLabel, labelOfPath } from './labels';

/** The schema's message key for blank detail rows (model/resource/schema.ts). */
const BLANK_ROWS = 'validation.blankRows';

/** A detail row with nothing filled in (SPEC §5: "the list has data not entered"). */
export const isBlankRow = (row: unknown): boolean =>
  typeof row !== 'object' || row === null || Object.values(row).every((v) => v === undefined || v === null || v === '');

/**
 * The message for one field's value, from the same zod schema the server uses (model/resource/
 * schema.ts), or null when the value is fine. Detail tables report blank rows first, then the first
 * problem of the first bad row, naming the row.
 */
export function checkField(t: TFunction, def: ResourceDef, key: string, f: FieldDef, value: unknown): string | null {
  const label = fieldLabel(t, f);
  if (f.kind === 'details' && Array.isArray(value) && value.some(isBlankRow)) {
    return t(`model:${BLANK_ROWS}`, { field: label });
  }
  const result = fieldSchema(f).safeParse(value ?? undefined);
  if (result.success) return null;
  const issue = issuesOf(result.error)[0];
  if (!issue) return null;
  const where = issue.field ? `${key}.${issue.field}` : key;
  return t(`model:${issue.key}`, { ...issue.params, field: labelOfPath(t, def, where) });
}

/** An Arco form rule around `checkField`. */
export function fieldRule(t: TFunction, def: ResourceDef, key: string, f: FieldDef) {
  return {
    validator(value: unknown, callback: (error?: string) => void) {
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
      if (!fields[top]) fields[top] = { error: { message: e.message } };
    } else {
      other.push(e.message);
    }
  }
  return { fields, other };
}
