import { useCallback, useEffect, useRef, useState } from 'react';
import { whenIdle } from './idle';
import type { RouteTable } from './routing';

/** The rest of an app's routes, loaded apart from its first page. */
export type MoreRoutes = () => Promise<RouteTable>;

export type MoreRoutesState =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'loaded'; routes: RouteTable }
  | { state: 'failed'; retry: () => void };

/** How long after the first page painted before idle time is used: its own data requests go first. */
const AFTER_PAINT_MS = 1_500;

/**
 * Loads `load` at once when `needed` (a route outside the first table is shown), else when the browser
 * is idle after the first page `painted`, so a screen opened later finds its code already there.
 */
export function useMoreRoutes(load: MoreRoutes | undefined, needed: boolean, painted: boolean): MoreRoutesState {
  const [state, setState] = useState<MoreRoutesState>(load ? { state: 'loading' } : { state: 'none' });
  const started = useRef(false);
  const start = useCallback(() => {
    if (!load || started.current) return;
    started.current = true;
    load().then(
      (routes) => setState({ state: 'loaded', routes }),
      () =>
        setState({
          state: 'failed',
          retry: () => {
            started.current = false;
            setState({ state: 'loading' });
            start();
          },
        }),
    );
  }, [load]);
  useEffect(() => {
    if (needed) start();
    else if (painted && !started.current) return whenIdle(start, { delayMs: AFTER_PAINT_MS, timeoutMs: 5_000 });
  }, [needed, painted, start]);
  return state;
}
