/**
 * The operations the resource engine serves for one definition (model/engine/api.ts tells the
 * verbs), declared from the definition's fields: the wire shape of a row, of a create and an update
 * body, and of the list's query. The engine validates with the definition's own schemas
 * (model/engine/schema.ts); these describe what travels.
 */
import { z } from 'zod';
import {
  apiPath,
  permissionCode,
  searchFields,
  sortableKeys,
  type FieldDef,
  type ResourceDef,
  type ScalarField,
} from '../engine';
import { LIST_MAX_SIZE } from '../engine/api';
import { IdParams, IdsBody, Instant, pageOf, Uuid, ValidationErrorDataSchema } from './common';
import { endpoint, file, json } from './endpoint';

const API = '/api';

function scalarWire(f: ScalarField): z.ZodType {
  switch (f.kind) {
    case 'text':
    case 'code':
    case 'textarea': {
      let s = z.string().max(f.max);
      if (f.min) s = s.min(f.min);
      if (f.pattern) s = s.regex(new RegExp(f.pattern.source));
      return s;
    }
    case 'int':
    case 'decimal': {
      let n = f.kind === 'int' ? z.number().int() : z.number();
      if (f.min !== undefined) n = n.min(f.min);
      if (f.max !== undefined) n = n.max(f.max);
      return n;
    }
    case 'bool':
      return z.boolean();
    case 'enum':
      return z.enum(f.values as [string, ...string[]]);
    case 'dict':
      return z
        .string()
        .max(64)
        .meta({ description: `A value of the dictionary \`${f.dictType}\`` });
    case 'ref':
      return Uuid.meta({ description: `The id of a \`${f.resource}\`` });
    case 'refs':
      return z
        .array(Uuid)
        .max(200)
        .meta({ description: `Ids of \`${f.resource}\` rows` });
    case 'date':
      return z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .meta({ format: 'date' });
    case 'datetime':
      return Instant;
    case 'time':
      return z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
        .meta({ description: 'HH:mm' });
  }
}

/** A field's value as it travels (in a body and in an answer). */
export function fieldWire(f: FieldDef): z.ZodType {
  if (f.kind === 'details') {
    const row = z.object(
      Object.fromEntries(Object.entries(f.fields).map(([k, sub]) => [k, fieldWire(sub).nullable().optional()])),
    );
    return z.array(row);
  }
  return scalarWire(f);
}

