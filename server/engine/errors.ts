/** Errors of the engine: field messages in the request language naming the field, 409s with their data. */
import type { z } from 'zod';
import type { FieldError, ValidationErrorData } from '../../model/api';
import type { ConflictData, ReferencedData, ResourceDef } from '../../model/engine';
import { ApiError, ValidatedError, fieldErrors } from '../http';
import type { Translator } from '../i18n';

/** An ApiError whose message interpolates `params` (field labels, values). */
export class ResourceError extends ApiError {
  constructor(
    status: number,
    key: string,
    data: unknown = null,
    readonly params: Record<string, unknown> = {},
  ) {
    super(status, key, data);
  }
}

/** Label key (namespace `model`) of a field path: `name`, `intervals.0.start`. */
export function labelKeyOf(def: ResourceDef, path: string): string | undefined {
  const [first, , sub] = path.split('.');
  const f = first === undefined ? undefined : def.fields[first];
  if (!f) return undefined;
  if (f.kind === 'details' && sub !== undefined && f.fields[sub]) return f.fields[sub].label;
  return f.label;
}

export function fieldLabel(def: ResourceDef, path: string, tr: Translator): string {
  const key = labelKeyOf(def, path);
  return key ? tr.tm(key) : path;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const p of path) v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[p] : undefined;
  return v;
}

/** Zod issues of a definition's schema as field errors; `input` is what was parsed. */
export function issueErrors(
  def: ResourceDef,
  issues: readonly z.core.$ZodIssue[],
  tr: Translator,
  extraLabels: Record<string, string> = {},
  input?: unknown,
): FieldError[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.');
    const labelKey = labelKeyOf(def, field) ?? extraLabels[field];
    // A required value left out fails its option, reference or number check: say "required".
    const missing = input !== undefined && issue.path.length > 0 && isBlank(valueAt(input, issue.path));
    const [base] = fieldErrors(
      [missing ? { ...issue, message: 'validation.required' } : issue],
      tr,
      labelKey ? { [field]: labelKey } : {},
    );
    const params = (issue as { params?: Record<string, unknown> }).params;
    if (!base || !params)
      return base ?? { field, key: 'validation.invalid', message: tr.tm('validation.invalid', { field }) };
    return { ...base, message: tr.tm(base.key, { ...params, field: labelKey ? tr.tm(labelKey) : field }) };
  });
}

/** One field error with a message key of the `model` namespace. */
export function fieldError(
  def: ResourceDef,
  field: string,
  key: string,
  tr: Translator,
  params: Record<string, unknown> = {},
): FieldError {
  return { field, key, message: tr.tm(key, { ...params, field: fieldLabel(def, field, tr) }) };
}

export function invalid(errors: FieldError[], tr: Translator): ValidatedError {
  const data: ValidationErrorData = { errors };
  return new ValidatedError(errors[0]?.message ?? tr.t('error.badRequest'), data);
}

export function duplicate(def: ResourceDef, field: string, value: unknown, tr: Translator): ResourceError {
  const data: ConflictData = { field, value: String(value) };
  return new ResourceError(409, 'resource.duplicate', data, {
    field: fieldLabel(def, field, tr),
    value: String(value),
  });
}

export function referenced(references: { def: ResourceDef; count: number }[], tr: Translator): ResourceError {
  const data: ReferencedData = { references: references.map((r) => ({ resource: r.def.name, count: r.count })) };
  const titles = references.map((r) => tr.tm(r.def.titleKey)).join(', ');
  return new ResourceError(409, 'resource.referenced', data, { resources: titles });
}

export const notFound = () => new ApiError(404, 'resource.notFound');

/** PostgreSQL error codes the engine turns into answers. */
export { pgCode, pgConstraint } from '../db/errors';
