/**
 * A sub-application's side of the bridge (DESIGN §6). Framework-free: React apps use bridge/react.ts
 * on top of it, plain pages the standalone script (`window.PortalBridge.connect()`).
 */
import { CallOptions, WindowMessenger, connect, type Methods } from 'penpal';
import type { ApiResult } from '../model/api';
import {
  BRIDGE_MAJOR,
  BRIDGE_PROTOCOL,
  BRIDGE_VERSION,
  BridgeUnsupportedError,
  BridgeVersionError,
  CHILD_CAPABILITIES,
  HANDSHAKE_TIMEOUT_MS,
  HOST_CAPABILITIES,
  HOST_FEATURES,
  exactOrigin,
  isHello,
  majorOf,
  negotiate,
  type BridgeContext,
  type BridgeRequestConfig,
  type ChildMethods,
  type ConfirmOptions,
  type DownloadOptions,
  type ErrorReport,
  type Hello,
  type HostMethods,
  type ModalOptions,
  type ModalOutcome,
  type NavigateOptions,
  type NotifyOptions,
  type Remote,
} from './protocol';
import { cleanAppShortcuts, shellShortcutOf, type AppShortcut } from './shortcuts';

export { BRIDGE_PROTOCOL, BRIDGE_VERSION, BridgeUnsupportedError, BridgeVersionError } from './protocol';
export {
  SHELL_KEYS,
  SHELL_SHORTCUTS,
  chordLabel,
  isTypingTarget,
  matchesChord,
  onApplePlatform,
  shellShortcutOf,
} from './shortcuts';
export type { AppShortcut, KeyChord, ShellShortcut } from './shortcuts';
export type {
  BridgeContext,
  BridgeRequestConfig,
  BridgeUser,
  ConfirmOptions,
  DownloadOptions,
  ErrorReport,
  FontSize,
  Hello,
  HostMethods,
  HttpMethod,
  ModalOptions,
  ModalOutcome,
  ModalSize,
  NavigateOptions,
  NotifyOptions,
  NotifyType,
  Theme,
} from './protocol';

/** The meta tag the server injects into every sub-app page: `<meta name="portal-shell-origin" content="http://host:8080">`. */
export const SHELL_ORIGIN_META = 'portal-shell-origin';

/**
 * Files picked from the app's own file input are read here first: a File backed by the disk may be
 * read only by the frame that picked it, and the browser refuses the shell's upload of it
 * (ERR_ACCESS_DENIED). The copy is an in-memory File with the same name and type.
 */
async function inMemory(files: Record<string, Blob>): Promise<Record<string, Blob>> {
  const out: Record<string, Blob> = {};
  for (const [name, blob] of Object.entries(files)) {
    if (!(blob instanceof Blob)) {
      out[name] = blob;
      continue;
    }
    const bytes = await blob.arrayBuffer();
    out[name] =
      typeof File !== 'undefined' && blob instanceof File
        ? new File([bytes], blob.name, { type: blob.type, lastModified: blob.lastModified })
        : new Blob([bytes], { type: blob.type });
  }
  return out;
}

/** A `{code, msg, data}` answer whose code is not 2xx. */
export class ApiError<T = unknown> extends Error {
  readonly code: number;
  readonly msg: string;
  readonly data: T;
  constructor(code: number, msg: string, data: T) {
    super(msg || `Request failed with code ${code}`);
    this.name = 'ApiError';
    this.code = code;
    this.msg = msg;
    this.data = data;
  }
}

/** The child methods an app may add behaviour to; the bridge answers `hello` and `ping` itself. */
export type ChildHandlers = Omit<ChildMethods, 'hello' | 'ping'>;

/** What `on(event, listener)` hands each listener. */
export interface BridgeEvents {
  context: BridgeContext;
  navigate: string;
  refresh: undefined;
  logout: undefined;
  active: boolean;
}
export type BridgeEventName = keyof BridgeEvents;
export type BridgeListener<E extends BridgeEventName> = (payload: BridgeEvents[E]) => void;

