import { useCallback, useEffect, useState } from 'react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import type { Page } from '../../../model/api';
import { endpointsOf } from '../../../model/contract';
import type { ResourceDef, ResourceListQuery, ResourceRow } from '../../../model/engine';
import { useApi } from '../api';

export type Filters = Record<string, string | number | boolean | undefined>;
export interface Sort {
  field: string;
  order: 'asc' | 'desc';
}

const EMPTY: Page<ResourceRow> = { records: [], total: 0, page: 1, size: 20 };

/**
 * One resource's list: server paging, sort and filters (model/engine/api.ts). Reloads when the
 * factory changes and when the shell asks for a refresh.
 */
export function useResourceList(def: ResourceDef, initialSort: Sort | null, initialSize = 20) {
  const bridge = useBridge();
  const api = useApi();
  const { factoryId } = useBridgeContext();
  const [filters, setFilters] = useState<Filters>({});
  const [sort, setSort] = useState<Sort | null>(initialSort);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  const [data, setData] = useState<Page<ResourceRow>>(EMPTY);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const query: ResourceListQuery = {
      ...filters,
      page,
      size,
      ...(sort ? { sort: sort.field, order: sort.order } : {}),
    };
    api
      .call(endpointsOf(def).list, { query })
      .then((res) => {
        if (live) setData(res);
      })
      .catch(() => {
        if (live) setData(EMPTY);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [api, def, filters, sort, page, size, version, factoryId]);

  useEffect(() => bridge.on('refresh', () => setVersion((v) => v + 1)), [bridge]);

  const search = useCallback((next: Filters) => {
    setFilters(next);
    setPage(1);
  }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const changePage = useCallback((p: number, s: number) => {
    setPage(p);
    setSize(s);
  }, []);
  const changeSort = useCallback((next: Sort | null) => {
    setSort(next);
    setPage(1);
  }, []);
  return { data, loading, page, size, filters, sort, version, search, reload, changePage, changeSort };
}
