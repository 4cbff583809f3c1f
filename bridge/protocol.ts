/**
 * The shell ⇄ sub-application contract (DESIGN §6). Within a major version the protocol only grows:
 * a method is never removed or changed incompatibly, only added and announced in `capabilities`.
 */
import type { ApiResult } from '../model/api';
import type { Language } from '../model/languages';

export const BRIDGE_PROTOCOL = 'mes-portal-bridge';
export const BRIDGE_VERSION = '1.1.0';
export const BRIDGE_MAJOR = 1;
/** How long either side waits for the handshake before giving up. */
export const HANDSHAKE_TIMEOUT_MS = 10_000;

export type FontSize = 'small' | 'medium' | 'large';

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
  /** Button and tab permission codes of the current user. */
  permissions: string[];
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

export const HOST_CAPABILITIES: (keyof HostMethods)[] = [
  'getContext', 'request', 'hasPermission', 'navigate', 'routeChanged', 'closeTab', 'setTitle',
  'notify', 'confirm', 'download', 'reportError',
];
export const CHILD_CAPABILITIES: (keyof ChildMethods)[] = [
  'onContextChange', 'navigate', 'refresh', 'logout', 'setActive', 'ping',
];

/** Major version of a semver string, or NaN. */
export function majorOf(version: string): number {
  return Number.parseInt(version.split('.')[0] ?? '', 10);
}

/** Thrown on either side when the other speaks another major version. */
export class BridgeVersionError extends Error {
  constructor(readonly local: string, readonly remote: string) {
    super(`Bridge protocol mismatch: this side speaks ${local}, the other side ${remote}`);
    this.name = 'BridgeVersionError';
  }
}

/** Only same-site API paths may go through the bridge. */
export function isAllowedApiPath(url: string): boolean {
  return /^\/api\/[A-Za-z0-9/_.~%-]*(\?.*)?$/.test(url) && !url.includes('..') && !url.includes('//');
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