export interface ConnectToHostOptions {
  /** Exact origins of the shell; default: the `content` of `<meta name="portal-shell-origin">`. Never `'*'`. */
  allowedOrigins?: string[];
  /** Handshake timeout (penpal handshake, hello and first getContext), default HANDSHAKE_TIMEOUT_MS. */
  timeout?: number;
  /** Extra behaviour for the calls the shell makes (run after the bridge's own handling). */
  methods?: Partial<ChildHandlers>;
  /** The shell's window; default `window.parent`. */
  remoteWindow?: Window;
  /** Forward `window.onerror` and unhandled rejections to the shell's `reportError`; default true. */
  captureErrors?: boolean;
  /**
   * Told once after the handshake when the shell lacks parts this bridge knows (an older shell);
   * default: a console warning listing them. The same list is `bridge.missing`.
   */
  onMissing?: (missing: string[], hostVersion: string) => void;
  /**
   * Hand the shell's shortcuts (search, next and previous tab, close tab, help, the shortcut list)
   * pressed inside this page to the shell, which the frame's key events never reach; default true.
   */
  shellShortcuts?: boolean;
}

/**
 * The calls a page makes of the shell that take the same arguments wherever they are made: every
 * method of the shell but the hello, the context and permission reads (kept locally) and the
 * shortcut hand-over (made by the bridge itself). The script-tag API forwards exactly these.
 */
export type ShellCall = Exclude<keyof HostMethods, 'hello' | 'getContext' | 'hasPermission' | 'shortcut'>;
const LOCAL: readonly (keyof HostMethods)[] = ['getContext', 'hasPermission', 'shortcut'];
export const SHELL_CALLS = HOST_CAPABILITIES.filter((m) => !LOCAL.includes(m)) as ShellCall[];

export interface ChildBridge {
  /** The latest context (replaced, never mutated, on every change). */
  readonly context: BridgeContext;
  /** Whether the app's tab is the visible one (the last `setActive`; true until told otherwise). */
  readonly active: boolean;
  /** The shell's methods, raw. */
  readonly host: Remote<HostMethods>;
  /** The shell's hello: its version and capabilities. */
  readonly hostHello: Hello;
  /**
   * Parts of the contract this bridge knows and the shell lacks (an older shell): method names, or
   * options such as `request.files`. Calling a missing method rejects with BridgeUnsupportedError.
   * Always set by `connectToHost` (optional only so that test doubles need not list it).
   */
  readonly missing?: readonly string[];
  /** Runs an /api call through the shell; resolves `data` when code is 2xx (202 for queued jobs), otherwise rejects with ApiError. */
  request<T = unknown>(config: BridgeRequestConfig): Promise<T>;
  /** From `context.permissions`, synchronous. */
  hasPermission(code: string): boolean;
  /** Whether the shell offers `part`: a method it announced, or an option its version has (`request.files`). */
  supports(part: keyof HostMethods | (typeof HOST_FEATURES)[number]): boolean;
  navigate(path: string, options?: NavigateOptions): Promise<void>;
  notify(options: NotifyOptions): Promise<void>;
  confirm(options: ConfirmOptions): Promise<boolean>;
  /** Resolves when the shell started the download; rejects with ApiError otherwise. */
  download(options: DownloadOptions): Promise<void>;
  setTitle(title: string): Promise<void>;
  closeTab(): Promise<void>;
  reportError(report: ErrorReport | Error): Promise<void>;
  routeChanged(path: string): Promise<void>;
  /** Lists the app's own shortcuts in the shell's shortcut list (`?`) while its tab is shown; the app handles their keys itself. */
  setShortcuts(shortcuts: AppShortcut[]): Promise<void>;
  /**
   * Tells the shell a screen has unsaved changes (true) or has none any more (false): the shell asks
   * before closing its tab, switching factory, organisation or language, logging out or reloading.
   * `path`: the app's route they belong to, default the one it shows.
   */
  setDirty(dirty: boolean, path?: string): Promise<void>;
  /**
   * Opens a route of any app over the whole page (since 1.4.0); resolves how it ended: `{ done: true,
   * value }` when the opened screen handed a value back, `{ done: false }` when the user dismissed it.
   */
  openModal(path: string, options?: ModalOptions): Promise<ModalOutcome>;
  /** In a screen opened by `openModal` (`context.modal`): closes it, handing `value` to the opener. */
  closeModal(value?: unknown): Promise<void>;
  /** Subscribes to what the shell tells the app; returns the unsubscribe function. */
  on<E extends BridgeEventName>(event: E, listener: BridgeListener<E>): () => void;
  destroy(): void;
}

