import { useEffect, useRef, useState } from 'react';
import { Select } from '@arco-design/web-react';
import { useBridge } from '../../../bridge/react';
import type { RefOption, ResourceDef } from '../../../model/engine';
import { loadOptions, optionLabel } from './options';

interface Props {
  def: ResourceDef;
  fieldKey: string;
  /** refs: several ids. */
  multiple?: boolean;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | undefined) => void;
  placeholder?: string;
  testId?: string;
  /** The control's id (a form item's label is tied to it). */
  id?: string;
  style?: React.CSSProperties;
  error?: boolean;
  disabled?: boolean;
}

const asList = (v: Props['value']): string[] => (Array.isArray(v) ? v : v ? [v] : []);

/**
 * A searchable select over `GET /options/:field`: searches by code or name on the server, and
 * labels the current value even when it is not among the first options.
 */
export function OptionSelect({
  def,
  fieldKey,
  multiple,
  value,
  onChange,
  placeholder,
  testId,
  id,
  style,
  error,
  disabled,
}: Props) {
  const bridge = useBridge();
  const [options, setOptions] = useState<RefOption[]>([]);
  const [known, setKnown] = useState<Map<string, RefOption>>(new Map());
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const remember = (list: RefOption[]) =>
    setKnown((prev) => {
      const next = new Map(prev);
      for (const o of list) next.set(o.id, o);
      return next;
    });

  const search = (q: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(
      () => {
        setLoading(true);
        loadOptions(bridge, def, fieldKey, { q: q.trim() || undefined })
          .then((list) => {
            setOptions(list);
            remember(list);
          })
          .catch(() => setOptions([]))
          .finally(() => setLoading(false));
      },
      q ? 250 : 0,
    );
  };

  useEffect(() => {
    search('');
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
    // Load the first options once per field.
  }, [def, fieldKey]);

  // The current value's labels, when the value came from a row rather than from a search.
  const missing = asList(value).filter((v) => !known.has(v));
  useEffect(() => {
    if (missing.length === 0) return;
    let live = true;
    loadOptions(bridge, def, fieldKey, { ids: missing.join(','), size: missing.length })
      .then((list) => {
        if (live) remember(list);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [missing.join(',')]);

  const shown = new Map(options.map((o) => [o.id, o]));
  for (const v of asList(value)) {
    const o = known.get(v);
    if (o) shown.set(v, o);
  }

  return (
    <Select
      disabled={disabled}
      id={id}
      data-testid={testId}
      style={style}
      error={error}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      filterOption={false}
      loading={loading}
      placeholder={placeholder}
      value={multiple ? asList(value) : (value ?? undefined)}
      onSearch={search}
      onChange={(v: string | string[] | undefined) => onChange?.(v === undefined || v === null ? undefined : v)}
      options={[...shown.entries()].map(([key, o]) => ({ value: key, label: optionLabel(o) }))}
    />
  );
}
