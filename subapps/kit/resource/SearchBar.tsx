import { useTranslation } from 'react-i18next';
import { Button, Form, Space } from '@arco-design/web-react';
import { searchFields, type ResourceDef, type ScalarField } from '../../../model/resource';
import { fieldLabel } from './labels';
import { ScalarEditor } from './ScalarEditor';
import type { Filters } from './useResourceList';

interface Props {
  def: ResourceDef;
  onSearch: (filters: Filters) => void;
}

/** How a field is searched: one of several refs, a datetime by its day (the list query's filters). */
const searchKind = (f: ScalarField): ScalarField =>
  f.kind === 'refs' ? { ...f, kind: 'ref' } : f.kind === 'datetime' ? { ...f, kind: 'date' } : f;

/** Trimmed, non-empty values only; arrays (refs) are not search values. */
function toFilters(values: Record<string, unknown>): Filters {
  const out: Filters = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || Array.isArray(v)) continue;
    const s = typeof v === 'string' ? v.trim() : v;
    if (s === '') continue;
    out[k] = typeof s === 'number' || typeof s === 'boolean' ? s : String(s);
  }
  return out;
}

/** The search form of the definition's search fields: text contains, selects for the rest. */
export function SearchBar({ def, onSearch }: Props) {
  const { t } = useTranslation(['common', 'model']);
  const [form] = Form.useForm();
  const fields = searchFields(def).filter((e): e is [string, ScalarField] => e[1].kind !== 'details');
  if (fields.length === 0) return null;
  return (
    <Form form={form} layout="inline" className="resource-search" data-testid="search-form"
      onSubmit={(values: Record<string, unknown>) => onSearch(toFilters(values))}>
      {fields.map(([key, f]) => (
        <Form.Item key={key} field={key} label={fieldLabel(t, f)}>
          <ScalarEditor def={def} fieldKey={key} field={searchKind(f)} testId={`search-${key}`} search />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="btn-search">{t('common:search')}</Button>
          <Button data-testid="btn-reset" onClick={() => { form.resetFields(); onSearch({}); }}>{t('common:reset')}</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