/** A context from a shell older than 1.2.0 has no theme: it shows the light one; older than 1.4.0, no dialogs. */
export function completeContext(context: BridgeContext): BridgeContext {
  const themed =
    context.theme === 'dark' || context.theme === 'light' ? context : { ...context, theme: 'light' as const };
  return typeof themed.modal === 'boolean' ? themed : { ...themed, modal: false };
}

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/** The shell origin announced by the server in the page, or null. */
export function shellOriginFromDocument(doc: Document | undefined = globalThis.document): string | null {
  const content = doc?.querySelector(`meta[name="${SHELL_ORIGIN_META}"]`)?.getAttribute('content')?.trim();
  return content ? content : null;
}

function unwrap<T>(result: ApiResult<T>): T {
  if (!result || typeof result !== 'object' || typeof result.code !== 'number') {
    throw new ApiError(500, 'Malformed answer from the portal shell', result as unknown);
  }
  // 2xx is success: a 202 (a queued import job) answers its data like a 200.
  if (result.code < 200 || result.code > 299) throw new ApiError(result.code, result.msg, result.data);
  return result.data;
}

/** Connects a sub-application to the portal shell around it. */
export async function connectToHost(options: ConnectToHostOptions = {}): Promise<ChildBridge> {
  const timeout = options.timeout ?? HANDSHAKE_TIMEOUT_MS;
  const metaOrigin = options.allowedOrigins === undefined ? shellOriginFromDocument() : null;
  // The server lists several shell origins comma-separated (SHELL_ORIGIN=a,b).
  const origins = options.allowedOrigins ?? (metaOrigin ? metaOrigin.split(/[\s,]+/).filter(Boolean) : []);
  if (origins.length === 0) {
    throw new Error(
      `connectToHost: no shell origin. Pass allowedOrigins or serve the page with <meta name="${SHELL_ORIGIN_META}" content="http://shell-host:port">`,
    );
  }
  const allowedOrigins = origins.map((o) => exactOrigin(o));
  const remoteWindow = options.remoteWindow ?? (typeof window !== 'undefined' ? window.parent : undefined);
  if (!remoteWindow || (typeof window !== 'undefined' && remoteWindow === window)) {
    throw new Error('connectToHost: this page is not inside the portal shell (no parent window)');
  }

  const childHello: Hello = {
    protocol: BRIDGE_PROTOCOL,
    version: BRIDGE_VERSION,
    capabilities: [...CHILD_CAPABILITIES],
  };
  const user = options.methods ?? {};
  const listeners: { [E in BridgeEventName]: Set<BridgeListener<E>> } = {
    context: new Set(),
    navigate: new Set(),
    refresh: new Set(),
    logout: new Set(),
    active: new Set(),
  };
  const emit = <E extends BridgeEventName>(event: E, payload: BridgeEvents[E]) => {
    for (const listener of [...listeners[event]]) {
      try {
        listener(payload);
      } catch (e) {
        queueMicrotask(() => {
          throw e;
        });
      }
    }
  };

  let context: BridgeContext | null = null;
  let active = true;
  let hostHelloReceived: Hello | null = null;

  const methods: { [K in keyof ChildMethods]: (...args: Parameters<ChildMethods[K]>) => unknown } = {
    hello: (host: Hello): Hello => {
      if (isHello(host)) hostHelloReceived = host;
      return childHello;
    },
    onContextChange: async (received: BridgeContext) => {
      const next = completeContext(received);
      context = next;
      emit('context', next);
      await user.onContextChange?.(next);
    },
    navigate: async (path: string) => {
      emit('navigate', path);
      await user.navigate?.(path);
    },
    refresh: async () => {
      emit('refresh', undefined);
      await user.refresh?.();
    },
    logout: async () => {
      emit('logout', undefined);
      await user.logout?.();
    },
    setActive: async (next: boolean) => {
      active = !!next;
      emit('active', active);
      await user.setActive?.(active);
    },
    ping: (sentAt: number) => sentAt,
  };

  const messenger = new WindowMessenger({ remoteWindow, allowedOrigins });
  const connection = connect({ messenger, methods: methods as unknown as Methods, timeout });
  const raw = (await connection.promise) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  // penpal throws synchronously once the connection is destroyed: always answer a promise.
  const host = new Proxy({} as Remote<HostMethods>, {
    get(_target, prop) {
      if (typeof prop !== 'string' || prop === 'then') return undefined;
      return (...args: unknown[]) => {
        try {
          return raw[prop]!(...args);
        } catch (e) {
          return Promise.reject(e);
        }
      };
    },
  });

  let hostHello: Hello;
  let missing: string[];
  try {
    let answer: unknown;
    try {
      answer = await raw.hello!(childHello, new CallOptions({ timeout }));
    } catch (e) {
      const seen = hostHelloReceived as Hello | null;
      if (seen && majorOf(seen.version) !== BRIDGE_MAJOR) throw new BridgeVersionError(BRIDGE_VERSION, seen.version);
      throw e;
    }
    if (!isHello(answer)) throw new Error(`The parent window did not answer the ${BRIDGE_PROTOCOL} hello`);
    hostHello = { protocol: answer.protocol, version: answer.version, capabilities: [...answer.capabilities] };
    const outcome = negotiate(BRIDGE_VERSION, hostHello, [...HOST_CAPABILITIES, ...HOST_FEATURES]);
    if (!outcome.ok) throw outcome.error;
    missing = outcome.missing;
    if (missing.includes('getContext')) throw new BridgeUnsupportedError('getContext', hostHello.version);
    const fetched = (await raw.getContext!(new CallOptions({ timeout }))) as BridgeContext;
    // A context pushed by onContextChange while getContext was under way is at least as new.
    if (context === null) context = completeContext(fetched);
  } catch (e) {
    connection.destroy();
    throw toError(e);
  }
  if (missing.length > 0) {
    const tell =
      options.onMissing ??
      ((parts: string[], version: string) => {
        console.warn(
          `[portal-bridge] The portal shell speaks bridge ${version}, this page ${BRIDGE_VERSION}; not available: ${parts.join(', ')}`,
        );
      });
    try {
      tell([...missing], hostHello.version);
    } catch {
      /* a failing hook must not break the connection */
    }
  }
  const lacks = (part: string) => missing.includes(part);
  /** Rejects a call of a part the shell lacks before it leaves the page. */
  const needs = (part: string): Promise<never> | null =>
    lacks(part) ? Promise.reject(new BridgeUnsupportedError(part, hostHello.version)) : null;

  let destroyed = false;
  const cleanups: (() => void)[] = [];

  const bridge: ChildBridge = {
    get context() {
      return context as BridgeContext;
    },
    get active() {
      return active;
    },
    host,
    hostHello,
    missing,
    async request<T = unknown>(config: BridgeRequestConfig): Promise<T> {
      await (needs('request') ?? (config?.files && needs('request.files')));
      const sent = config?.files ? { ...config, files: await inMemory(config.files) } : config;
      return unwrap((await host.request(sent)) as ApiResult<T>);
    },
    hasPermission(code: string): boolean {
      return (context?.permissions ?? []).includes(code);
    },
    supports(part): boolean {
      return (HOST_FEATURES as readonly string[]).includes(part) ? !lacks(part) : hostHello.capabilities.includes(part);
    },
    async navigate(path, navigateOptions) {
      await needs('navigate');
      await (navigateOptions === undefined ? host.navigate(path) : host.navigate(path, navigateOptions));
    },
    async notify(notifyOptions) {
      await needs('notify');
      await host.notify(notifyOptions);
    },
    confirm: (confirmOptions) => needs('confirm') ?? host.confirm(confirmOptions),
    async download(downloadOptions) {
      await needs('download');
      unwrap(await host.download(downloadOptions));
    },
    async setTitle(title) {
      await needs('setTitle');
      await host.setTitle(title);
    },
    async closeTab() {
      await needs('closeTab');
      await host.closeTab();
    },
    async reportError(report) {
      await needs('reportError');
      const plain: ErrorReport =
        report instanceof Error
          ? { message: report.message, ...(report.stack ? { stack: report.stack } : {}) }
          : { message: String(report.message), ...(report.stack ? { stack: String(report.stack) } : {}) };
      await host.reportError(plain);
    },
    async routeChanged(path) {
      await needs('routeChanged');
      await host.routeChanged(path);
    },
    async setShortcuts(shortcuts) {
      await needs('setShortcuts');
      await host.setShortcuts(cleanAppShortcuts(shortcuts));
    },
    async setDirty(dirty, path) {
      await needs('setDirty');
      await (path === undefined ? host.setDirty(Boolean(dirty)) : host.setDirty(Boolean(dirty), path));
    },
    openModal: (path, modalOptions) =>
      needs('openModal') ?? (modalOptions === undefined ? host.openModal(path) : host.openModal(path, modalOptions)),
    async closeModal(value) {
      await needs('closeModal');
      await (value === undefined ? host.closeModal() : host.closeModal(value));
    },
    on<E extends BridgeEventName>(event: E, listener: BridgeListener<E>): () => void {
      const set = listeners[event] as Set<BridgeListener<E>> | undefined;
      if (!set) throw new TypeError(`Unknown bridge event: ${String(event)}`);
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
      for (const set of Object.values(listeners)) set.clear();
      connection.destroy();
    },
  };

  if (options.captureErrors !== false && typeof window !== 'undefined') {
    cleanups.push(captureErrors(bridge));
  }
  if (options.shellShortcuts !== false && !lacks('shortcut') && typeof window !== 'undefined') {
    cleanups.push(forwardShortcuts(bridge));
  }
  return bridge;
}

