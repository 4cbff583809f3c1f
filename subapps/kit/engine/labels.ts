import type { TFunction } from 'i18next';
import type { FieldDef, ResourceDef } from '../../../model/engine';
import { resourceByName } from '../../../model/resources';

/** The field's label in the current language (label keys live in the `model` namespace). */
export const fieldLabel = (t: TFunction, f: Pick<FieldDef, 'label'>): string => t(`model:${f.label ?? ''}`);

/** The entity's name, e.g. "Warehouse area". */
export const titleOf = (t: TFunction, def: Pick<ResourceDef, 'titleKey'>): string => t(`model:${def.titleKey}`);

/** A referencing resource named in a message ("Warehouse areas"), or its API name when unknown here. */
export function resourceTitle(t: TFunction, name: string): string {
  const def = resourceByName(name);
  return def ? titleOf(t, def) : name;
}

/**
 * The label of a field by a key that may point into detail rows (`intervals.0.start`): the
 * sub-field's label with the row number, so a message says which row.
 */
export function labelOfPath(t: TFunction, def: ResourceDef, path: string): string {
  const [key = '', row, sub] = path.split('.');
  const f = def.fields[key];
  if (!f) return path;
  if (f.kind === 'details' && row !== undefined && sub && f.fields[sub]) {
    return t('common:resource.rowField', { row: Number(row) + 1, field: fieldLabel(t, f.fields[sub]) });
  }
  return fieldLabel(t, f);
}

/** A scalar value as the table shows it: enum and bool labels in the current language. */
export function displayValue(t: TFunction, f: FieldDef, value: unknown, dictLabels?: Map<string, string>): string {
  if (value === undefined || value === null || value === '') return '';
  switch (f.kind) {
    case 'enum':
      return t(`model:enum.${f.enumName}.${String(value)}`);
    case 'bool':
      return value === true ? t('common:yes') : t('common:no');
    case 'dict':
      return dictLabels?.get(String(value)) ?? String(value);
    case 'datetime': {
      const d = new Date(String(value));
      return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleString();
    }
    case 'details':
      return Array.isArray(value) ? String(value.length) : '';
    default:
      return Array.isArray(value) ? value.join(', ') : String(value);
  }
}
