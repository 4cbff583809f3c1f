/** Dictionary fields: their options are the items of the tenant's dictionary of that type. */
import type { FieldError } from '../../model/api';
import type { DictField, RefOption, ResourceDef } from '../../model/engine';
import type { Translator } from '../i18n';
import { fieldError } from './errors';
import { containsPattern } from '../db/patterns';
import type { Db } from './table';

export interface DictItemOption {
  value: string;
  label: string;
}

/** The items of the tenant's dictionary `type` in their order, or null when the tenant has no such dictionary. */
export async function dictItems(db: Db, tenantId: string, type: string): Promise<DictItemOption[] | null> {
  const dict = await db
    .selectFrom('dict')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('type', '=', type)
    .executeTakeFirst();
  if (!dict) return null;
  return db
    .selectFrom('dict_item')
    .select(['value', 'label'])
    .where('tenant_id', '=', tenantId)
    .where('dict_id', '=', dict.id)
    .orderBy('sort')
    .orderBy('value')
    .execute();
}

/**
 * A dict field's options, read with the screen's own permission: the items of the tenant's
 * dictionary (`code` is the stored value, `name` its label); none when the tenant has no such dictionary.
 */
export async function dictOptions(
  db: Db,
  tenantId: string,
  type: string,
  opts: { q?: string; size: number },
): Promise<RefOption[]> {
  let q = db
    .selectFrom('dict_item as i')
    .innerJoin('dict as d', (j) => j.onRef('d.id', '=', 'i.dict_id').onRef('d.tenant_id', '=', 'i.tenant_id'))
    .select(['i.id', 'i.value', 'i.label'])
    .where('d.tenant_id', '=', tenantId)
    .where('d.type', '=', type);
  if (opts.q) {
    const like = containsPattern(opts.q);
    q = q.where((eb) => eb.or([eb('i.value', 'ilike', like), eb('i.label', 'ilike', like)]));
  }
  const rows = await q.orderBy('i.sort').orderBy('i.value').limit(opts.size).execute();
  return rows.map((r) => ({ id: r.id, code: r.value, name: r.label }));
}

export const dictFields = (def: ResourceDef) =>
  Object.entries(def.fields).filter((e): e is [string, DictField] => e[1].kind === 'dict');

/**
 * A value of a dict field must be an item of the tenant's dictionary, when the tenant has that
 * dictionary (without one the field is free text the administrator has not constrained yet).
 */
export async function dictErrors(
  db: Db,
  def: ResourceDef,
  tenantId: string,
  values: Record<string, unknown>,
  tr: Translator,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const [key, f] of dictFields(def)) {
    const v = values[key];
    if (v === null || v === undefined || v === '') continue;
    const items = await dictItems(db, tenantId, f.dictType);
    if (items && !items.some((i) => i.value === v)) errors.push(fieldError(def, key, 'validation.option', tr));
  }
  return errors;
}
