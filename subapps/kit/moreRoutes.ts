import { useCallback, useEffect, useRef, useState } from 'react';
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

/** A while after the first paint, when the browser has nothing else to do. */
function whenIdle(run: () => void): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(run, { timeout: 5_000 });
    else run();
  }, AFTER_PAINT_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

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
    else if (painted && !started.current) return whenIdle(start);
  }, [needed, painted, start]);
  return state;
}
