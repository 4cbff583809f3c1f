/** The verbs of one resource: validation, scope, uniqueness, references, the operation log. */
import { z } from 'zod';
import type { Language } from '../../model/languages';
import {
  inputSchema,
  statusFields,
  type DeleteResult,
  type ResourceDef,
  type ResourceRow,
  type StateChange,
} from '../../model/engine';
import { UUID_RE } from '../http';
import type { Translator } from '../i18n';
import { dictErrors } from './dicts';
import {
  ResourceError,
  duplicate,
  fieldError,
  invalid,
  issueErrors,
  notFound,
  pgCode,
  pgConstraint,
  referenced,
} from './errors';
import { hooksOf } from './hooks';
import { logOperation } from './oplog';
import { refErrors, referencesTo, withLabels } from './refs';
import type { Registry } from './registry';
import { scopeOf, type Caller, type Request, type ResourceScope } from './scope';
import { deleteRows, getRow, insertRow, linkFields, listRows, lockRows, updateRow, writeLinks } from './store';
import type { ListParams } from './list';
import type { Page } from '../../model/api';
import { recordHistory } from './history';
import { tableOf, type ApiRow, type Db } from './table';

export type { Request } from './scope';

const asObject = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export const deleteBodySchema = z.object({
  ids: z
    .array(z.string().max(64), { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(1000, { error: 'validation.tooMany' }),
});

export const stateBodySchema = z.object({ field: z.string().max(64), value: z.string().max(64) });

export class ResourceService {
  private readonly schema;

  constructor(
    readonly db: Db,
    readonly registry: Registry,
    readonly def: ResourceDef,
  ) {
    this.schema = inputSchema(def);
  }

  scope(caller: Caller): ResourceScope {
    return scopeOf(this.def, caller);
  }

  /** The rows with the labels of what they refer to, in `language` where those rows have local names. */
  async labelled(db: Db, tenantId: string, rows: ApiRow[], language?: Language): Promise<ResourceRow[]> {
    return withLabels(db, this.registry, this.def, tenantId, rows, language);
  }

  /** One page of the rows the caller may see, filtered and sorted, with their labels; `totalExact` false when the total is an estimate. */
  async list(req: Request, params: ListParams): Promise<Page<ResourceRow> & { totalExact: boolean }> {
    const { rows, total, totalExact } = await listRows(this.db, this.def, this.scope(req.caller), params);
    const records = await this.labelled(this.db, req.caller.tenantId, rows, req.tr.language);
    return { records, total, page: params.page, size: params.size, totalExact };
  }

  async get(req: Request, id: string): Promise<ResourceRow> {
    const row = await getRow(this.db, this.def, this.scope(req.caller), id);
    if (!row) throw notFound();
    const [labelled] = await this.labelled(this.db, req.caller.tenantId, [row], req.tr.language);
    return labelled!;
  }

  /** Parses field values (the current row's values under those the body leaves out) and checks dictionaries and references. */
  async validate(req: Request, body: Record<string, unknown>, current?: ApiRow): Promise<Record<string, unknown>> {
    const input: Record<string, unknown> = {};
    for (const key of Object.keys(this.def.fields)) {
      if (key in body) input[key] = body[key];
      else if (current) input[key] = current[key];
    }
    const parsed = this.schema.safeParse(input, { reportInput: true });
    if (!parsed.success) throw invalid(issueErrors(this.def, parsed.error.issues, req.tr, {}, input), req.tr);
    const values = parsed.data as Record<string, unknown>;
    const errors = [
      ...(await dictErrors(this.db, this.def, req.caller.tenantId, values, req.tr)),
      ...(await refErrors(this.db, this.registry, this.def, req.caller, values, req.tr)),
    ];
    if (errors.length > 0) throw invalid(errors, req.tr);
    return values;
  }

  private conflictFrom(err: unknown, values: Record<string, unknown>, tr: Translator): ResourceError | null {
    if (pgCode(err) !== '23505') return null;
    const constraint = pgConstraint(err);
    const t = tableOf(this.def);
    const unique = t.columns.filter((c) => c.field.unique);
    const hit = unique.find((c) => constraint.includes(c.name)) ?? unique[0];
    return hit ? duplicate(this.def, hit.key, values[hit.key], tr) : new ResourceError(409, 'error.conflict');
  }

  async create(req: Request, rawBody: unknown): Promise<ResourceRow> {
    const scope = this.scope(req.caller);
    const values = await this.validate(req, asObject(rawBody));
    try {
      // One transaction from the insert to the answer. A value taken in the scope is the unique key's
      // to refuse (conflictFrom: 409 naming the field), as it must be between concurrent writers anyway.
      return await this.db.transaction().execute(async (trx) => {
        const hooks = hooksOf(this.def);
        const written = (await hooks.beforeWrite?.(trx, this.def, scope, values, null, req)) ?? values;
        const row = await insertRow(trx, this.def, scope, req.caller, written);
        await writeLinks(trx, this.def, scope.tenantId, row.id, written);
        return this.written(trx, req, scope, { op: 'add', row, before: null, written });
      });
    } catch (err) {
      throw this.conflictFrom(err, values, req.tr) ?? err;
    }
  }

  /**
   * What follows every write of one row, in its transaction: the resource's afterWrite hook, the
   * operation log, the answer, and its history entry. The row as its write statement answered it is
   * the answer, read back only where more was written after it (a hook's, or link-table rows).
   */
  private async written(
    trx: Db,
    req: Request,
    scope: ResourceScope,
    write: { op: 'add' | 'edit' | 'state'; row: ApiRow; before: ApiRow | null; written: Record<string, unknown> },
  ): Promise<ResourceRow> {
    const { op, row, before, written } = write;
    const id = row.id;
    const afterWrite = hooksOf(this.def).afterWrite;
    await afterWrite?.(trx, this.def, scope, id, written);
    await logOperation(trx, req.caller, {
      type: op,
      method: req.method,
      path: req.path,
      resource: this.def.name,
      ids: [id],
    });
    const after =
      afterWrite || linkFields(this.def).length > 0
        ? await getRow(trx, this.def, { ...scope, viewer: undefined }, id)
        : row;
    const answer = await this.answer(trx, req, after);
    const action = ({ add: 'create', edit: 'update', state: 'state' } as const)[op];
    await recordHistory(trx, this.def, req.caller, scope, action, [{ id, before, after: after ?? null, written }], {
      last: true,
    });
    return answer;
  }

  /** The written row as the API answers it (its creator and editors see it, whatever their data permission). */
  private async answer(db: Db, req: Request, row: ApiRow | undefined): Promise<ResourceRow> {
    if (!row) throw notFound();
    const [labelled] = await this.labelled(db, req.caller.tenantId, [row], req.tr.language);
    return labelled!;
  }

  async update(req: Request, id: string, rawBody: unknown): Promise<ResourceRow> {
    const scope = this.scope(req.caller);
    const current = await getRow(this.db, this.def, scope, id);
    if (!current) throw notFound();
    const body = { ...asObject(rawBody) };
    const expected = typeof body.updatedAt === 'string' && body.updatedAt ? body.updatedAt : undefined;
    if (
      expected !== undefined &&
      (Number.isNaN(Date.parse(expected)) || Math.abs(Date.parse(expected) - Date.parse(current.updatedAt)) >= 1)
    ) {
      throw new ResourceError(409, 'resource.stale');
    }
    // A state (frozen, enabled …) changes only through its own confirmed call and button permission.
    for (const [key] of statusFields(this.def)) delete body[key];
    const values = await this.validate(req, body, current);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const hooks = hooksOf(this.def);
        const written = (await hooks.beforeWrite?.(trx, this.def, scope, values, current, req)) ?? values;
        const row = await updateRow(trx, this.def, scope, req.caller, id, written, expected ?? current.updatedAt);
        if (!row)
          throw (await getRow(trx, this.def, scope, id)) ? new ResourceError(409, 'resource.stale') : notFound();
        await writeLinks(trx, this.def, scope.tenantId, id, written);
        return this.written(trx, req, scope, { op: 'edit', row, before: current, written });
      });
    } catch (err) {
      throw this.conflictFrom(err, values, req.tr) ?? err;
    }
  }

  /** Permission verb of a state change of `field` (to `value`): its statusVerbs entry, its statusVerb, else `edit`. */
  stateVerb(field: string, value?: string): string | null {
    const f = statusFields(this.def).find(([k]) => k === field)?.[1];
    if (!f || f.kind !== 'enum') return null;
    return (value !== undefined ? f.statusVerbs?.[value] : undefined) ?? f.statusVerb ?? 'edit';
  }

  async changeState(req: Request, id: string, change: StateChange): Promise<ResourceRow> {
    const scope = this.scope(req.caller);
    const f = this.def.fields[change.field];
    if (!f || f.kind !== 'enum' || !f.status)
      throw invalid(
        [{ field: 'field', key: 'validation.option', message: req.tr.tm('validation.option', { field: 'field' }) }],
        req.tr,
      );
    if (!f.values.includes(change.value))
      throw invalid([fieldError(this.def, change.field, 'validation.option', req.tr)], req.tr);
    const current = await getRow(this.db, this.def, scope, id);
    if (!current) throw notFound();
    const hooks = hooksOf(this.def);
    if (current[change.field] === change.value) {
      throw new ResourceError(409, hooks.unchangedKey?.(change.field, change.value) ?? 'resource.stateUnchanged');
    }
    const values = { [change.field]: change.value };
    return this.db.transaction().execute(async (trx) => {
      const written = (await hooks.beforeWrite?.(trx, this.def, scope, values, current, req)) ?? values;
      const row = await updateRow(trx, this.def, scope, req.caller, id, written);
      if (!row) throw notFound();
      return this.written(trx, req, scope, { op: 'state', row, before: current, written });
    });
  }

  /** Deletes every row of `ids` or none: 404 when one is not in scope, 409 when one is referenced. */
  async remove(req: Request, rawIds: readonly string[]): Promise<DeleteResult> {
    const scope = this.scope(req.caller);
    const ids = [...new Set(rawIds.map((id) => id.toLowerCase()))];
    if (ids.some((id) => !UUID_RE.test(id))) throw notFound();
    try {
      return await this.db.transaction().execute(async (trx) => {
        const before = await lockRows(trx, this.def, scope, ids);
        if (before.length !== ids.length) throw notFound();
        await hooksOf(this.def).beforeDelete?.(trx, this.def, scope, ids, req);
        const refs = await referencesTo(trx, this.registry, this.def, req.caller.tenantId, ids);
        if (refs.length > 0) throw referenced(refs, req.tr);
        const deleted = await deleteRows(trx, this.def, scope, ids);
        await logOperation(trx, req.caller, {
          type: 'delete',
          method: req.method,
          path: req.path,
          resource: this.def.name,
          ids,
        });
        await recordHistory(
          trx,
          this.def,
          req.caller,
          scope,
          'delete',
          before.map((row) => ({ id: row.id, before: row, after: null })),
          { last: true },
        );
        return { deleted };
      });
    } catch (err) {
      // A foreign key the check could not see (a row written meanwhile): still a referenced row.
      if (pgCode(err) === '23503') throw referenced([], req.tr);
      throw err;
    }
  }
}
