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
import { probeReached, requestApps } from '../subapp/appsRequest';
import { useLanguage } from '../hooks/useLanguage';
import { afterMenuLoad, decide, splitLanguage } from './rules';
import { takeRoutes } from './routesRequest';

// What a login starts before the guard renders travels in the guard's chunk (router/portalChunks).
export { askAhead } from './ahead';
export { dropPrewarmed, prewarmLanding } from '../subapp/prewarm';

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
