/**
 * The shell ⇄ sub-application contract (DESIGN §6). Within a major version the protocol only grows:
 * a method is never removed or changed incompatibly, only added and announced in `capabilities`.
 */
import type { ApiResult } from '../model/api';
import type { Language } from '../model/languages';
import type { AppShortcut, ShellShortcut } from './shortcuts';

export const BRIDGE_PROTOCOL = 'mes-portal-bridge';
export const BRIDGE_VERSION = '1.4.0';
export const BRIDGE_MAJOR = 1;
/** How long either side waits for the handshake before giving up. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

export type FontSize = 'small' | 'medium' | 'large';
/** The colour theme the shell shows (the user's choice, 'system' already resolved). */
export type Theme = 'light' | 'dark';

export interface BridgeUser {
  id: string;
  account: string;
  nickname: string;
  type: 'admin' | 'staff';
}

/** What a sub-application knows of its surroundings. */
export interface BridgeContext {
  /** The route the app should show, without the language segment, e.g. `/platform/dict`. */
  path: string;
  previousPath: string | null;
  language: Language;
  factoryId: string | null;
  orgCode: string | null;
  user: BridgeUser | null;
  fontSize: FontSize;
  /**
   * The shell's colour theme (since 1.2.0). A shell older than 1.2.0 sends none: the child bridge
   * then fills in 'light', what every older shell shows.
   */
  theme: Theme;
  /** Button and tab permission codes of the current user. */
  permissions: string[];
  /**
   * Whether this frame shows a screen another app opened over the page (`openModal`, since 1.4.0);
   * it ends with `closeModal`. Older shells send none: the child bridge fills in false.
   */
  modal?: boolean;
  /**
   * The tenant's own words for shipped texts (language → namespace → dotted key → text), present
   * when the tenant has any; `version` changes with every edit. Apps using the portal's locales
   * lay them over their shipped texts.
   */
  translations?: { version: string; texts: Partial<Record<string, Partial<Record<string, Record<string, string>>>>> };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface BridgeRequestConfig {
  method?: HttpMethod;
  /** Must start with `/api/`; anything else is refused with code 400. */
  url: string;
  params?: Record<string, string | number | boolean | null | undefined>;
  data?: unknown;
  /** Whether the shell shows the answer's message as a success toast (SPEC §8). */
  showSuccess?: boolean;
  /** Whether the shell shows a failed answer as an error toast; default true. */
  showError?: boolean;
  /**
   * Files sent as multipart/form-data (since 1.1.0); the plain fields of `data` travel as form
   * fields beside them. Blobs cross the frame boundary by structured clone, never as text.
   */
  files?: Record<string, Blob>;
  /** Milliseconds before the shell gives up (since 1.1.0); default 15 s, at most 10 minutes. */
  timeout?: number;
}

export interface NavigateOptions {
  /** Open in a new tab instead of the current one. */
  newTab?: boolean;
  title?: string;
}

export type NotifyType = 'success' | 'info' | 'warning' | 'error';

export interface NotifyOptions {
  type: NotifyType;
  message: string;
}

export interface ConfirmOptions {
  title: string;
  content: string;
  okText?: string;
  cancelText?: string;
}

export interface DownloadOptions extends BridgeRequestConfig {
  filename?: string;
}

export interface ErrorReport {
  message: string;
  stack?: string;
}

/** How a screen opened over the page is shown (since 1.4.0). */
export type ModalSize = 'small' | 'medium' | 'large' | 'full';
export const MODAL_SIZES: readonly ModalSize[] = ['small', 'medium', 'large', 'full'];

export interface ModalOptions {
  /** The dialog's title; default: the menu's name of the path. */
  title?: string;
  /** Default 'large'. */
  size?: ModalSize;
  /** A drawer from the side instead of a dialog in the middle. */
  drawer?: boolean;
}

/** How a screen opened over the page ended: closed with a value it handed back, or dismissed by the user. */
export type ModalOutcome = { done: true; value: unknown } | { done: false };

/** The hello both sides exchange first. */
export interface Hello {
  protocol: typeof BRIDGE_PROTOCOL;
  version: string;
  capabilities: string[];
}

/** Methods the shell offers the child. Every method answers a promise on the child's side. */
export interface HostMethods {
  hello(child: Hello): Hello;
  getContext(): BridgeContext;
  /** Runs an /api call with the shell's token and headers; never rejects for API errors. */
  request(config: BridgeRequestConfig): Promise<ApiResult<unknown>>;
  hasPermission(code: string): boolean;
  navigate(path: string, options?: NavigateOptions): void;
  /** The child's own route changed (so the shell updates its address bar and tab). */
  routeChanged(path: string): void;
  closeTab(): void;
  setTitle(title: string): void;
  notify(options: NotifyOptions): void;
  confirm(options: ConfirmOptions): Promise<boolean>;
  download(options: DownloadOptions): Promise<ApiResult<null>>;
  reportError(report: ErrorReport): void;
  /** One of the shell's shortcuts was pressed inside the frame (since 1.3.0; the child bridge sends it by itself). */
  shortcut(name: ShellShortcut): void;
  /** The app's own shortcuts, listed in the shell's shortcut list while its tab is shown (since 1.3.0). */
  setShortcuts(shortcuts: AppShortcut[]): void;
  /**
   * Whether a screen of the app holds changes not yet saved (since 1.3.0): the shell asks before
   * anything would throw them away (closing its tab, switching factory, organisation or language,
   * logging out, reloading). `path`: the app's route the changes belong to, default the one it shows.
   */
  setDirty(dirty: boolean, path?: string): void;
  /**
   * Opens a route of any app over the whole page, a dialog or a drawer (since 1.4.0). Resolves when it
   * closes: with the value the opened screen handed back (`closeModal`), or `done: false` when the user
   * dismissed it. Rejects when the path is no screen of the user's menu or its app is offline.
   */
  openModal(path: string, options?: ModalOptions): Promise<ModalOutcome>;
  /**
   * In a screen opened by `openModal` (context.modal): closes it, handing `value` (anything structured
   * clone can copy) to the opener (since 1.4.0). Elsewhere it does nothing.
   */
  closeModal(value?: unknown): void;
}

/** Methods the child offers the shell. */
export interface ChildMethods {
  hello(host: Hello): Hello;
  onContextChange(context: BridgeContext): void;
  navigate(path: string): void;
  refresh(): void;
  logout(): void;
  /** Whether the app's tab is the visible one; hidden apps pause polling and timers. */
  setActive(active: boolean): void;
  /** Heartbeat: answers the time it was asked, unchanged. */
  ping(sentAt: number): number;
}

/**
 * The shell's methods and the version each appeared in: the one list that the hello's capabilities
 * and `SINCE` come from (`satisfies` makes a method missing here a type error).
 */
const HOST_METHOD_SINCE = {
  getContext: '1.0.0',
  request: '1.0.0',
  hasPermission: '1.0.0',
  navigate: '1.0.0',
  routeChanged: '1.0.0',
  closeTab: '1.0.0',
  setTitle: '1.0.0',
  notify: '1.0.0',
  confirm: '1.0.0',
  download: '1.0.0',
  reportError: '1.0.0',
  shortcut: '1.3.0',
  setShortcuts: '1.3.0',
  setDirty: '1.3.0',
  openModal: '1.4.0',
  closeModal: '1.4.0',
} as const satisfies Record<Exclude<keyof HostMethods, 'hello'>, string>;

/** The child's methods and the version each appeared in. */
const CHILD_METHOD_SINCE = {
  onContextChange: '1.0.0',
  navigate: '1.0.0',
  refresh: '1.0.0',
  logout: '1.0.0',
  setActive: '1.0.0',
  ping: '1.0.0',
} as const satisfies Record<Exclude<keyof ChildMethods, 'hello'>, string>;

const methodsOf = <M>(since: Record<Exclude<keyof M, 'hello'>, string>) => Object.keys(since) as (keyof M)[];
export const HOST_CAPABILITIES: (keyof HostMethods)[] = methodsOf<HostMethods>(HOST_METHOD_SINCE);
export const CHILD_CAPABILITIES: (keyof ChildMethods)[] = methodsOf<ChildMethods>(CHILD_METHOD_SINCE);

/** Major version of a semver string, or NaN. */
export function majorOf(version: string): number {
  return Number.parseInt(version.split('.')[0] ?? '', 10);
}

/**
 * Parts of the contract that are options of a method or fields of the context rather than methods:
 * a peer cannot announce them in its capabilities, so they are known by the version that introduced them.
 */
export const HOST_FEATURES = ['request.files', 'request.timeout', 'context.theme'] as const;
export type HostFeature = (typeof HOST_FEATURES)[number];

/**
 * When each part of the contract appeared (the version policy: within a major version the protocol
 * only grows; a minor version adds methods, options or context fields, a patch fixes behaviour without changing it).
 */
export const SINCE: Readonly<Record<Exclude<keyof HostMethods | keyof ChildMethods, 'hello'> | HostFeature, string>> = {
  ...HOST_METHOD_SINCE,
  ...CHILD_METHOD_SINCE,
  'request.files': '1.1.0',
  'request.timeout': '1.1.0',
  'context.theme': '1.2.0',
};

/** Compares two `major.minor.patch` versions numerically: negative when a < b, 0 when equal, positive when a > b. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .split(/[.+-]/)
      .slice(0, 3)
      .map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The outcome of comparing this side's hello with the other side's. */
export type Negotiation =
  | {
      ok: true;
      /** Parts this side expected that the other side lacks: methods it did not announce, options its version predates. */
      missing: string[];
      /** Whether the other side speaks a newer minor version (it may expect parts this side lacks). */
      remoteNewer: boolean;
    }
  | { ok: false; error: BridgeVersionError };

/**
 * Version negotiation of the hello: another major version is an error; within the major, every
 * part of `expected` the remote lacks is reported as missing (methods by its capabilities, options
 * by its version), so a newer child works with an older shell and knows what it cannot use.
 */
export function negotiate(localVersion: string, remote: Hello, expected: readonly string[]): Negotiation {
  if (majorOf(remote.version) !== majorOf(localVersion) || Number.isNaN(majorOf(remote.version))) {
    return { ok: false, error: new BridgeVersionError(localVersion, remote.version) };
  }
  const features = HOST_FEATURES as readonly string[];
  const missing = expected.filter((part) => {
    if (features.includes(part)) {
      const since = SINCE[part as HostFeature];
      return compareVersions(remote.version, since) < 0;
    }
    return !remote.capabilities.includes(part);
  });
  return { ok: true, missing, remoteNewer: compareVersions(remote.version, localVersion) > 0 };
}

/** Thrown by the child when it uses a part of the contract the connected shell does not offer. */
export class BridgeUnsupportedError extends Error {
  constructor(
    readonly part: string,
    readonly hostVersion: string,
  ) {
    super(`The portal shell (bridge ${hostVersion}) does not offer "${part}"`);
    this.name = 'BridgeUnsupportedError';
  }
}

/** Thrown on either side when the other speaks another major version. */
export class BridgeVersionError extends Error {
  constructor(
    readonly local: string,
    readonly remote: string,
  ) {
    super(`Bridge protocol mismatch: this side speaks ${local}, the other side ${remote}`);
    this.name = 'BridgeVersionError';
  }
}

/**
 * Only same-site API paths may go through the bridge (SECURITY-TESTS T2.10). The path is checked as
 * a URL parser and a server would read it: `/api/%2e%2e/x` resolves to `/x`, and `%2F` or `%5C`
 * become separators on servers that decode before routing, so a path is allowed only when it is
 * already in normal form under `/api/` and no segment decodes to `.`, `..` or holds a separator.
 */
export function isAllowedApiPath(url: string): boolean {
  if (typeof url !== 'string' || !/^\/api\/[A-Za-z0-9/_.~%-]*(\?.*)?$/.test(url)) return false;
  const path = url.split('?')[0]!;
  if (path.includes('//')) return false;
  for (const segment of path.split('/').slice(2)) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded === '.' || decoded === '..' || /[/\\\u0000-\u001f\u007f]/.test(decoded)) return false;
  }
  // What a browser's URL parser makes of it must be the same path, still under /api/.
  try {
    const base = 'http://bridge.invalid';
    const parsed = new URL(url, base);
    return parsed.origin === base && parsed.pathname === path && parsed.pathname.startsWith('/api/');
  } catch {
    return false;
  }
}

