import type { ReactNode } from 'react';
import type { TableColumnProps } from '@arco-design/web-react';
import type { TFunction } from 'i18next';
import type { Language } from '../../../model/languages';
import { listFields, type ResourceDef, type ResourceRow } from '../../../model/engine';
import { displayValue, fieldLabel } from './labels';
import { StatusCell } from './StatusCell';
import type { Sort } from './useResourceList';

interface Options {
  t: TFunction;
  def: ResourceDef;
  language: Language;
  sort: Sort | null;
  /** The list sorts by a column (a feature's own list may not). */
  sortable: boolean;
  dictLabels: Record<string, Map<string, string>>;
  canChangeState: (verb: string) => boolean;
  cells?: Record<string, (value: unknown, row: ResourceRow) => ReactNode>;
  reload: () => void;
}

/** The table's columns from the definition's list fields, in the current language. */
/**
 * A row named in five languages shows its name (the display field's column) in the user's language,
 * else in zh-CN, else as stored; the columns of the names themselves show what they hold.
 */
function localName(def: ResourceDef, language: Language, row: ResourceRow): string | null {
  const names = def.localNames;
  if (!names || Object.values(names).includes(def.displayField)) return null;
  for (const key of [names[language], names['zh-CN']]) {
    const v = row[key];
    if (typeof v === 'string' && v.trim() !== '') return v;
  }
  return null;
}

/** The table's columns from the definition's list fields, in the current language. */
export function generatedColumns({
  t,
  def,
  language,
  sort,
  sortable,
  dictLabels,
  canChangeState,
  cells,
  reload,
}: Options): TableColumnProps<ResourceRow>[] {
  return listFields(def).map(([key, f]): TableColumnProps<ResourceRow> => {
    const custom = cells?.[key];
    let render: (value: unknown, row: ResourceRow) => ReactNode;
    if (custom) {
      render = custom;
    } else if (f.kind === 'ref' || f.kind === 'refs') {
      render = (value, row) => row.$labels?.[key] ?? (Array.isArray(value) ? value.join(', ') : String(value ?? ''));
    } else if (f.kind === 'enum' && f.status) {
      // The button of the value the state would change to (`statusVerbs`: enable / disable), else the field's.
      const verbOf = (v: string) => f.statusVerbs?.[v] ?? f.statusVerb ?? 'edit';
      render = (_value, row) => {
        const allowed = f.values.some((v) => v !== row[key] && canChangeState(verbOf(v)));
        return <StatusCell def={def} fieldKey={key} field={f} row={row} allowed={allowed} onChanged={reload} />;
      };
    } else if (key === def.displayField && def.localNames) {
      render = (value, row) => localName(def, language, row) ?? displayValue(t, f, value, dictLabels[key]);
    } else {
      render = (value) => displayValue(t, f, value, dictLabels[key]);
    }
    return {
      key,
      dataIndex: key,
      title: fieldLabel(t, f),
      // Cells keep to one line (the table scrolls sideways); long free text is cut with a tooltip.
      width: f.width ?? (f.kind === 'textarea' ? 220 : undefined),
      ellipsis: f.kind === 'textarea',
      ...(f.kind === 'textarea' ? { tooltip: true } : {}),
      sorter: sortable && f.sortable !== false && f.kind !== 'refs' && f.kind !== 'details',
      // A list that takes no sort shows none (its own order is the server's).
      sortOrder: sortable && sort?.field === key ? (sort.order === 'asc' ? 'ascend' : 'descend') : undefined,
      render: (value: unknown, row: ResourceRow) => render(value, row),
    };
  });
}
