import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, Result, Spin } from '@arco-design/web-react';
import { connectChild, originOf, type ConnectedChild } from '../../bridge/host';
import { busyAtom, tabsAtom, type AppState } from '../state/atoms';
import { useLanguage } from '../hooks/useLanguage';
import { registerChild, unregisterChild } from './children';
import { contextFor, setAppRoute } from './context';
import { hostHandlers } from './hostHandlers';

/** Sandbox of every sub-app frame (DESIGN §6): never allow-top-navigation. */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads';

type Status = 'connecting' | 'connected' | 'failed';

export function SubAppFrame({ app, path, active }: { app: AppState; path: string; active: boolean }) {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const navigate = useNavigate();
  const setTabs = useSetAtom(tabsAtom);
  const setBusy = useSetAtom(busyAtom);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const childRef = useRef<ConnectedChild | null>(null);
  const shownPath = useRef(path);
  const langRef = useRef(lang);
  langRef.current = lang;
  // useNavigate changes with every location; the connection must outlive navigations.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>('connecting');
  // The first route is loaded with the frame; later routes travel through the bridge.
  const [src] = useState(() => new URL(path, app.url).toString());
  const srcPath = useRef(path);

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame?.contentWindow) return;
    setStatus('connecting');
    setBusy((n) => n + 1);
    let settled = false;
    const settle = () => { if (!settled) { settled = true; setBusy((n) => n - 1); } };
    const connection = connectChild({
      remoteWindow: frame.contentWindow,
      origin: originOf(app.url),
      methods: hostHandlers({
        appId: app.id,
        navigate: (to, opts) => navigateRef.current(`/${langRef.current}${to}`, { replace: Boolean(opts.replace) }),
        ownsPath: (to) => app.prefixPath.includes(to.split('/')[1] ?? ''),
        closeTab: () => setTabs((tabs) => tabs.filter((tab) => tab.path !== shownPath.current)),
        setTitle: (title) => setTabs((tabs) => tabs.map((tab) => (tab.path === shownPath.current ? { ...tab, title } : tab))),
      }),
    });
    connection.promise.then(
      (child) => {
        settle();
        childRef.current = child;
        registerChild(app.id, child);
        setStatus('connected');
        // A tab opened while the app was starting: the frame still shows its first route.
        if (shownPath.current !== srcPath.current) void child.remote.navigate(shownPath.current).catch(() => undefined);
        // The tab may have moved while the app was starting.
        void child.remote.onContextChange(contextFor(app.id)).catch(() => undefined);
      },
      (error: unknown) => {
        settle();
        console.warn(`[shell] ${app.appName} did not connect:`, error instanceof Error ? error.message : error);
        setStatus('failed');
      },
    );
    return () => {
      settle();
      if (childRef.current) unregisterChild(app.id, childRef.current);
      childRef.current = null;
      connection.destroy();
    };
  }, [app.id, app.url, app.appName, app.prefixPath, attempt, setBusy, setTabs]);

  useEffect(() => {
    setAppRoute(app.id, path);
    if (shownPath.current === path) return;
    shownPath.current = path;
    const child = childRef.current;
    if (!child) return;
    void child.remote.navigate(path).catch(() => undefined);
    // The context carries path and previousPath, so listeners of either event see the move.
    void child.remote.onContextChange(contextFor(app.id)).catch(() => undefined);
  }, [app.id, path]);

  useEffect(() => {
    if (status === 'connected') void childRef.current?.remote.setActive(active).catch(() => undefined);
  }, [active, status]);

  return (
    <div className="subapp-frame" style={{ display: active ? 'flex' : 'none' }} data-app={app.appType}>
      {status === 'connecting' && <Spin className="subapp-loading" />}
      {status === 'failed' && (
        <Result
          status="warning"
          title={t('app.noBridgeTitle', { name: app.appFullName || app.appName })}
          subTitle={t('app.noBridgeDescription')}
          extra={<Button onClick={() => setAttempt((n) => n + 1)}>{t('app.retry')}</Button>}
        />
      )}
      <iframe
        key={attempt}
        ref={frameRef}
        title={app.appFullName || app.appName}
        src={src}
        sandbox={FRAME_SANDBOX}
        className="subapp-iframe"
        style={{ visibility: status === 'failed' ? 'hidden' : 'visible' }}
        data-testid={`frame-${app.appType}`}
      />
    </div>
  );
}
