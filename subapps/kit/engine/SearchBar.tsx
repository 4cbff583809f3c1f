import { useTranslation } from 'react-i18next';
import { DatePicker, Form } from '@arco-design/web-react';
import { searchFields, type ResourceDef, type ScalarField } from '../../../model/engine';
import { fieldLabel } from './labels';
import { ScalarEditor } from './ScalarEditor';
import type { Filters } from './useResourceList';
import { SearchForm, formFilters } from '../SearchForm';

interface Props {
  def: ResourceDef;
  /** Values the screen searched by itself (a record it was opened at), shown in the form. */
  values?: Filters | null;
  onSearch: (filters: Filters) => void;
}

/** How a field is searched: one of several refs as one ref (the list query's filters). */
const searchKind = (f: ScalarField): ScalarField => (f.kind === 'refs' ? { ...f, kind: 'ref' } : f);
/** A date or datetime is searched by a period: its first and last day, `<key>From` and `<key>To`. */
const isPeriod = (f: ScalarField) => f.kind === 'date' || f.kind === 'datetime';

/** A period as its two days (`<key>From`, `<key>To`); the rest as any search form's values. */
function toFilters(values: Record<string, unknown>, periods: ReadonlySet<string>): Filters {
  const out: Filters = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (!periods.has(k)) {
      rest[k] = v;
      continue;
    }
    const [from, to] = Array.isArray(v) ? v.map((d) => (typeof d === 'string' ? d.slice(0, 10) : '')) : [];
    if (from) out[`${k}From`] = from;
    if (to) out[`${k}To`] = to;
  }
  return { ...out, ...formFilters(rest) };
}

/** A period's first and last day (the form item hands it the value and takes changes back). */
function PeriodPicker({
  value,
  onChange,
  testId,
}: {
  value?: string[];
  onChange?: (v: string[] | undefined) => void;
  testId: string;
}) {
  return (
    <span data-testid={testId}>
      <DatePicker.RangePicker
        style={{ width: 250 }}
        format="YYYY-MM-DD"
        allowClear
        value={value}
        onChange={(days: string[] | undefined) => onChange?.(days && days.length === 2 ? days : undefined)}
      />
    </span>
  );
}

/** The search form of the definition's search fields: text contains, selects for the rest. */
export function SearchBar({ def, values, onSearch }: Props) {
  const { t } = useTranslation(['common', 'model']);
  const fields = searchFields(def).filter((e): e is [string, ScalarField] => e[1].kind !== 'details');
  if (fields.length === 0) return null;
  const periods = new Set(fields.filter(([, f]) => isPeriod(f)).map(([k]) => k));
  return (
    <SearchForm
      id={`search-${def.name}`}
      className="resource-search"
      values={values}
      onSearch={onSearch}
      toFilters={(v) => toFilters(v, periods)}
    >
      {fields.map(([key, f]) => (
        <Form.Item key={key} field={key} label={fieldLabel(t, f)}>
          {periods.has(key) ? (
            <PeriodPicker testId={`search-${key}`} />
          ) : (
            <ScalarEditor def={def} fieldKey={key} field={searchKind(f)} testId={`search-${key}`} search />
          )}
        </Form.Item>
      ))}
    </SearchForm>
  );
}
