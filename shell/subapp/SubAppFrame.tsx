import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { Spin } from '@arco-design/web-react';
import { connectChild, originOf, type ConnectedChild } from '../../bridge/host';
import { BRIDGE_VERSION, BridgeVersionError } from '../../bridge/protocol';
import { findMenuByPath } from '../../model/menu-tree';
import { busyAtom, menuAtom, store, tabsAtom, type AppState } from '../state/atoms';
import { neighbourAfterClose } from '../layout/tabs';
import { forgetUnsaved, markUnsaved } from '../layout/unsaved';
import { useLanguage } from '../hooks/useLanguage';
import { registerChild, unregisterChild } from './children';
import { contextFor, setAppRoute } from './context';
import { hostHandlers } from './hostHandlers';
import { probe, probeShared } from './probe';
import { frameConnected } from './firstScreen';
import { frameUrl, ownsPath } from './appRoutes';
import { registerFrame } from './refused';
import { RELOAD_CHECK_MS, startHeartbeat, within, type AppHealth } from './health';
import { AppNotice } from './AppNotice';
import { takeScreenFocus } from './screenFocus';

/** Sandbox of every sub-app frame (DESIGN §6): never allow-top-navigation. */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads';

/**
 * One sub-app's iframe and its connection: probed before it loads, connected with a timeout, then
 * watched by a heartbeat; reconnected by itself when its page is replaced (DESIGN §6).
 */
