import { useEffect, useState } from 'react';
import { useBridgeContext } from '../../../bridge/react';
import { endpointsOf } from '../../../model/contract';
import { LIST_MAX_SIZE, type ResourceDef, type ResourceRow } from '../../../model/engine';
import { useApi } from '../api';
import type { Filters } from './useResourceList';

/** A row of the tree view with the rows below it (`children` is what the table expands). */
export type TreeRow = ResourceRow & { children?: TreeRow[] };

/** More rows than this are not drawn as one tree: the list view pages them. */
export const TREE_MAX_ROWS = 5000;

/** Nests `rows` under their parents; a row whose parent is not among them (filtered out) is a root. */
export function nest(rows: readonly ResourceRow[], parentKey: string): TreeRow[] {
  const byId = new Map<string, TreeRow>(rows.map((r) => [r.id, { ...r }]));
  const roots: TreeRow[] = [];
  for (const row of byId.values()) {
    const parentId = row[parentKey];
    const parent = typeof parentId === 'string' ? byId.get(parentId) : undefined;
    if (parent && parent !== row) (parent.children ??= []).push(row);
    else roots.push(row);
  }
  return roots;
}

/** Every row matching `filters` (page after page), nested by `parentKey`; `truncated` past TREE_MAX_ROWS. */
export function useResourceTree(
  def: ResourceDef,
  parentKey: string,
  filters: Filters,
  sortField: string,
  enabled: boolean,
  version: number,
) {
  const api = useApi();
  const { factoryId } = useBridgeContext();
  const [state, setState] = useState<{
    roots: TreeRow[];
    rows: ResourceRow[];
    ids: string[];
    loading: boolean;
    truncated: boolean;
  }>({ roots: [], rows: [], ids: [], loading: false, truncated: false });

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    void (async () => {
      const rows: ResourceRow[] = [];
      let total = Infinity;
      for (let page = 1; rows.length < Math.min(total, TREE_MAX_ROWS); page++) {
        const res = await api.call(endpointsOf(def).list, {
          query: { ...filters, page, size: LIST_MAX_SIZE, sort: sortField, order: 'asc' },
        });
        total = res.total;
        rows.push(...res.records);
        if (res.records.length === 0) break;
      }
      if (live)
        setState({
          roots: nest(rows, parentKey),
          rows,
          ids: rows.map((r) => r.id),
          loading: false,
          truncated: total > rows.length,
        });
    })().catch(() => {
      if (live) setState({ roots: [], rows: [], ids: [], loading: false, truncated: false });
    });
    return () => {
      live = false;
    };
  }, [api, def, parentKey, filters, sortField, enabled, version, factoryId]);

  return state;
}
