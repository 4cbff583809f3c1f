/**
 * React binding of the child bridge: one connection per page (StrictMode's double mount included),
 * a provider that waits for it, and hooks that re-render on what the shell tells the app.
 */
import {
  createContext,
  createElement,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { BridgeContext, BridgeRequestConfig } from './protocol';
import type { ChildBridge, ConnectToHostOptions } from './child';
import { getBridge, resetBridge, settledBridge } from './shared';

export { getBridge, resetBridge };

const BridgeReactContext = createContext<ChildBridge | null>(null);

export interface BridgeProviderProps {
  children?: ReactNode;
  /** Shown while connecting; default nothing. */
  fallback?: ReactNode;
  /** Shown when the connection failed; default: the error is thrown to the nearest error boundary. */
  errorFallback?: (error: Error) => ReactNode;
  /** Used by the first connection of the page only. */
  options?: ConnectToHostOptions;
}

type ProviderState =
  { status: 'pending' } | { status: 'ready'; bridge: ChildBridge } | { status: 'error'; error: Error };

function currentState(): ProviderState {
  const settled = settledBridge();
  if (!settled) return { status: 'pending' };
  return 'bridge' in settled ? { status: 'ready', bridge: settled.bridge } : { status: 'error', error: settled.error };
}

/** Connects once and renders `children` with the bridge available to the hooks below. */
export function BridgeProvider({ children, fallback = null, errorFallback, options }: BridgeProviderProps): ReactNode {
  const [state, setState] = useState<ProviderState>(currentState);

  useEffect(() => {
    let live = true;
    getBridge(options).then(
      (bridge) => {
        if (live) setState({ status: 'ready', bridge });
      },
      (e: unknown) => {
        if (live) setState({ status: 'error', error: e instanceof Error ? e : new Error(String(e)) });
      },
    );
    return () => {
      live = false;
    };
    // Connect once per page: later option changes are ignored on purpose.
  }, []);

  if (state.status === 'error') {
    if (errorFallback) return errorFallback(state.error);
    throw state.error;
  }
  if (state.status === 'pending') return fallback;
  return createElement(BridgeReactContext.Provider, { value: state.bridge }, children);
}

/**
 * Provides a bridge that is already connected, or a stand-in with the same interface (component
 * tests); the hooks below then work without a shell around the page.
 */
export function BridgeValueProvider({ bridge, children }: { bridge: ChildBridge; children?: ReactNode }): ReactNode {
  return createElement(BridgeReactContext.Provider, { value: bridge }, children);
}

/** The connected bridge; only inside a BridgeProvider. */
export function useBridge(): ChildBridge {
  const bridge = useContext(BridgeReactContext);
  if (!bridge) throw new Error('useBridge must be used inside <BridgeProvider>');
  return bridge;
}

/** The latest context; re-renders when the shell changes it. */
export function useBridgeContext(): BridgeContext {
  const bridge = useBridge();
  const subscribe = useCallback((notify: () => void) => bridge.on('context', notify), [bridge]);
  return useSyncExternalStore(
    subscribe,
    () => bridge.context,
    () => bridge.context,
  );
}

/** Whether the current user holds the permission code (re-renders when the context changes). */
export function usePermission(code: string): boolean {
  return useBridgeContext().permissions.includes(code);
}

/** Whether the app's tab is the visible one; hidden apps should pause polling and timers. */
export function useActive(): boolean {
  const bridge = useBridge();
  const subscribe = useCallback((notify: () => void) => bridge.on('active', notify), [bridge]);
  return useSyncExternalStore(
    subscribe,
    () => bridge.active,
    () => bridge.active,
  );
}

/** A stable `request` function: resolves `data` on code 200, otherwise rejects with ApiError. */
export function useBridgeRequest(): <T = unknown>(config: BridgeRequestConfig) => Promise<T> {
  const bridge = useBridge();
  return useCallback(<T = unknown>(config: BridgeRequestConfig) => bridge.request<T>(config), [bridge]);
}
