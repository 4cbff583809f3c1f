/**
 * The script-tag API (`window.PortalBridge`): the same calls and types as the React hooks, for pages
 * without a framework or a build. Every call waits for the page's one connection (made on first use).
 *
 *   hook                  global
 *   BridgeProvider        PortalBridge.connect(options)  (optional: any call below connects)
 *   useBridge()           PortalBridge.connect()  → the ChildBridge
 *   useBridgeContext()    PortalBridge.onContext(listener) / PortalBridge.getContext()
 *   usePermission(code)   PortalBridge.hasPermission(code)
 *   useActive()           PortalBridge.onActive(listener)
 *   useBridgeRequest()    PortalBridge.request(config)
 */
import {
  ApiError,
  BRIDGE_PROTOCOL,
  BRIDGE_VERSION,
  BridgeUnsupportedError,
  BridgeVersionError,
  type BridgeEventName,
  type BridgeListener,
  SHELL_CALLS,
  type ChildBridge,
  type ConnectToHostOptions,
  type ShellCall,
} from './child';
import type { BridgeContext } from './protocol';

/** The connection's calls of the shell (`ShellCall`: request, navigate, notify, setDirty, openModal …), each waiting for the connection. */
export interface PortalBridgeGlobal extends Pick<ChildBridge, ShellCall> {
  readonly version: string;
  readonly protocol: string;
  /** Connects once per page; later calls (and every call below) share that connection. Options count on the first call only. */
  connect(options?: ConnectToHostOptions): Promise<ChildBridge>;
  /** Destroys the page's connection; the next call connects again. */
  reset(): void;
  /** The connected bridge, or null before the connection is made. */
  readonly bridge: ChildBridge | null;
  /** The latest context (useBridgeContext). */
  getContext(): Promise<BridgeContext>;
  /** Calls `listener` with the context as soon as connected, then on every change; returns the unsubscribe function. */
  onContext(listener: (context: BridgeContext) => void): () => void;
  /** Whether the user holds a permission code, from the context (usePermission). */
  hasPermission(code: string): Promise<boolean>;
  /** Calls `listener` with the tab's visibility as soon as connected, then on every change (useActive). */
  onActive(listener: (active: boolean) => void): () => void;
  /** Subscribes to what the shell tells the page: context, navigate, refresh, logout, active. */
  on<E extends BridgeEventName>(event: E, listener: BridgeListener<E>): () => void;
  readonly ApiError: typeof ApiError;
  readonly BridgeVersionError: typeof BridgeVersionError;
  readonly BridgeUnsupportedError: typeof BridgeUnsupportedError;
}

/** Each `ShellCall`, made on the connected bridge with the arguments it was given. */
function forwarded(
  withBridge: <T>(use: (bridge: ChildBridge) => T | Promise<T>) => Promise<T>,
): Pick<ChildBridge, ShellCall> {
  const calls = SHELL_CALLS.map((name) => [
    name,
    (...args: unknown[]) => withBridge((b) => (b[name] as (...a: unknown[]) => unknown)(...args)),
  ]);
  return Object.fromEntries(calls) as Pick<ChildBridge, ShellCall>;
}

export interface BridgeSource {
  get(options?: ConnectToHostOptions): Promise<ChildBridge>;
  reset(): void;
  current(): ChildBridge | null;
}

/** Builds the global API over a shared connection (bridge/shared.ts in the script build). */
export function createPortalBridgeGlobal(source: BridgeSource): PortalBridgeGlobal {
  const withBridge = <T>(use: (bridge: ChildBridge) => T | Promise<T>): Promise<T> => source.get().then(use);
  /** Subscribes once connected; the returned function also cancels a subscription not made yet. */
  const subscribe = (attach: (bridge: ChildBridge) => () => void): (() => void) => {
    let off: (() => void) | null = null;
    let cancelled = false;
    source.get().then(
      (bridge) => {
        if (!cancelled) off = attach(bridge);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      off?.();
    };
  };
  return {
    version: BRIDGE_VERSION,
    protocol: BRIDGE_PROTOCOL,
    connect: (options) => source.get(options),
    reset: () => source.reset(),
    get bridge() {
      return source.current();
    },
    getContext: () => withBridge((b) => b.context),
    onContext: (listener) =>
      subscribe((b) => {
        const off = b.on('context', listener);
        listener(b.context);
        return off;
      }),
    hasPermission: (code) => withBridge((b) => b.hasPermission(code)),
    onActive: (listener) =>
      subscribe((b) => {
        const off = b.on('active', listener);
        listener(b.active);
        return off;
      }),
    on: (event, listener) => subscribe((b) => b.on(event, listener)),
    ...forwarded(withBridge),
    ApiError,
    BridgeVersionError,
    BridgeUnsupportedError,
  };
}