export function SubAppFrame({ app, path, active }: { app: AppState; path: string; active: boolean }) {
  const lang = useLanguage();
  const navigate = useNavigate();
  const setTabs = useSetAtom(tabsAtom);
  const setBusy = useSetAtom(busyAtom);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const childRef = useRef<ConnectedChild | null>(null);
  const shownPath = useRef(path);
  const langRef = useRef(lang);
  langRef.current = lang;
  const activeRef = useRef(active);
  activeRef.current = active;
  // useNavigate changes with every location; the connection must outlive navigations.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [health, setHealth] = useState<AppHealth>('probing');
  const healthRef = useRef(health);
  healthRef.current = health;
  const [remoteVersion, setRemoteVersion] = useState<string | null>(null);
  // The frame's first route is loaded with it; later routes travel through the bridge.
  const [src, setSrc] = useState<string | null>(null);
  const srcPath = useRef(path);
  /** Each new value loads the frame afresh (a retry). */
  const [frameKey, setFrameKey] = useState(0);
  /** Each new value connects again to the same frame (its page was replaced). */
  const [generation, setGeneration] = useState(0);
  const loads = useRef(0);
  /** Set from the moment a reconnection is decided until it settled (events arrive faster than renders). */
  const reconnecting = useRef(false);

  const load = () => {
    reconnecting.current = false;
    srcPath.current = shownPath.current;
    setSrc(frameUrl(app.url, shownPath.current));
    loads.current = 0;
    setFrameKey((n) => n + 1);
  };
  const reconnect = () => {
    if (reconnecting.current) return;
    reconnecting.current = true;
    setHealth('reloaded');
    setGeneration((n) => n + 1);
  };

  // Probe before load: an app that does not answer shows the offline notice instead of a broken frame.
  // The first probe is the registry's own when it is recent; a retry asks afresh.
  const probed = useRef(false);
  useEffect(() => {
    if (health !== 'probing') return;
    let live = true;
    const asked = probed.current ? probe(app.url) : probeShared(app.url);
    probed.current = true;
    void asked.then((online) => {
      if (!live) return;
      if (online) {
        setHealth('connecting');
        load();
      } else {
        setHealth('offline');
      }
    });
    return () => { live = false; };
    // `load` reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [health, app.url]);

  useEffect(() => {
    const frame = frameRef.current;
    if (!src || !frame?.contentWindow) return;
    let origin: string;
    try {
      origin = originOf(app.url);
    } catch {
      console.warn(`[shell] ${app.appName}: the registered URL ${app.url} is not an http(s) URL`);
      setHealth('offline');
      return;
    }
    setHealth((h) => (h === 'reloaded' ? h : 'connecting'));
    setBusy((n) => n + 1);
    let settled = false;
    const settle = () => { if (!settled) { settled = true; setBusy((n) => n - 1); } };
    let stopHeartbeat = () => {};
    const forgetFrame = registerFrame(frame.contentWindow, origin);
    const connection = connectChild({
      remoteWindow: frame.contentWindow,
      origin,
      methods: hostHandlers({
        appId: app.id,
        navigate: (to, opts) => navigateRef.current(`/${langRef.current}${to}`, { replace: Boolean(opts.replace) }),
        ownsPath: (to) => ownsPath(app.prefixPath, to),
        isActive: () => activeRef.current,
        rememberRoute: (to) => {
          const from = shownPath.current;
          shownPath.current = to;
          setAppRoute(app.id, to);
          setTabs((tabs) => tabs.map((tab) => (tab.path === from ? { ...tab, path: to } : tab)));
        },
        closeTab: () => {
          const tabs = store.get(tabsAtom);
          const closing = tabs.find((tab) => tab.path === shownPath.current);
          if (!closing) return;
          const neighbour = neighbourAfterClose(tabs, closing.id);
          // The app closes its own tab: whatever it held unsaved is its own decision.
          forgetUnsaved([closing.id]);
          setTabs(tabs.filter((tab) => tab.id !== closing.id));
          // The shown tab closed: show its neighbour, as the tab bar's close button does.
          if (activeRef.current) navigateRef.current(neighbour ? `/${langRef.current}${neighbour.path}` : `/${langRef.current}`);
        },
        setTitle: (title) => setTabs((tabs) => tabs.map((tab) => (tab.path === shownPath.current ? { ...tab, title } : tab))),
        setDirty: (dirty, to) => {
          const route = to !== null && ownsPath(app.prefixPath, to) ? to : shownPath.current;
          const tabs = store.get(tabsAtom);
          const menuId = findMenuByPath(store.get(menuAtom), route)?.id;
          const tab = tabs.find((t) => t.path === route) ?? tabs.find((t) => t.id === menuId);
          if (tab) markUnsaved(tab.id, dirty);
        },
      }),
      onReload: () => {
        console.info(`[shell] ${app.appName} loaded a new page: reconnecting`);
        reconnect();
      },
    });
    connection.promise.then(
      (child) => {
        settle();
        reconnecting.current = false;
        childRef.current = child;
        registerChild(app.id, child);
        setHealth('connected');
        frameConnected();
        if (child.newer || child.missing.length > 0) {
          console.info(
            `[shell] ${app.appName} speaks bridge ${child.hello.version}, this shell ${BRIDGE_VERSION}` +
              (child.missing.length ? `; the app does not offer: ${child.missing.join(', ')}` : ''),
          );
        }
        // A tab opened (or a page replaced) while the app was starting: the frame may show another route.
        if (shownPath.current !== srcPath.current || generation > 0) {
          void child.remote.navigate(shownPath.current).catch(() => undefined);
        }
        // The tab may have moved while the app was starting.
        void child.remote.onContextChange(contextFor(app.id)).catch(() => undefined);
        // setActive follows from the effect below, once the state says connected.
        if (child.supports('ping')) {
          stopHeartbeat = startHeartbeat({
            ping: (sentAt) => child.remote.ping(sentAt),
            onChange: (alive) => {
              if (!alive) console.warn(`[shell] ${app.appName} stopped answering the heartbeat`);
              setHealth(alive ? 'connected' : 'hung');
            },
          });
        }
      },
      (error: unknown) => {
        settle();
        reconnecting.current = false;
        const message = error instanceof Error ? error.message : String(error);
        console.warn(`[shell] ${app.appName} did not connect:`, message);
        if (error instanceof BridgeVersionError) {
          setRemoteVersion(error.remote);
          setHealth('incompatible');
        } else {
          setHealth('noBridge');
        }
      },
    );
    return () => {
      settle();
      stopHeartbeat();
      forgetFrame();
      if (childRef.current) unregisterChild(app.id, childRef.current);
      childRef.current = null;
      connection.destroy();
    };
    // A new connection per frame load (frameKey) or replaced page (generation), not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, frameKey, generation, app.id, app.url, app.appName, app.prefixPath, setBusy, setTabs]);

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
    const child = childRef.current;
    if (health === 'connected' && child?.supports('setActive')) void child.remote.setActive(active).catch(() => undefined);
  }, [active, health]);

  // A screen opened by the keyboard (a search result) takes the focus once it is shown and connected.
  useEffect(() => {
    if (active && health === 'connected' && takeScreenFocus()) frameRef.current?.focus();
  }, [active, health, path]);

  /**
   * The frame finished loading a page. The first load is the one the handshake waits for; a later one
   * means the page was replaced. A bridge page says so by starting a new handshake (onReload); a
   * page without the bridge is found by the old connection no longer answering.
   */
  const onLoad = () => {
    loads.current += 1;
    if (loads.current === 1 || reconnecting.current) return;
    const state = healthRef.current;
    if (state === 'connecting' || state === 'reloaded' || state === 'probing') return;
    const child = childRef.current;
    if (!child) {
      reconnect();
      return;
    }
    if (!child.supports('ping')) return;
    within(child.remote.ping(Date.now()), RELOAD_CHECK_MS).catch(() => {
      if (childRef.current === child) reconnect();
    });
  };

  const retry = () => {
    if (health === 'offline') setHealth('probing');
    else {
      setHealth('connecting');
      load();
    }
  };

  const showFrame = src !== null && health !== 'offline' && health !== 'incompatible';
  return (
    <div className="subapp-frame" data-shown={active} data-app={app.appType} data-health={health}>
      {(health === 'probing' || health === 'connecting') && <Spin className="subapp-loading" />}
      <AppNotice app={app} health={health} remoteVersion={remoteVersion} onRetry={retry} />
      {showFrame && (
        <iframe
          key={frameKey}
          ref={frameRef}
          title={app.appFullName || app.appName}
          src={src}
          sandbox={FRAME_SANDBOX}
          className="subapp-iframe"
          onLoad={onLoad}
          data-testid={`frame-${app.appType}`}
        />
      )}
    </div>
  );
}
