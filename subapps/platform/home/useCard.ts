import { useEffect, useRef, useState } from 'react';
import { useActive, useBridgeContext } from '../../../bridge/react';
import { whenIdle } from '../../kit/idle';
import { useRouteShown } from '../../kit/routePath';

export type CardState<T> = { kind: 'loading' } | { kind: 'failed' } | { kind: 'ready'; data: T };

/**
 * One card's data, loaded on its own (a slow or failing card never holds the others), again when the
 * factory changes and each time the workbench is shown again (a kept tab may be stale). The setter
 * replaces the data with what a change the card made answered. `first`, when given, is a read already
 * under way that stands for the first one.
 */
export function useCard<T>(load: () => Promise<T>, first?: Promise<T> | null): [CardState<T>, (data: T) => void] {
  const { factoryId, language } = useBridgeContext();
  // Shown: the route within its app, and the app's frame within the shell.
  const routeShown = useRouteShown();
  const frameShown = useActive();
  const shown = routeShown && frameShown;
  const [state, setState] = useState<CardState<T>>({ kind: 'loading' });
  /** The factory and language of the data shown, once read. */
  const readFor = useRef<string | null>(null);
  const firstRead = useRef(first ?? null);
  useEffect(() => {
    if (!shown) return;
    let live = true;
    const key = `${factoryId}|${language}`;
    const read = () => {
      const held = firstRead.current;
      firstRead.current = null;
      return (held ?? load()).then(
        (data) => {
          if (!live) return;
          readFor.current = key;
          setState({ kind: 'ready', data });
        },
        () => {
          if (live) setState({ kind: 'failed' });
        },
      );
    };
    // Shown again with the same factory and language, the card keeps what it shows while the shell
    // paints the switch and reads anew once the frame is idle: nine cards asking at once would
    // compete with that paint. A first read, or another factory or language, reads at once.
    let cancel: (() => void) | null = null;
    if (readFor.current === key) cancel = whenIdle(() => void read(), { timeoutMs: 1_000 });
    else void read();
    return () => {
      live = false;
      cancel?.();
    };
    // `load` is a new function each render; what it reads is in the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, factoryId, language]);
  return [state, (data: T) => setState({ kind: 'ready', data })];
}
