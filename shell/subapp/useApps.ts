import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { endpoints } from '../api/endpoints';
import { appsAtom, tokenAtom, type AppState } from '../state/atoms';
import { probe } from './probe';

/** Loads the app registry after login and probes each app; only apps that answer are enabled. */
export function useApps() {
  const token = useAtomValue(tokenAtom);
  const setApps = useSetAtom(appsAtom);
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void endpoints.apps().then(async (res) => {
      if (cancelled || res.code !== 200) return;
      const apps: AppState[] = res.data.filter((a) => a.status === 'enabled').map((a) => ({ ...a, probed: null }));
      setApps(apps);
      const byUrl = new Map<string, Promise<boolean>>();
      await Promise.all(apps.map(async (app) => {
        if (!byUrl.has(app.url)) byUrl.set(app.url, probe(app.url));
        const online = await byUrl.get(app.url)!;
        if (!cancelled) setApps((list) => list.map((a) => (a.id === app.id ? { ...a, probed: online, online } : a)));
      }));
    });
    return () => { cancelled = true; };
  }, [token, setApps]);
}
