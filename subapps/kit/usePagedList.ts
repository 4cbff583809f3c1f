import { useCallback, useEffect, useMemo, useState } from 'react';
import { useBridge, useBridgeContext } from '../../bridge/react';
import type { Page } from '../../model/api';
import type { AnyEndpoint, DataOf } from '../../model/contract/endpoint';
import { bridgeClient } from './api';

type Filters = Record<string, string | number | undefined>;
type RowOf<E extends AnyEndpoint> = DataOf<E> extends Page<infer R> ? R : never;

export interface PagedList<T> {
  data: Page<T>;
  loading: boolean;
  page: number;
  size: number;
  search: (next: Filters) => void;
  reload: () => void;
  changePage: (page: number, size: number) => void;
}

/**
 * A server-paged list operation through the bridge; reloads when the filters, the page or the
 * factory change. `params` fills the operation's path parameters.
 */
export function usePagedList<E extends AnyEndpoint>(
  ep: E,
  options: { params?: Record<string, string>; initialSize?: number } = {},
): PagedList<RowOf<E>> {
  const initialSize = options.initialSize ?? 10;
  const bridge = useBridge();
  const api = useMemo(() => bridgeClient(bridge), [bridge]);
  const { factoryId } = useBridgeContext();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  const [data, setData] = useState<Page<unknown>>({ records: [], total: 0, page: 1, size: initialSize });
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const pathKey = JSON.stringify(options.params ?? {});

  useEffect(() => {
    let live = true;
    setLoading(true);
    const input = { params: JSON.parse(pathKey) as Record<string, string>, query: { ...filters, page, size } };
    (api.call as (e: AnyEndpoint, i: unknown) => Promise<Page<unknown>>)(ep, input)
      .then((res) => {
        if (live) setData(res);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [api, ep, pathKey, filters, page, size, version, factoryId]);

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
  return { data: data as Page<RowOf<E>>, loading, page, size, search, reload, changePage };
}
