import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { menuPaths } from '../../model/menu-tree';
import {
  appsLoadedAtom,
  busyAtom,
  errorTextAtom,
  factoryIdAtom,
  menuAtom,
  menuLanguageAtom,
  menuLoadedAtom,
  store,
  tokenAtom,
} from '../state/atoms';
import { appsAhead, probeReached, requestApps } from '../subapp/appsRequest';
import { hasLanding, prewarmLanding } from '../subapp/prewarm';
import { frameUrl } from '../subapp/appRoutes';
import { appForPath } from '../../model/app-routes';
import { WORKBENCH_PATH } from '../../model/workbench';
import { useLanguage } from '../hooks/useLanguage';
import { afterMenuLoad, decide, splitLanguage } from './rules';
import { requestRoutes, takeRoutes } from './routesRequest';

export { dropPrewarmed, prewarmLanding } from '../subapp/prewarm';

/**
 * Asks for the app registry, and for the menu of `factoryId` when known, before the guard needs
 * them. A browser with no landing remembered starts loading the workbench's frame once the registry
 * names its app.
 */
export function askAhead(token: string, factoryId: string | null, lang: string): void {
  requestApps(token);
  if (factoryId) requestRoutes(factoryId, lang);
  if (hasLanding()) return;
  void appsAhead()?.then((res) => {
    if (res.code !== 200 || store.get(tokenAtom) !== token) return;
    const app = appForPath(
      res.data.filter((a) => a.status === 'enabled' && a.online),
      WORKBENCH_PATH,
    );
    if (app) prewarmLanding(frameUrl(app.url, WORKBENCH_PATH));
  });
}

/** Applies the navigation rules of SPEC §2 to every non-public route. */
export function Guard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const token = useAtomValue(tokenAtom);
  const factoryId = useAtomValue(factoryIdAtom);
  const [menu, setMenu] = useAtom(menuAtom);
  const [menuLoaded, setMenuLoaded] = useAtom(menuLoadedAtom);
  const [menuLanguage, setMenuLanguage] = useAtom(menuLanguageAtom);
  const setErrorText = useSetAtom(errorTextAtom);
  const setBusy = useSetAtom(busyAtom);
  const paths = useMemo(() => menuPaths(menu), [menu]);
  const path = splitLanguage(location.pathname)?.path ?? '/';
  const decision = decide({ path, lang, token, menuLoaded, menuPaths: paths });

  useEffect(() => {
    if (menuLoaded && menuLanguage !== lang) setMenuLoaded(false);
  }, [menuLoaded, menuLanguage, lang, setMenuLoaded]);

  useEffect(() => {
    if (decision.kind !== 'loadMenu') return;
    let cancelled = false;
    // The first menu of a session: the app registry is asked for beside it.
    const session = store.get(tokenAtom);
    if (session && !store.get(appsLoadedAtom)) requestApps(session);
    setBusy((n) => n + 1);
    takeRoutes(factoryId, lang)
      .then((res) => {
        if (cancelled) return;
        const outcome = afterMenuLoad(lang, res);
        if (outcome.kind === 'loaded') {
          probeReached(res.data ?? []);
          setMenu(res.data ?? []);
          setMenuLanguage(lang);
          setMenuLoaded(true);
        } else {
          if (outcome.errorText) setErrorText(outcome.errorText);
          navigate(outcome.to, { replace: true });
        }
      })
      .catch(() => {
        if (!cancelled) navigate(`/${lang}/login`, { replace: true });
      })
      .finally(() => setBusy((n) => n - 1));
    return () => {
      cancelled = true;
    };
  }, [decision.kind, factoryId, lang, navigate, setBusy, setErrorText, setMenu, setMenuLanguage, setMenuLoaded]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // A reload (factory switch) keeps the open tabs and frames on screen while the new menu arrives.
  if (decision.kind === 'loadMenu') return menu.length ? <>{children}</> : null;
  return <>{children}</>;
}