/**
 * The other side's methods as seen from this side: every call answers a promise.
 * (Added with host.ts/child.ts; compatible addition.)
 */
export type Remote<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/**
 * Returns `origin` unchanged if it is exactly an http(s) origin (`scheme://host[:port]`, no path,
 * no trailing slash, no `*`); throws a TypeError otherwise. Both sides of the bridge only ever
 * connect to origins that pass this check, so a wildcard or a pattern can never be configured.
 */
export function exactOrigin(origin: string): string {
  if (typeof origin !== 'string' || origin === '' || origin.includes('*')) {
    throw new TypeError(`Bridge origin must be one exact http(s) origin, got ${JSON.stringify(origin)}`);
  }
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new TypeError(`Bridge origin is not a valid URL: ${JSON.stringify(origin)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`Bridge origin must use http or https: ${JSON.stringify(origin)}`);
  }
  if (url.origin !== origin) {
    throw new TypeError(
      `Bridge origin must be an origin without path, query or trailing slash (did you mean ${JSON.stringify(url.origin)}?): ${JSON.stringify(origin)}`,
    );
  }
  return origin;
}

/** Whether a value is a hello of this protocol (any version). */
export function isHello(value: unknown): value is Hello {
  if (typeof value !== 'object' || value === null) return false;
  const h = value as Record<string, unknown>;
  return (
    h.protocol === BRIDGE_PROTOCOL &&
    typeof h.version === 'string' &&
    Array.isArray(h.capabilities) &&
    h.capabilities.every((c) => typeof c === 'string')
  );
}
