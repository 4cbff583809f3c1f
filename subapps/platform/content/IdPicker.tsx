import { useEffect, useState } from 'react';
import { Select } from '@arco-design/web-react';
import { useBridge } from '../../../bridge/react';
import type { Page } from '../../../model/api';
import { LIST_MAX_SIZE } from '../../../model/resource';

interface Props {
  /** An engine list endpoint answering rows with id and a name or code. */
  url: string;
  value?: string[];
  onChange?: (ids: string[]) => void;
  placeholder?: string;
  testId?: string;
}

type Row = { id: string; name?: string; nickname?: string; account?: string; code?: string };

/** Picks several rows of a list (factories, roles, users) by id, showing their names. */
export function IdPicker({ url, value = [], onChange, placeholder, testId }: Props) {
  const bridge = useBridge();
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    let live = true;
    bridge.request<Page<Row>>({ url, params: { page: 1, size: LIST_MAX_SIZE } })
      .then((p) => { if (live) setRows(p.records ?? []); })
      .catch(() => undefined);
    return () => { live = false; };
  }, [bridge, url]);
  return (
    <Select mode="multiple" allowClear value={value} onChange={(v: string[]) => onChange?.(v)} placeholder={placeholder} data-testid={testId}
      options={rows.map((r) => ({ value: r.id, label: r.name ?? r.nickname ?? r.account ?? r.code ?? r.id }))} />
  );
}
