import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Form, Input, Select, Space } from '@arco-design/web-react';
import type { Filters } from './usePagedList';

/** One filter of a screen's search: text that the rows contain, one of some options, or a check. */
export type SearchFilter = { key: string; label: string; testId?: string } & (
  | { kind: 'text' }
  | { kind: 'select'; options: { value: string; label: string }[]; width?: number }
  /** Searches by `value` while ticked. */
  | { kind: 'check'; value: string }
);

/** The filters a form's values make: trimmed text, nothing for what is empty or a list. */
export function formFilters(values: Record<string, unknown>): Filters {
  const out: Filters = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null || Array.isArray(v)) continue;
    const s = typeof v === 'string' ? v.trim() : v;
    if (s === '') continue;
    out[k] = typeof s === 'number' || typeof s === 'boolean' ? s : String(s);
  }
  return out;
}

function filterItem(f: SearchFilter): ReactNode {
  switch (f.kind) {
    case 'text':
      return (
        <Form.Item key={f.key} field={f.key} label={f.label}>
          <Input allowClear data-testid={f.testId} />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item key={f.key} field={f.key} label={f.label}>
          <Select allowClear style={{ width: f.width ?? 140 }} options={f.options} data-testid={f.testId} />
        </Form.Item>
      );
    case 'check':
      return (
        <Form.Item key={f.key} field={f.key} triggerPropName="checked">
          <Checkbox data-testid={f.testId}>{f.label}</Checkbox>
        </Form.Item>
      );
  }
}

interface Props {
  /** The filters, declared; a screen with editors of its own (the resource engine's) gives `children`. */
  filters?: SearchFilter[];
  children?: ReactNode;
  onSearch: (filters: Filters) => void;
  /** How the values become filters, when the children's values need more than `formFilters`. */
  toFilters?: (values: Record<string, unknown>) => Filters;
  /** Values the screen searched by itself (a record it was opened at), shown in the form. */
  values?: Filters | null;
  /** Buttons after Search and Reset (an export of what is found). */
  actions?: ReactNode;
  id?: string;
  className?: string;
}

/** A screen's search form: its filters in a row, then Search and Reset (which searches by nothing). */
export function SearchForm({ filters, children, onSearch, toFilters, values, actions, id, className }: Props) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm();
  useEffect(() => {
    if (values) form.setFieldsValue(values);
  }, [form, values]);
  const checks = new Map((filters ?? []).flatMap((f) => (f.kind === 'check' ? [[f.key, f.value] as const] : [])));
  const read = (raw: Record<string, unknown>) => {
    const own = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, checks.has(k) ? (v ? checks.get(k) : undefined) : v]),
    );
    return (toFilters ?? formFilters)(own);
  };
  return (
    <Form
      form={form}
      id={id}
      layout="inline"
      className={className}
      data-testid="search-form"
      onSubmit={(raw: Record<string, unknown>) => onSearch(read(raw))}
    >
      {filters?.map(filterItem)}
      {children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="btn-search">
            {t('search')}
          </Button>
          <Button
            data-testid="btn-reset"
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('reset')}
          </Button>
          {actions}
        </Space>
      </Form.Item>
    </Form>
  );
}
