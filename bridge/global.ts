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
  type ChildBridge,
  type ConnectToHostOptions,
} from './child';
import type {
  BridgeContext,
  BridgeRequestConfig,
  ConfirmOptions,
  DownloadOptions,
  ErrorReport,
  ModalOptions,
  ModalOutcome,
  NavigateOptions,
  NotifyOptions,
} from './protocol';
import type { AppShortcut } from './shortcuts';

export interface PortalBridgeGlobal {
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
  /** Runs an /api call through the shell: resolves `data` on a 2xx code (202 for queued jobs), otherwise rejects with ApiError (useBridgeRequest). */
  request<T = unknown>(config: BridgeRequestConfig): Promise<T>;
  navigate(path: string, options?: NavigateOptions): Promise<void>;
  /** The page's own route changed (the shell replaces its address bar entry). */
  routeChanged(path: string): Promise<void>;
  notify(options: NotifyOptions): Promise<void>;
  confirm(options: ConfirmOptions): Promise<boolean>;
  download(options: DownloadOptions): Promise<void>;
  setTitle(title: string): Promise<void>;
  closeTab(): Promise<void>;
  reportError(report: ErrorReport | Error): Promise<void>;
  /** Lists the page's own shortcuts in the shell's shortcut list (`?`) while its tab is shown (since 1.3.0). */
  setShortcuts(shortcuts: AppShortcut[]): Promise<void>;
  /** The page has unsaved changes (true) or none any more (false): the shell asks before throwing them away (since 1.3.0). */
  setDirty(dirty: boolean, path?: string): Promise<void>;
  /** Opens a route of any app over the page; resolves `{ done: true, value }` or `{ done: false }` when it closes (since 1.4.0). */
  openModal(path: string, options?: ModalOptions): Promise<ModalOutcome>;
  /** In a screen opened by openModal: closes it, handing `value` to the opener (since 1.4.0). */
  closeModal(value?: unknown): Promise<void>;
  readonly ApiError: typeof ApiError;
  readonly BridgeVersionError: typeof BridgeVersionError;
  readonly BridgeUnsupportedError: typeof BridgeUnsupportedError;
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
    request: <T = unknown>(config: BridgeRequestConfig) => withBridge((b) => b.request<T>(config)),
    navigate: (path, options) => withBridge((b) => b.navigate(path, options)),
    routeChanged: (path) => withBridge((b) => b.routeChanged(path)),
    notify: (options) => withBridge((b) => b.notify(options)),
    confirm: (options) => withBridge((b) => b.confirm(options)),
    download: (options) => withBridge((b) => b.download(options)),
    setTitle: (title) => withBridge((b) => b.setTitle(title)),
    closeTab: () => withBridge((b) => b.closeTab()),
    reportError: (report) => withBridge((b) => b.reportError(report)),
    setShortcuts: (shortcuts) => withBridge((b) => b.setShortcuts(shortcuts)),
    setDirty: (dirty, path) => withBridge((b) => b.setDirty(dirty, path)),
    openModal: (path, options) => withBridge((b) => b.openModal(path, options)),
    closeModal: (value) => withBridge((b) => b.closeModal(value)),
    ApiError,
    BridgeVersionError,
    BridgeUnsupportedError,
  };
}
