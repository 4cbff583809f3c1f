import { useEffect, useState } from 'react';
import { Select } from '@arco-design/web-react';
import { endpointsOf } from '../../../model/contract';
import { LIST_MAX_SIZE, type ResourceDef } from '../../../model/engine';
import { useApi } from '../../kit/api';

interface Props {
  /** The resource whose rows are picked: they have an id and a name or code. */
  def: ResourceDef;
  value?: string[];
  onChange?: (ids: string[]) => void;
  placeholder?: string;
  testId?: string;
}

type Row = { id: string; name?: string; nickname?: string; account?: string; code?: string };

/** Picks several rows of a list (factories, roles, users) by id, showing their names. */
export function IdPicker({ def, value = [], onChange, placeholder, testId }: Props) {
  const api = useApi();
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    let live = true;
    api
      .call(endpointsOf(def).list, { query: { page: 1, size: LIST_MAX_SIZE } })
      .then((p) => {
        if (live) setRows(p.records as Row[]);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, def]);
  return (
    <Select
      mode="multiple"
      allowClear
      value={value}
      onChange={(v: string[]) => onChange?.(v)}
      placeholder={placeholder}
      data-testid={testId}
      options={rows.map((r) => ({ value: r.id, label: r.name ?? r.nickname ?? r.account ?? r.code ?? r.id }))}
    />
  );
}
