import { useCallback, useEffect, useState } from 'react';
import { useBridge, useBridgeContext } from '../../bridge/react';
import type { Page } from '../../model/api';

type Filters = Record<string, string | number | undefined>;

/** A server-paged list through the bridge; reloads when the filters, the page or the factory change. */
export function usePagedList<T>(url: string, initialSize = 10) {
  const bridge = useBridge();
  const { factoryId } = useBridgeContext();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  const [data, setData] = useState<Page<T>>({ records: [], total: 0, page: 1, size: initialSize });
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    setLoading(true);
    bridge
      .request<Page<T>>({ url, params: { ...filters, page, size } })
      .then((res) => { if (live) setData(res); })
      .catch(() => undefined)
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [bridge, url, filters, page, size, version, factoryId]);

  useEffect(() => bridge.on('refresh', () => setVersion((v) => v + 1)), [bridge]);

  const search = useCallback((next: Filters) => { setFilters(next); setPage(1); }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const changePage = useCallback((p: number, s: number) => { setPage(p); setSize(s); }, []);
  return { data, loading, page, size, search, reload, changePage };
}