const pascal = (name: string) => name.replace(/(^|[-_])([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
const answered = (f: FieldDef) => !f.writeOnly;

/** The row of a resource as the API answers it. */
export function rowWire(def: ResourceDef) {
  const fields = Object.fromEntries(
    Object.entries(def.fields)
      .filter(([, f]) => answered(f))
      .map(([k, f]) => [k, f.required ? fieldWire(f) : fieldWire(f).nullable().optional()]),
  );
  return z
    .object({
      id: Uuid,
      createdAt: Instant,
      updatedAt: Instant,
      $labels: z
        .record(z.string(), z.string())
        .meta({ description: 'What each reference field points at, for display' }),
      ...fields,
    })
    .meta({ id: `${pascal(def.name)}Row` });
}

/** Fields a client may write (server-set ones are ignored). */
function writable(def: ResourceDef) {
  return Object.entries(def.fields).filter(([, f]) => !f.serverSet);
}

/** A create body: required fields required. */
export function createWire(def: ResourceDef) {
  const shape = Object.fromEntries(
    writable(def).map(([k, f]) => [
      k,
      f.required && f.default === undefined ? fieldWire(f) : fieldWire(f).nullable().optional(),
    ]),
  );
  return z.object(shape).meta({ id: `${pascal(def.name)}Create` });
}

/** An update body: fields left out keep their values; `updatedAt` guards against a lost update (409 when stale). */
export function updateWire(def: ResourceDef) {
  const shape = Object.fromEntries(writable(def).map(([k, f]) => [k, fieldWire(f).nullable().optional()]));
  return z
    .object({
      ...shape,
      updatedAt: Instant.optional().meta({ description: 'The updatedAt the client read; a newer row answers 409' }),
    })
    .meta({ id: `${pascal(def.name)}Update` });
}

/** The list query: paging, sort on a sortable field, one filter per search field (a date or datetime one: a period, `<key>From` and `<key>To`). */
export function listQueryWire(def: ResourceDef) {
  const filters = Object.fromEntries(
    searchFields(def).flatMap(([k, f]) => {
      if (f.kind === 'date' || f.kind === 'datetime') {
        const zone = f.kind === 'datetime' ? " in the caller's time zone (X-Timezone-Offset; UTC without it)" : '';
        const day = (end: string) =>
          z
            .string()
            .regex(/^\d{4}-\d{2}-\d{2}$/)
            .meta({ format: 'date', description: `${end} day of the period of \`${k}\`, included${zone}` })
            .optional();
        return [
          [`${k}From`, day('The first')],
          [`${k}To`, day('The last')],
        ];
      }
      const s =
        f.kind === 'bool'
          ? z.boolean()
          : f.kind === 'int' || f.kind === 'decimal'
            ? z.number()
            : f.kind === 'enum'
              ? z.enum(f.values as [string, ...string[]])
              : z.string().max(200);
      return [[k, s.optional()]];
    }),
  );
  const sortable = sortableKeys(def);
  return z.object({
    page: z.number().int().min(1).optional(),
    size: z.number().int().min(1).max(LIST_MAX_SIZE).optional(),
    sort: (sortable.length ? z.enum(sortable as [string, ...string[]]) : z.string()).optional(),
    order: z.enum(['asc', 'desc']).optional(),
    ...filters,
  });
}

export const StateChangeBody = z
  .object({ field: z.string().max(64), value: z.string().max(64) })
  .meta({ id: 'StateChange' });
export const DeleteResultSchema = z.object({ deleted: z.number().int() }).meta({ id: 'DeleteResult' });
export const RefOptionSchema = z.object({ id: Uuid, code: z.string(), name: z.string() }).meta({ id: 'RefOption' });
export const ImportRowErrorSchema = z
  .object({ row: z.number().int(), field: z.string(), key: z.string(), message: z.string() })
  .meta({ id: 'ImportRowError' });
export const ImportResultSchema = z
  .object({
    dryRun: z.boolean(),
    total: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    errors: z.array(ImportRowErrorSchema),
    reportId: z.string().nullable(),
    jobId: z.string().nullable(),
    importId: z.string().nullable().optional().meta({
      description:
        "Ties the import's history entries together (the job's id for a background import); set once rows were written",
    }),
  })
  .meta({ id: 'ImportResult' });
export const ImportJobSchema = z
  .object({
    id: z.string(),
    resource: z.string(),
    fileName: z.string(),
    status: z.enum(['queued', 'running', 'succeeded', 'failed']),
    total: z.number().int(),
    processed: z.number().int(),
    createdAt: Instant,
    finishedAt: Instant.nullable(),
    result: ImportResultSchema.nullable(),
  })
  .meta({ id: 'ImportJob' });
export const OptionParams = z.object({
  field: z.string().max(64).meta({ description: 'A reference field of the resource' }),
});
export const OptionsQuery = z.object({
  q: z.string().max(64).optional(),
  ids: z
    .string()
    .max(37 * 200)
    .optional()
    .meta({ description: 'Comma-separated ids' }),
  size: z.coerce.number().int().min(1).max(100).optional(),
});
export const ImportQuery = z.object({
  dryRun: z
    .union([z.enum(['0', '1', 'true', 'false']), z.literal(0), z.literal(1)])
    .optional()
    .meta({ description: '1 or true: check only, write nothing' }),
});

/** Every operation of one resource; keys are the verbs' names. */
export function resourceEndpoints(def: ResourceDef) {
  const base = apiPath(def).slice(API.length);
  const op = pascal(def.name);
  const tag = def.name;
  const code = (verb: Parameters<typeof permissionCode>[1]) => permissionCode(def, verb);
  const row = rowWire(def);
  return {
    list: endpoint({
      method: 'GET',
      path: base,
      operationId: `list${op}`,
      tag,
      auth: 'bearer',
      permission: code('view'),
      summary: `Page of ${def.name}`,
      description:
        'Paging, sort on a sortable field, and one filter per search field (text contains, code prefix, others equal).',
      query: listQueryWire(def),
      answer: json(pageOf(row).extend({ totalExact: z.boolean().optional() })),
    }),
    get: endpoint({
      method: 'GET',
      path: `${base}/:id`,
      operationId: `get${op}`,
      tag,
      auth: 'bearer',
      permission: code('view'),
      summary: `One ${def.name}`,
      params: IdParams,
      answer: json(row),
    }),
    create: endpoint({
      method: 'POST',
      path: base,
      operationId: `create${op}`,
      tag,
      auth: 'bearer',
      permission: code('add'),
      summary: `Create a ${def.name}`,
      body: createWire(def),
      answer: json(row),
      errors: [409],
    }),
    update: endpoint({
      method: 'PUT',
      path: `${base}/:id`,
      operationId: `update${op}`,
      tag,
      auth: 'bearer',
      permission: code('edit'),
      summary: `Update a ${def.name}`,
      description: 'Fields left out keep their values; a stale `updatedAt` answers 409.',
      params: IdParams,
      body: updateWire(def),
      answer: json(row),
      errors: [409],
    }),
    state: endpoint({
      method: 'POST',
      path: `${base}/:id/state`,
      operationId: `changeState${op}`,
      tag,
      auth: 'bearer',
      permission: null,
      summary: `Change a state of a ${def.name}`,
      description: "Permission: the status field's button, else edit.",
      params: IdParams,
      body: StateChangeBody,
      answer: json(row),
      errors: [409],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: base,
      operationId: `delete${op}`,
      tag,
      auth: 'bearer',
      permission: code('delete'),
      summary: `Delete ${def.name} rows by ids`,
      description: 'All or none; 409 when a row is referenced.',
      body: IdsBody,
      answer: json(DeleteResultSchema),
      errors: [409],
    }),
    options: endpoint({
      method: 'GET',
      path: `${base}/options/:field`,
      operationId: `options${op}`,
      tag,
      auth: 'bearer',
      permission: null,
      summary: `Rows a reference field of ${def.name} may point at`,
      description: 'Code or name contains `q`, or exactly `ids`. Needs view, add or edit.',
      params: OptionParams,
      query: OptionsQuery,
      answer: json(z.array(RefOptionSchema)),
    }),
    import: endpoint({
      method: 'POST',
      path: `${base}/import`,
      operationId: `import${op}`,
      tag,
      auth: 'bearer',
      permission: code('import'),
      summary: `Import ${def.name} rows from .xlsx or .csv`,
      description:
        'All or nothing. 200: written (or would be, on a dry run); 400 with `errors` per row and a `reportId`; 202 with a `jobId` for large files.',
      query: ImportQuery,
      multipart: { files: { file: { required: true, media: ['xlsx', 'csv'] } } },
      answer: json(ImportResultSchema, [202]),
      errors: [413, 415],
    }),
    importJob: endpoint({
      method: 'GET',
      path: `${base}/import/jobs/:id`,
      operationId: `importJob${op}`,
      tag,
      auth: 'bearer',
      permission: code('import'),
      summary: `An import job of ${def.name}`,
      params: IdParams,
      answer: json(ImportJobSchema),
    }),
    importReport: endpoint({
      method: 'GET',
      path: `${base}/import/report/:id`,
      operationId: `importReport${op}`,
      tag,
      auth: 'bearer',
      permission: code('import'),
      summary: `The uploaded sheet annotated with its errors`,
      params: IdParams,
      answer: file('xlsx'),
    }),
    export: endpoint({
      method: 'GET',
      path: `${base}/export`,
      operationId: `export${op}`,
      tag,
      auth: 'bearer',
      permission: code('export'),
      summary: `Export ${def.name} rows (the list's filters and sort) as .xlsx`,
      query: listQueryWire(def),
      answer: file('xlsx'),
    }),
    template: endpoint({
      method: 'GET',
      path: `${base}/template`,
      operationId: `template${op}`,
      tag,
      auth: 'bearer',
      permission: code('import'),
      summary: `Import template of ${def.name} (headers and drop-downs)`,
      answer: file('xlsx'),
    }),
  };
}

export type ResourceEndpoints = ReturnType<typeof resourceEndpoints>;

const cache = new WeakMap<ResourceDef, ResourceEndpoints>();
/** The operations of a definition, made once per definition. */
export function endpointsOf(def: ResourceDef): ResourceEndpoints {
  let eps = cache.get(def);
  if (!eps) cache.set(def, (eps = resourceEndpoints(def)));
  return eps;
}
export { ValidationErrorDataSchema };
