import {
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type MutableRefObject,
  type RefObject,
  type SetStateAction,
} from 'react';
import { useSetAtom } from 'jotai';
import { connectChild, originOf, type ConnectedChild } from '../../bridge/host';
import { BRIDGE_VERSION, BridgeVersionError } from '../../bridge/protocol';
import { busyAtom, type AppState } from '../state/atoms';
import { registerChild, unregisterChild } from './children';
import { contextFor, setAppRoute } from './context';
import { hostHandlers, type HostDeps } from './hostHandlers';
import { frameConnected } from './firstScreen';
import { registerFrame } from './refused';
import { RELOAD_CHECK_MS, startHeartbeat, within, type AppHealth } from './health';

export interface FrameConnectionArgs {
  app: AppState;
  frameRef: RefObject<HTMLIFrameElement | null>;
  /** The page the frame loads (null before the probe let it load), and a counter bumped by each load. */
  src: string | null;
  frameKey: number;
  /** The app's route the frame shows, and the one its page was loaded with. */
  shownPath: MutableRefObject<string>;
  srcPath: MutableRefObject<string>;
  /** The route the shell shows in this frame now. */
  path: string;
  active: boolean;
  /** The handlers' access to the frame's tab (read when a connection is made). */
  deps: () => Omit<HostDeps, 'modal'>;
  health: AppHealth;
  setHealth: Dispatch<SetStateAction<AppHealth>>;
  /** The app's bridge version when it cannot be spoken with. */
  setRemoteVersion: (version: string) => void;
}

export interface FrameConnection {
  /** The frame finished loading a page (its `onLoad`). */
  onLoad: () => void;
  /** A fresh load of the frame begins (a first load or a retry). */
  loading: () => void;
}

/**
 * The bridge connection of one frame: connected with a timeout, registered for broadcasts, watched
 * by a heartbeat, reconnected when the frame's page is replaced (DESIGN §6), and kept told of the
 * route the shell shows in it and whether its tab is the visible one.
 */
export function useFrameConnection(args: FrameConnectionArgs): FrameConnection {
  const { app, frameRef, src, frameKey, shownPath, srcPath, path, active, health, setHealth } = args;
  const setBusy = useSetAtom(busyAtom);
  const latest = useRef(args);
  latest.current = args;
  const childRef = useRef<ConnectedChild | null>(null);
  /** Each new value connects again to the same frame (its page was replaced). */
  const [generation, setGeneration] = useState(0);
  const loads = useRef(0);
  /** Set from the moment a reconnection is decided until it settled (events arrive faster than renders). */
  const reconnecting = useRef(false);

  const reconnect = () => {
    if (reconnecting.current) return;
    reconnecting.current = true;
    setHealth('reloaded');
    setGeneration((n) => n + 1);
  };

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
    // An app found offline while this effect waited to run stays offline (its frame is going).
    setHealth((h) => (h === 'reloaded' || h === 'offline' ? h : 'connecting'));
    setBusy((n) => n + 1);
    let settled = false;
    const settle = () => {
      if (!settled) {
        settled = true;
        setBusy((n) => n - 1);
      }
    };
    let stopHeartbeat = () => {};
    const forgetFrame = registerFrame(frame.contentWindow, origin);
    const connection = connectChild({
      remoteWindow: frame.contentWindow,
      origin,
      methods: hostHandlers(latest.current.deps()),
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
        frameConnected(src, latest.current.active);
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
          latest.current.setRemoteVersion(error.remote);
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
  }, [src, frameKey, generation, app.id, app.url, app.appName, app.prefixPath, setBusy]);

  useEffect(() => {
    setAppRoute(app.id, path);
    if (shownPath.current === path) return;
    shownPath.current = path;
    const child = childRef.current;
    if (!child) return;
    void child.remote.navigate(path).catch(() => undefined);
    // The context carries path and previousPath, so listeners of either event see the move.
    void child.remote.onContextChange(contextFor(app.id)).catch(() => undefined);
  }, [app.id, path, shownPath]);

  useEffect(() => {
    const child = childRef.current;
    if (health === 'connected' && child?.supports('setActive'))
      void child.remote.setActive(active).catch(() => undefined);
  }, [active, health]);

  return {
    /**
     * The first load is the one the handshake waits for; a later one means the page was replaced. A
     * bridge page says so by starting a new handshake (onReload); a page without the bridge is found
     * by the old connection no longer answering.
     */
    onLoad: () => {
      loads.current += 1;
      if (loads.current === 1 || reconnecting.current) return;
      const state = latest.current.health;
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
    },
    loading: () => {
      reconnecting.current = false;
      loads.current = 0;
    },
  };
}
