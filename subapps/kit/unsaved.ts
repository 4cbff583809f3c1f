/**
 * Tells the shell while a screen's form holds changes not yet saved (bridge `setDirty`, since 1.3.0),
 * so that it asks before closing the tab, switching factory, organisation or language, logging out
 * or reloading. Cleared when the form is saved or closed, or the screen goes.
 */
import { useEffect } from 'react';
import { useBridge } from '../../bridge/react';
import { useRoutePath } from './routePath';

export function useUnsaved(dirty: boolean): void {
  const bridge = useBridge();
  const path = useRoutePath();
  useEffect(() => {
    if (!dirty || !bridge.supports('setDirty')) return;
    void bridge.setDirty(true, path).catch(() => undefined);
    return () => {
      void bridge.setDirty(false, path).catch(() => undefined);
    };
  }, [bridge, dirty, path]);
}
