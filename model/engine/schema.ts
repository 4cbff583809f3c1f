import { z } from 'zod';
import type { DetailsField, FieldDef, ScalarField } from './field';
import type { ResourceDef } from './define';

/** Empty strings and nulls from forms and sheets mean "not given". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const req = { error: 'validation.required' };

function scalar(f: ScalarField): z.ZodType {
  switch (f.kind) {
    case 'text':
    case 'code':
    case 'textarea': {
      let s = z.string(req).trim();
      if (f.required) s = s.min(1, req);
      if (f.min) s = s.min(f.min, { error: 'validation.tooShort' });
      // The pattern's message first: it says what the value must look like (an 11-digit mobile number), not only that it is long.
      if (f.pattern) s = s.regex(new RegExp(f.pattern.source), { error: f.pattern.key });
      s = s.max(f.max, { error: 'validation.tooLong' });
      return s;
    }
    case 'int':
    case 'decimal': {
      let n = z.coerce.number({ error: 'validation.number' }).refine(Number.isFinite, { error: 'validation.number' });
      if (f.kind === 'int') n = n.refine(Number.isInteger, { error: 'validation.integer' });
      const scale = f.kind === 'decimal' ? (f.scale ?? 4) : 0;
      if (f.kind === 'decimal')
        n = n.refine((v) => Math.abs(Math.round(v * 10 ** scale) - v * 10 ** scale) < 1e-6, {
          error: 'validation.scale',
        });
      if (f.min !== undefined) n = n.refine((v) => v >= f.min!, { error: 'validation.tooSmall' });
      if (f.max !== undefined) n = n.refine((v) => v <= f.max!, { error: 'validation.tooLarge' });
      return n;
    }
    case 'bool':
      return z.preprocess(
        (v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v),
        z.boolean({ error: 'validation.boolean' }),
      );
    case 'enum':
      return z.enum(f.values as [string, ...string[]], { error: 'validation.option' });
    case 'dict':
      return z.string(req).trim().min(1, req).max(64, { error: 'validation.tooLong' });
    case 'ref':
      return z.uuid({ error: 'validation.reference' });
    case 'refs':
      return z
        .array(z.uuid({ error: 'validation.reference' }), { error: 'validation.reference' })
        .max(200, { error: 'validation.tooMany' });
    case 'date':
      return z
        .string(req)
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date' })
        .refine((s) => !Number.isNaN(Date.parse(s)), { error: 'validation.date' });
    case 'datetime':
      return z.string(req).refine((s) => !Number.isNaN(Date.parse(s)), { error: 'validation.datetime' });
    case 'time':
      return z.string(req).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.time' });
  }
}

/**
 * `inner`, answering "required" for a missing value. Written as a transform whose issues all
 * continue: a failing `custom` or `pipe` aborts, and that would hide the blank-row check of the
 * details table around it.
 */
function requiredOf(inner: z.ZodType): z.ZodType {
  return z.unknown().transform((v, ctx) => {
    if (v === undefined) {
      ctx.addIssue({ code: 'custom', message: 'validation.required', continue: true });
      return undefined;
    }
    const r = inner.safeParse(v);
    if (r.success) return r.data;
    for (const issue of r.error.issues)
      ctx.addIssue({ ...issue, continue: true } as Parameters<typeof ctx.addIssue>[0]);
    // Not z.NEVER: that is an object, and the blank-row check would count the cell as filled.
    return undefined;
  });
}

/** A field's schema, with requiredness and defaults applied. */
export function fieldSchema(f: FieldDef): z.ZodType {
  if (f.kind === 'details') return detailsSchema(f);
  const inner = scalar(f);
  // A blank required field says "required", whatever its kind (not "not an option" or "not a number").
  if (f.required) return z.preprocess(blank, requiredOf(inner));
  if (f.default !== undefined) return z.preprocess(blank, inner.optional().default(f.default as never));
  return z.preprocess(blank, inner.nullable().optional());
}

function detailsSchema(f: DetailsField): z.ZodType {
  const row = z.object(Object.fromEntries(Object.entries(f.fields).map(([k, sub]) => [k, fieldSchema(sub)])));
  let rows = z.array(row, { error: 'validation.rows' });
  // A row with nothing filled in is "data not entered" (SPEC §5), not a row to drop silently.
  // `when`: also when a blank row already failed its required cells, so the list-level message shows.
  const filled = (r: unknown) =>
    typeof r === 'object' && r !== null && Object.values(r).some((v) => v !== undefined && v !== null && v !== '');
  rows = rows.refine((list) => !Array.isArray(list) || list.every(filled), {
    error: 'validation.blankRows',
    when: () => true,
  });
  if (f.minRows) rows = rows.min(f.minRows, { error: 'validation.minRows' });
  if (f.maxRows) rows = rows.max(f.maxRows, { error: 'validation.maxRows' });
  return z.preprocess((v) => (v === undefined || v === null ? [] : v), rows);
}

/**
 * The schema of a create or update body. Unknown keys are dropped, so `id`, `tenantId`, `factoryId`
 * or any other column a client sends can never be written (mass assignment). Cross-field rules
 * run after the fields are valid.
 */
export function inputSchema(def: ResourceDef) {
  const shape = Object.fromEntries(
    Object.entries(def.fields)
      .filter(([, f]) => !f.serverSet)
      .map(([k, f]) => [k, fieldSchema(f)]),
  );
  const obj = z.object(shape).strip();
  if (!def.rules) return obj;
  const rules = def.rules;
  return obj.superRefine((row, ctx) => {
    for (const issue of rules(row as Record<string, unknown>)) {
      ctx.addIssue({ code: 'custom', path: issue.field.split('.'), message: issue.key, params: issue.params });
    }
  });
}

/** Field errors keyed the way forms and the API report them: `name`, `intervals.0.start`. */
export interface SchemaIssue {
  field: string;
  key: string;
  params?: Record<string, unknown>;
}

export function issuesOf(error: z.ZodError): SchemaIssue[] {
  return error.issues.map((i) => ({
    field: i.path.map(String).join('.'),
    key: i.message,
    params: (i as { params?: Record<string, unknown> }).params,
  }));
}
