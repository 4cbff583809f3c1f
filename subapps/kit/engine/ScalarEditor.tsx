import { useTranslation } from 'react-i18next';
import { DatePicker, Input, InputNumber, Select, Switch, TimePicker } from '@arco-design/web-react';
import type { ResourceDef, ScalarField } from '../../../model/engine';
import { DictSelect } from './DictSelect';
import { OptionSelect } from './OptionSelect';

interface Props {
  def: ResourceDef;
  fieldKey: string;
  field: ScalarField;
  value?: unknown;
  onChange?: (value: unknown) => void;
  testId?: string;
  /** The control's id, which Form.Item gives its child so that the item's label is tied to it. */
  id?: string;
  /** In the search form: text fields without length limits, bools as a yes/no select. */
  search?: boolean;
  /** Marks the editor as holding a refused value (a cell of a detail row). */
  error?: boolean;
  /** Shown but not changed (Form.Item hands it down: a state, a field written on create only). */
  disabled?: boolean;
}

const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
const full = { width: '100%' };
/** A length cap that marks the field instead of cutting what was typed; the schema's rule says what is wrong. */
const limit = (length: number) => ({ length, errorOnly: true });

/** The editor of a single-valued field by its kind (text, number, switch, selects, pickers). */
export function ScalarEditor({ def, fieldKey, field: f, value, onChange, testId, id, search, error, disabled }: Props) {
  const { t } = useTranslation(['common', 'model']);
  const set = (v: unknown) => onChange?.(v);
  const status = error ? 'error' : undefined;
  /** What every control of a form item takes: its label's id, its shown-only state, its test handle. */
  const control = { id, disabled, 'data-testid': testId };
  const picker = { style: full, disabled, status } as const;
  const select = { id, disabled, def, fieldKey, testId, onChange: set };
  switch (f.kind) {
    case 'text':
    case 'code':
      return (
        <Input
          {...control}
          value={str(value)}
          onChange={set}
          allowClear
          maxLength={search ? undefined : limit(f.max)}
          status={status}
        />
      );
    case 'textarea':
      return search ? (
        <Input {...control} value={str(value)} onChange={set} allowClear />
      ) : (
        <Input.TextArea
          {...control}
          value={str(value)}
          onChange={set}
          maxLength={limit(f.max)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          status={status}
        />
      );
    case 'int':
    case 'decimal':
      return (
        // No min, max or precision here: the input is not clamped or rounded behind the user's back,
        // the schema's rule says what is wrong (the same message the server would give).
        <InputNumber
          {...control}
          style={full}
          error={error}
          value={value === null || value === '' ? undefined : (value as number | undefined)}
          onChange={(v) => set(v)}
        />
      );
    case 'bool':
      if (search) {
        return (
          <Select
            {...control}
            allowClear
            value={value === undefined ? undefined : String(value)}
            onChange={(v: string | undefined) => set(v)}
            options={[
              { value: 'true', label: t('common:yes') },
              { value: 'false', label: t('common:no') },
            ]}
          />
        );
      }
      return <Switch {...control} checked={value === true} onChange={(v: boolean) => set(v)} />;
    case 'enum':
      return (
        <Select
          {...control}
          allowClear
          error={error}
          value={str(value)}
          onChange={(v: string | undefined) => set(v)}
          options={f.values.map((v) => ({ value: v, label: t(`model:enum.${f.enumName}.${v}`) }))}
        />
      );
    case 'dict':
      return <DictSelect {...select} value={str(value)} error={error} />;
    case 'ref':
      return <OptionSelect {...select} value={str(value)} error={error} />;
    case 'refs':
      return <OptionSelect {...select} multiple value={Array.isArray(value) ? (value as string[]) : []} />;
    case 'date':
      return (
        <span data-testid={testId} style={full}>
          <DatePicker
            {...picker}
            value={str(value)}
            format="YYYY-MM-DD"
            onChange={(s: string) => set(s || undefined)}
          />
        </span>
      );
    case 'datetime':
      return (
        <span data-testid={testId} style={full}>
          <DatePicker
            {...picker}
            showTime
            value={value ? new Date(String(value)) : undefined}
            format="YYYY-MM-DD HH:mm:ss"
            onChange={(s: string, d) => set(s && d ? d.toDate().toISOString() : undefined)}
          />
        </span>
      );
    case 'time':
      return (
        <span data-testid={testId} style={full}>
          <TimePicker {...picker} value={str(value)} format="HH:mm" onChange={(s: string) => set(s || undefined)} />
        </span>
      );
  }
}
