import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { Spin } from '@arco-design/web-react';
import { appForPath } from '../../model/app-routes';
import {
  appsAtom,
  appsLoadedAtom,
  factoryIdAtom,
  menuAtom,
  orgCodeAtom,
  settingsAtom,
  themeAtom,
  userAtom,
  type Tab,
} from '../state/atoms';
import { useLanguage } from '../hooks/useLanguage';
import { broadcastContext } from './children';
import { contextFor, setAppRoute } from './context';
import { SubAppFrame } from './SubAppFrame';
import { AppUnavailable } from './AppUnavailable';
import { installRefusedLogger } from './refused';
import { MAX_LIVE_FRAMES, liveApps, touch, warmApps } from './lru';
import { useWarmingAllowed } from './useWarmingAllowed';
import { menuPaths } from '../../model/menu-tree';
import { overridesAtom } from '../state/tenantTexts';
import { unsavedTabsAtom } from '../layout/unsaved';

/**
 * One iframe per sub-app, created when its first tab opens and kept while any tab of it is open;
 * the active tab's app is shown, the others stay mounted and hidden, at most MAX_LIVE_FRAMES of them
 * (the least recently shown is unloaded first and loads again when its tab is shown). Once the first
 * screen has painted and the browser is idle, the other apps the menu reaches load ahead, hidden, in
 * the room left under the cap: their first screen then opens as fast as a kept one.
 */
export function SubAppHost({ tabs, activeTab }: { tabs: Tab[]; activeTab: Tab | null }) {
  const apps = useAtomValue(appsAtom);
  const appsLoaded = useAtomValue(appsLoadedAtom);
  const lang = useLanguage();
  const factoryId = useAtomValue(factoryIdAtom);
  const orgCode = useAtomValue(orgCodeAtom);
  const settings = useAtomValue(settingsAtom);
  const theme = useAtomValue(themeAtom);
  const menu = useAtomValue(menuAtom);
  const user = useAtomValue(userAtom);
  const overrides = useAtomValue(overridesAtom);
  const unsavedTabs = useAtomValue(unsavedTabsAtom);
  const recency = useRef<string[]>([]);
  const warmingAllowed = useWarmingAllowed();
  /** Apps opened in this session. */
  const opened = useRef(new Set<string>());

  useEffect(() => installRefusedLogger(), []);

  // The URL's language leads; i18n may still be switching when this runs.
  useEffect(() => {
    broadcastContext((appId) => contextFor(appId, lang));
  }, [lang, factoryId, orgCode, settings.size, theme, menu, user, overrides]);

  const activeApp = activeTab ? appForPath(apps, activeTab.path) : null;
  if (activeApp && activeTab) setAppRoute(activeApp.id, activeTab.path);
  if (activeApp) recency.current = touch(recency.current, activeApp.id);

  const open = apps.filter((app) => tabs.some((t) => appForPath(apps, t.path)?.id === app.id));
  const unsavedApps = new Set(
    tabs
      .filter((t) => unsavedTabs.has(t.id))
      .map((t) => appForPath(apps, t.path)?.id)
      .filter((id): id is string => Boolean(id)),
  );
  const live = new Set(
    liveApps(
      open.map((a) => a.id),
      recency.current,
      activeApp?.id ?? null,
      MAX_LIVE_FRAMES,
      unsavedApps,
    ),
  );
  // Apps the menu reaches and that answered, loaded ahead and hidden in the room the open ones leave;
  // only before their first use: an app whose tabs were all closed is let go, as it was asked.
  for (const app of open) opened.current.add(app.id);
  const reached = new Set(menuPaths(menu).map((p) => appForPath(apps, p)?.id));
  const ahead = apps
    .filter((a) => a.probed === true && reached.has(a.id) && !opened.current.has(a.id))
    .map((a) => a.id);
  const warm = new Set(
    warmingAllowed
      ? warmApps(
          ahead,
          open.map((a) => a.id),
          live.size,
        )
      : [],
  );
  const lastPath = (appId: string) =>
    activeApp?.id === appId && activeTab
      ? activeTab.path
      : ([...tabs].reverse().find((t) => appForPath(apps, t.path)?.id === appId)?.path ?? '/');

  return (
    <div className="subapp-host">
      {apps
        .filter((app) => live.has(app.id) || warm.has(app.id))
        .map((app) => (
          <SubAppFrame key={app.id} app={app} path={lastPath(app.id)} active={activeApp?.id === app.id} />
        ))}
      {activeTab &&
        !activeApp &&
        (appsLoaded ? (
          <AppUnavailable path={activeTab.path} />
        ) : (
          <Spin className="subapp-loading" data-testid="apps-loading" />
        ))}
    </div>
  );
}
