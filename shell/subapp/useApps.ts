import { useEffect, useRef } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { appForPath } from '../../model/app-routes';
import { menuPaths } from '../../model/menu-tree';
import { appsAtom, appsLoadedAtom, menuAtom, tokenAtom, type AppState } from '../state/atoms';
import { probeShared } from './probe';
import { takeApps } from './appsRequest';

/**
 * Loads the app registry after login and probes the apps the user's menu reaches; only apps that
 * answer are enabled. The browser probes only what the server found online (its `online`): a
 * refused connection to each app that is not running would fill the console with errors, and apps
 * no menu entry leads to are not probed at all.
 */
export function useApps() {
  const token = useAtomValue(tokenAtom);
  const menu = useAtomValue(menuAtom);
  const [apps, setApps] = useAtom(appsAtom);
  const setLoaded = useSetAtom(appsLoadedAtom);
  /** Probes under way or done, by URL (apps sharing an origin are probed once). */
  const probes = useRef(new Map<string, Promise<boolean>>());

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    probes.current.clear();
    setLoaded(false);
    takeApps(token).then(
      (res) => {
        if (cancelled) return;
        if (res.code === 200)
          setApps(res.data.filter((a) => a.status === 'enabled').map((a): AppState => ({ ...a, probed: null })));
        setLoaded(true);
      },
      () => {
        if (!cancelled) setLoaded(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, setApps, setLoaded]);

  useEffect(() => {
    const reached = new Set(menuPaths(menu).map((path) => appForPath(apps, path)?.id));
    for (const app of apps) {
      if (!reached.has(app.id) || probes.current.has(app.url)) continue;
      const online = app.online ? probeShared(app.url) : Promise.resolve(false);
      probes.current.set(app.url, online);
      void online.then((up) =>
        setApps((list) => list.map((a) => (a.url === app.url ? { ...a, probed: up, online: up } : a))),
      );
    }
  }, [apps, menu, setApps]);
}
