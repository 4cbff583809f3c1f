import { useCallback, useEffect, useState } from 'react';
import { useBridge, useBridgeContext } from '../../bridge/react';
import type { Page } from '../../model/api';
import type { AnyEndpoint, DataOf } from '../../model/contract/endpoint';
import { useApi } from './api';

export type Filters = Record<string, string | number | boolean | undefined>;
export interface Sort {
  field: string;
  order: 'asc' | 'desc';
}
type RowOf<E extends AnyEndpoint> = DataOf<E> extends Page<infer R> ? R : never;

const emptyPage = (size: number): Page<unknown> => ({ records: [], total: 0, page: 1, size });

/** A list that answers every record at once (an array, or records without a total) as its one page. */
function asPage(answer: unknown, size: number): Page<unknown> {
  if (Array.isArray(answer)) return { records: answer, total: answer.length, page: 1, size: answer.length };
  const page = answer as Partial<Page<unknown>> | null;
  const records = page?.records ?? [];
  if (typeof page?.total === 'number') return page as Page<unknown>;
  return { records, total: records.length, page: 1, size: Math.max(size, records.length) };
}

export interface PagedListOptions {
  /** Fills the operation's path parameters. */
  params?: Record<string, string>;
  /** The query keys the operation takes besides its filters: `page`, `size`, `sort` (default all). */
  paged?: boolean;
  sorts?: boolean;
  initialSize?: number;
  /** Sent as `sort` and `order` (the resource engine's lists take them). */
  initialSort?: Sort | null;
}

export interface PagedList<T> {
  data: Page<T>;
  loading: boolean;
  page: number;
  size: number;
  filters: Filters;
  sort: Sort | null;
  /** Bumps with every reload (the shell's refresh included). */
  version: number;
  search: (next: Filters) => void;
  reload: () => void;
  changePage: (page: number, size: number) => void;
  changeSort: (next: Sort | null) => void;
}

/**
 * A server-paged list operation through the bridge, for the engine's screens and the hand-written
 * ones alike: reloads when the filters, the sort, the page or the factory change, and when the shell
 * asks for a refresh. A failed load shows an empty page (the shell has said why).
 */
export function usePagedList<E extends AnyEndpoint>(ep: E, options: PagedListOptions = {}): PagedList<RowOf<E>> {
  const initialSize = options.initialSize ?? 10;
  const bridge = useBridge();
  const api = useApi();
  const { factoryId } = useBridgeContext();
  const [filters, setFilters] = useState<Filters>({});
  const [sort, setSort] = useState<Sort | null>(options.initialSort ?? null);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  const [data, setData] = useState<Page<unknown>>(() => emptyPage(initialSize));
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const pathKey = JSON.stringify(options.params ?? {});
  const paged = options.paged ?? true;
  const sorts = options.sorts ?? true;

  useEffect(() => {
    let live = true;
    setLoading(true);
    const query = {
      ...filters,
      ...(paged ? { page, size } : {}),
      ...(sort && sorts ? { sort: sort.field, order: sort.order } : {}),
    };
    const input = { params: JSON.parse(pathKey) as Record<string, string>, query };
    (api.call as (e: AnyEndpoint, i: unknown) => Promise<unknown>)(ep, input)
      .then((res) => {
        if (live) setData(asPage(res, size));
      })
      .catch(() => {
        if (live) setData(emptyPage(size));
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [api, ep, pathKey, paged, sorts, filters, sort, page, size, version, factoryId]);

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
  return {
    data: data as Page<RowOf<E>>,
    loading,
    page,
    size,
    filters,
    sort,
    version,
    search,
    reload,
    changePage,
    changeSort,
  };
}
