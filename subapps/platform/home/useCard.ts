import { useEffect, useRef, useState } from 'react';
import { useActive, useBridgeContext } from '../../../bridge/react';
import { useRouteShown } from '../../kit/routePath';

export type CardState<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; data: T };

/**
 * One card's data, loaded on its own (a slow or failing card never holds the others), again when the
 * factory changes and each time the workbench is shown again (a kept tab may be stale). The setter
 * replaces the data with what a change the card made answered.
 */
export function useCard<T>(load: () => Promise<T>): [CardState<T>, (data: T) => void] {
  const { factoryId, language } = useBridgeContext();
  // Shown: the route within its app, and the app's frame within the shell.
  const routeShown = useRouteShown();
  const frameShown = useActive();
  const shown = routeShown && frameShown;
  const [state, setState] = useState<CardState<T>>({ kind: 'loading' });
  const loaded = useRef(false);
  useEffect(() => {
    if (!shown) return;
    let live = true;
    const read = () =>
      load().then(
        (data) => {
          loaded.current = true;
          if (live) setState({ kind: 'ready', data });
        },
        () => {
          if (live) setState({ kind: 'failed' });
        },
      );
    // Shown again, the card shows what it had while the shell paints the switch, and reads anew
    // once the browser is idle: nine cards asking at once would compete with that paint.
    if (!loaded.current) {
      void read();
      return () => {
        live = false;
      };
    }
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(read, { timeout: 1_000 }) : window.setTimeout(read, 100);
    return () => {
      live = false;
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
    // `load` is a new function each render; what it reads is in the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, factoryId, language]);
  return [state, (data: T) => setState({ kind: 'ready', data })];
}
