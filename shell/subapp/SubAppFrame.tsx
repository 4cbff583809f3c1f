import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spin } from '@arco-design/web-react';
import type { AppState } from '../state/atoms';
import { useLanguage } from '../hooks/useLanguage';
import { probe, probeShared } from './probe';
import { frameUrl } from './appRoutes';
import type { AppHealth } from './health';
import { AppNotice } from './AppNotice';
import { takeScreenFocus } from './screenFocus';
import { useFrameConnection } from './useFrameConnection';
import { frameTabDeps } from './frameTabs';
import { FRAME_SANDBOX } from './sandbox';
import { adoptPrewarmed, isPrewarmed } from './prewarm';

/**
 * One sub-app's iframe: probed before it loads (an app that does not answer shows a notice), then
 * joined to the shell by its connection (useFrameConnection), its handlers acting on its tab (frameTabs).
 */
export function SubAppFrame({ app, path, active }: { app: AppState; path: string; active: boolean }) {
  const lang = useLanguage();
  const navigate = useNavigate();
  const frameRef = useRef<HTMLIFrameElement>(null);
  const shownPath = useRef(path);
  const langRef = useRef(lang);
  langRef.current = lang;
  const activeRef = useRef(active);
  activeRef.current = active;
  // useNavigate changes with every location; the connection must outlive navigations.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // A frame a login loaded ahead for this very URL is taken in as this one mounts: its first load has begun.
  const [ahead] = useState(() => {
    const url = frameUrl(app.url, path);
    return isPrewarmed(url) ? url : null;
  });
  // The first load starts as the frame mounts; 'probing' is a retry's probe.
  const [health, setHealth] = useState<AppHealth>('connecting');
  const [remoteVersion, setRemoteVersion] = useState<string | null>(null);
  // The frame's first route is loaded with it; later routes travel through the bridge.
  const [src, setSrc] = useState<string | null>(ahead);
  const srcPath = useRef(path);
  /** Each new value loads the frame afresh (a retry). */
  const [frameKey, setFrameKey] = useState(ahead ? 1 : 0);
  /** Whether this load takes in the frame loaded ahead, rather than rendering its own. */
  const [adopting, setAdopting] = useState(Boolean(ahead));
  const slotRef = useRef<HTMLDivElement>(null);

  const load = () => {
    connection.loading();
    srcPath.current = shownPath.current;
    // Any load but the one a frame loaded ahead stands for renders its own frame.
    setAdopting(false);
    setSrc(frameUrl(app.url, shownPath.current));
    setFrameKey((n) => n + 1);
  };

  // An app that does not answer shows the offline notice instead of a broken frame. The first load
  // does not wait for the probe (the registry's own, under way since the menu came): the frame loads
  // beside it and gives way to the notice should the probe fail.
  const healthRef = useRef(health);
  healthRef.current = health;
  useEffect(() => {
    if (!ahead) load();
    void probeShared(app.url).then((online) => {
      if (online || healthRef.current === 'connected') return;
      setSrc(null);
      setHealth('offline');
    });
    // Once, as the frame mounts; `load` reads refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A retry of an offline app probes afresh, then loads.
  useEffect(() => {
    if (health !== 'probing') return;
    let live = true;
    void probe(app.url).then((online) => {
      if (!live) return;
      if (online) {
        setHealth('connecting');
        load();
      } else {
        setHealth('offline');
      }
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [health, app.url]);

  const connection = useFrameConnection({
    app,
    frameRef,
    src,
    frameKey,
    shownPath,
    srcPath,
    path,
    active,
    health,
    setHealth,
    setRemoteVersion,
    deps: () =>
      frameTabDeps({
        app,
        shownPath,
        isActive: () => activeRef.current,
        navigate: (to, opts) => navigateRef.current(`/${langRef.current}${to}`, { replace: Boolean(opts.replace) }),
      }),
  });

  // A screen opened by the keyboard (a search result) takes the focus once it is shown and connected.
  useEffect(() => {
    if (active && health === 'connected' && takeScreenFocus()) frameRef.current?.focus();
  }, [active, health, path]);

  // The frame loaded ahead is moved into this one's place before the connection looks for it.
  const onLoad = useRef(connection.onLoad);
  onLoad.current = connection.onLoad;
  useLayoutEffect(() => {
    const slot = slotRef.current;
    if (!adopting || !slot || !src) return;
    const taken = adoptPrewarmed(src, slot);
    if (!taken) {
      // Gone since the load began: load as any frame does.
      load();
      return;
    }
    frameRef.current = taken.frame;
    taken.frame.dataset.testid = `frame-${app.appType}`;
    const loaded = () => onLoad.current();
    taken.frame.addEventListener('load', loaded);
    if (taken.loaded) loaded();
    return () => taken.frame.removeEventListener('load', loaded);
    // Once per load: the frame is taken in when its slot first renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [adopting, frameKey]);
  const title = app.appFullName || app.appName;
  useEffect(() => {
    if (adopting && frameRef.current) frameRef.current.title = title;
  }, [adopting, title]);

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
      {showFrame && adopting && <div ref={slotRef} className="subapp-slot" />}
      {showFrame && !adopting && (
        <iframe
          key={frameKey}
          ref={frameRef}
          title={title}
          src={src}
          sandbox={FRAME_SANDBOX}
          className="subapp-iframe"
          onLoad={connection.onLoad}
          data-testid={`frame-${app.appType}`}
        />
      )}
    </div>
  );
}
