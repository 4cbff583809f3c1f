import { Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { Button, ConfigProvider, Result, Spin } from '@arco-design/web-react';
import { BridgeProvider, useBridge, useBridgeContext } from '../../bridge/react';
import type { ChildBridge } from '../../bridge/child';
import { arcoLocale, loadArcoLocale } from '../../locales/arco';
import { switchLanguage } from '../../locales/catalog';
import type { Language } from '../../model/languages';
import { matchRoute, type RouteTable } from './routing';
import { useMoreRoutes, type MoreRoutes } from './moreRoutes';
import { NotBuilt } from './NotBuilt';
import { RoutePathContext, RouteShownContext } from './routePath';
import { applyArcoTheme } from '../../bridge/theme';
import { onTextsChange, watchArcoA11y } from '../../bridge/arco-a11y';
import { applyContextTranslations } from './i18n';
import { rememberLanguage } from './lastLanguage';

interface Props {
  i18n: I18n;
  routes: RouteTable;
  /**
   * The app's other routes, loaded apart: when one of them is shown, or once the first page has
   * painted and the browser is idle. The first page then carries only its own code.
   */
  more?: MoreRoutes;
  /** Prefixes this app serves: unknown routes under them show the not-built page. */
  prefixes: readonly string[];
}

/**
 * The route shown: the shell's context path, else the frame's first URL; then every navigation or
 * context the shell sends, and the one it sent between the first render and the subscription.
 */
export function useRoute(): string {
  const bridge = useBridge();
  const [route, setRoute] = useState(() => {
    const path = bridge.context.path;
    return path && path !== '/' ? path : window.location.pathname;
  });
  useEffect(() => {
    const show = (path: string) => {
      setRoute(path);
      // Keeps a reload of the frame on the same route, without a history entry (DESIGN §6).
      if (window.location.pathname !== path) window.history.replaceState(null, '', path);
    };
    const offNavigate = bridge.on('navigate', show);
    const offContext = bridge.on('context', (next) => {
      if (next.path && next.path !== '/') show(next.path);
    });
    // A tab opened while the page was rendering its first route: that context is not heard above.
    const now = bridge.context.path;
    if (now && now !== '/') show(now);
    return () => {
      offNavigate();
      offContext();
    };
  }, [bridge]);
  return route;
}

/** How many routes an app keeps mounted (hidden) so a tab returns with its form and scroll state. */
export const KEPT_ROUTES = 8;

/**
 * The routes kept alive, least recently shown first, each with a version that the shell's
 * `refresh` bumps for the shown route (the page mounts afresh: a tab that is not kept, or reopened).
 */
function useKeptRoutes(route: string): { path: string; version: number }[] {
  const bridge = useBridge();
  const [versions, setVersions] = useState<Record<string, number>>({});
  const order = useRef<string[]>([]);
  const current = useRef(route);
  current.current = route;
  order.current = [...order.current.filter((p) => p !== route), route].slice(-KEPT_ROUTES);
  useEffect(
    () =>
      bridge.on('refresh', () => {
        const path = current.current;
        setVersions((v) => ({ ...v, [path]: (v[path] ?? 0) + 1 }));
      }),
    [bridge],
  );
  return order.current.map((path) => ({ path, version: versions[path] ?? 0 }));
}

/** Each kept route returns to where it was scrolled. */
function useScrollPerRoute(route: string) {
  const positions = useRef(new Map<string, number>());
  const shown = useRef(route);
  useEffect(() => {
    const save = () => {
      positions.current.set(shown.current, window.scrollY);
    };
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);
  useLayoutEffect(() => {
    if (shown.current === route) return;
    shown.current = route;
    window.scrollTo(0, positions.current.get(route) ?? 0);
  }, [route]);
}

declare global {
  interface Window {
    /** The page's bridge, for the console, integrators' scripts and the benchmarks. */
    portalBridge?: ChildBridge;
  }
}

function Routed({ i18n, routes, more, prefixes }: Props) {
  const context = useBridgeContext();
  const bridge = useBridge();
  useEffect(() => {
    window.portalBridge = bridge;
  }, [bridge]);
  const route = useRoute();
  const { t } = useTranslation('common');
  // The page paints once the texts of its language have arrived (locales/catalog.ts).
  const [textsReady, setTextsReady] = useState(false);
  useEffect(() => {
    let live = true;
    const ready = () => {
      if (live) setTextsReady(true);
    };
    switchLanguage(i18n, context.language, loadArcoLocale(context.language)).then(ready, ready);
    return () => {
      live = false;
    };
  }, [context.language, i18n]);
  useEffect(() => rememberLanguage(context.language), [context.language]);
  useEffect(() => {
    document.documentElement.lang = context.language;
    document.documentElement.dataset.fontSize = context.fontSize;
    document.body.dataset.fontSize = context.fontSize;
  }, [context.language, context.fontSize, i18n]);
  useEffect(() => applyArcoTheme(context.theme), [context.theme]);
  useEffect(() => {
    const text = (key: string) => (i18n.exists(`common:a11y.${key}`) ? i18n.t(`common:a11y.${key}`) : '');
    return watchArcoA11y(
      document,
      () => ({
        selectRow: text('selectRow'),
        selectAll: text('selectAll'),
        goToPage: text('goToPage'),
        showPassword: text('showPassword'),
      }),
      (again) => onTextsChange(i18n, again),
    );
  }, [i18n]);
  useEffect(() => {
    applyContextTranslations(i18n, context.translations);
  }, [context.translations, i18n]);
  const kept = useKeptRoutes(route);
  useScrollPerRoute(route);
  const rest = useMoreRoutes(
    more,
    kept.some(({ path }) => !matchRoute(routes, path)),
    textsReady,
  );
  const render = (path: string, version: number) => {
    const Page: ComponentType | null =
      matchRoute(routes, path) ?? (rest.state === 'loaded' ? matchRoute(rest.routes, path) : null);
    if (Page)
      return (
        <Suspense fallback={<Spin className="subapp-spin" />}>
          <Page key={version} />
        </Suspense>
      );
    if (rest.state === 'loading') return <Spin className="subapp-spin" />;
    if (rest.state === 'failed') {
      return (
        <Result
          status="warning"
          title={t('screenLoadFailed.title')}
          extra={
            <Button type="primary" onClick={rest.retry}>
              {t('screenLoadFailed.retry')}
            </Button>
          }
        />
      );
    }
    const ours = prefixes.includes(path.split('/')[1] ?? '');
    return ours ? <NotBuilt key={version} path={path} /> : <Result status="404" title={t('notFound')} />;
  };
  if (!textsReady) return <Spin className="subapp-spin" />;
  return (
    <ConfigProvider locale={arcoLocale(context.language)}>
      <div className={`subapp font-${context.fontSize}`}>
        {kept.map(({ path, version }) => (
          <KeptRoute key={path} path={path} shown={path === route} language={context.language}>
            {render(path, version)}
          </KeptRoute>
        ))}
      </div>
    </ConfigProvider>
  );
}

/** One kept route; its dialogs and pop-ups live inside it, so they hide with it. */
function KeptRoute({
  path,
  shown,
  language,
  children,
}: {
  path: string;
  shown: boolean;
  language: Language;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  return (
    <div ref={ref} className="subapp-route" hidden={!shown} data-route={path}>
      <ConfigProvider locale={arcoLocale(language)} getPopupContainer={() => ref.current ?? document.body}>
        <RoutePathContext.Provider value={path}>
          <RouteShownContext.Provider value={shown}>{children}</RouteShownContext.Provider>
        </RoutePathContext.Provider>
      </ConfigProvider>
    </div>
  );
}

function Unconnected({ error }: { error: Error }) {
  return <Result status="warning" title="Portal bridge" subTitle={error.message} />;
}

/** Every React sub-app's root: the bridge, its language, font size and theme, and its routes. */
export function SubAppRoot(props: Props) {
  return (
    <I18nextProvider i18n={props.i18n}>
      <BridgeProvider
        fallback={<Spin className="subapp-spin" />}
        errorFallback={(e: Error) => <Unconnected error={e} />}
      >
        <Routed {...props} />
      </BridgeProvider>
    </I18nextProvider>
  );
}
