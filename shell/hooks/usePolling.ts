import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { settingsAtom } from '../state/atoms';

/** Runs `load` every `intervalMs` while the user's polling setting is on and the page is in view. */
export function usePolling(load: () => Promise<unknown>, intervalMs: number) {
  const { polling } = useAtomValue(settingsAtom);
  useEffect(() => {
    if (!polling) return;
    const id = window.setInterval(() => {
      if (document.visibilityState === 'visible') void load();
    }, intervalMs);
    return () => window.clearInterval(id);
  }, [polling, load, intervalMs]);
}
