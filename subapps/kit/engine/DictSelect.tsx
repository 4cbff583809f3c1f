import { useEffect, useState } from 'react';
import { Select } from '@arco-design/web-react';
import { useBridge } from '../../../bridge/react';
import type { RefOption, ResourceDef } from '../../../model/engine';
import { loadDictItems } from './options';

interface Props {
  def: ResourceDef;
  fieldKey: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  testId?: string;
  /** The control's id (a form item's label is tied to it). */
  id?: string;
  error?: boolean;
  disabled?: boolean;
}

/** The items of the tenant dictionary of a dict field, searchable by label or value. */
export function DictSelect({ def, fieldKey, value, onChange, testId, id, error, disabled }: Props) {
  const bridge = useBridge();
  const [items, setItems] = useState<RefOption[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    void loadDictItems(bridge, def, fieldKey).then((list) => {
      if (live) {
        setItems(list);
        setLoading(false);
      }
    });
    return () => {
      live = false;
    };
  }, [bridge, def, fieldKey]);
  // A stored value the dictionary no longer has still shows (as itself).
  const options = items.map((o) => ({ value: o.code, label: o.name || o.code }));
  if (value && !items.some((o) => o.code === value)) options.push({ value, label: value });
  return (
    <Select
      disabled={disabled}
      id={id}
      data-testid={testId}
      allowClear
      showSearch
      loading={loading}
      error={error}
      value={value}
      onChange={(v: string | undefined) => onChange?.(v ?? undefined)}
      options={options}
      filterOption={(input, option) => {
        const props = (option as { props?: { value?: string; children?: unknown } }).props;
        const text = `${props?.value ?? ''} ${String(props?.children ?? '')}`.toLowerCase();
        return text.includes(input.trim().toLowerCase());
      }}
    />
  );
}
