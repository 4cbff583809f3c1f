import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { ConfigProvider, Result, Spin } from '@arco-design/web-react';
import { BridgeProvider, useBridge, useBridgeContext } from '../../bridge/react';
import type { ChildBridge } from '../../bridge/child';
import { arcoLocale } from '../../locales/arco';
import { matchRoute, type RouteTable } from './routing';
import { NotBuilt } from './NotBuilt';

interface Props {
  i18n: I18n;
  routes: RouteTable;
  /** Prefixes this app serves: unknown routes under them show the not-built page. */
  prefixes: string[];
}

/**
 * The route shown: the shell's context path (right even when a navigation arrived before the page
 * subscribed), else the frame's first URL; then every navigation or context the shell sends.
 */
function useRoute(): string {
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
    const offContext = bridge.on('context', (next) => { if (next.path && next.path !== '/') show(next.path); });
    return () => { offNavigate(); offContext(); };
  }, [bridge]);
  return route;
}

declare global {
  interface Window {
    /** The page's bridge, for the console, integrators' scripts and the benchmarks. */
    portalBridge?: ChildBridge;
  }
}

function Routed({ i18n, routes, prefixes }: Props) {
  const context = useBridgeContext();
  const bridge = useBridge();
  useEffect(() => { window.portalBridge = bridge; }, [bridge]);
  const route = useRoute();
  const { t } = useTranslation('common');
  useEffect(() => {
    if (i18n.language !== context.language) void i18n.changeLanguage(context.language);
    document.documentElement.lang = context.language;
    document.body.dataset.fontSize = context.fontSize;
  }, [context.language, context.fontSize, i18n]);
  const Page: ComponentType | null = matchRoute(routes, route);
  const ours = prefixes.includes(route.split('/')[1] ?? '');
  return (
    <ConfigProvider locale={arcoLocale(context.language)}>
      <div className={`subapp font-${context.fontSize}`}>
        {Page ? <Suspense fallback={<Spin className="subapp-spin" />}><Page /></Suspense> : ours ? <NotBuilt path={route} /> : <Result status="404" title={t('notFound')} />}
      </div>
    </ConfigProvider>
  );
}

function Unconnected({ error }: { error: Error }) {
  return (
    <Result status="warning" title="Portal bridge" subTitle={error.message} />
  );
}

/** Every React sub-app's root: the bridge, its language and font size, and its routes. */
export function SubAppRoot(props: Props) {
  return (
    <I18nextProvider i18n={props.i18n}>
      <BridgeProvider fallback={<Spin className="subapp-spin" />} errorFallback={(e: Error) => <Unconnected error={e} />}>
        <Routed {...props} />
      </BridgeProvider>
    </I18nextProvider>
  );
}
