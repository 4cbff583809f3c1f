import { useEffect, useState } from 'react';
import { afterFirstScreen } from './firstScreen';

/** How long after the first screen before idle time is used to load other apps. */
const AFTER_FIRST_SCREEN_MS = 1_000;

/**
 * Whether apps may now be loaded ahead: once the first screen has had its turn and the browser is
 * idle, never before, so warming other apps never delays the screen the user asked for.
 */
export function useWarmingAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    void afterFirstScreen().then(() => {
      timer = setTimeout(() => {
        const go = () => {
          if (live) setAllowed(true);
        };
        if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(go, { timeout: 5_000 });
        else go();
      }, AFTER_FIRST_SCREEN_MS);
    });
    return () => {
      live = false;
      clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
  return allowed;
}