/** Hands the shell's shortcuts pressed in this page to the shell (before the page's own handlers see them). */
function forwardShortcuts(bridge: ChildBridge): () => void {
  const onKey = (e: KeyboardEvent) => {
    const name = shellShortcutOf(e);
    if (!name) return;
    e.preventDefault();
    e.stopPropagation();
    bridge.host.shortcut(name).catch(() => {
      /* the shell is gone: nothing to do */
    });
  };
  window.addEventListener('keydown', onKey, true);
  return () => window.removeEventListener('keydown', onKey, true);
}

/** At most this many error reports per window of REPORT_WINDOW_MS, so a failing timer cannot flood the shell. */
const MAX_REPORTS = 10;
const REPORT_WINDOW_MS = 10_000;

function captureErrors(bridge: ChildBridge): () => void {
  let windowStart = 0;
  let count = 0;
  const send = (report: ErrorReport) => {
    const now = Date.now();
    if (now - windowStart > REPORT_WINDOW_MS) {
      windowStart = now;
      count = 0;
    }
    if (++count > MAX_REPORTS) return;
    bridge.reportError(report).catch(() => {
      /* the shell is gone or refused: nothing more to do */
    });
  };
  const describe = (value: unknown, fallback: string): ErrorReport => {
    if (value instanceof Error)
      return { message: value.message || fallback, ...(value.stack ? { stack: value.stack } : {}) };
    if (typeof value === 'string' && value) return { message: value };
    return { message: fallback };
  };
  const onError = (event: Event) => {
    const e = event as ErrorEvent;
    send(
      e.error !== undefined && e.error !== null
        ? describe(e.error, e.message || 'Script error')
        : { message: e.message || 'Script error' },
    );
  };
  const onRejection = (event: Event) => {
    send(describe((event as PromiseRejectionEvent).reason, 'Unhandled promise rejection'));
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
