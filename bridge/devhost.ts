/**
 * A minimal portal shell for sub-app teams (`npm run bridge:host -- <url>`) and the host of the
 * conformance check (`npm run bridge:check -- <url>`): frames one app, connects to it exactly as the
 * shell does, answers with a fake user, permissions and API answers, and logs every bridge call with
 * its latency. Built into one script by scripts/bridge-host.mjs; never part of the portal itself.
 */
import type { ApiResult } from '../model/api';
import { connectChild, originOf, type ConnectedChild, type HostHandlers, type HostMethodName } from './host';
import {
  BRIDGE_VERSION,
  type BridgeContext,
  type BridgeRequestConfig,
  type ChildMethods,
  type FontSize,
  type ModalOutcome,
  type Theme,
} from './protocol';

export interface DevHostConfig {
  /** The app page to frame. */
  appUrl: string;
  /** The context the app is given (user, permissions, language, font size …). */
  context: BridgeContext;
  /** Answers of `request`, by `METHOD /api/path` (without query); others answer code 200 with data null. */
  fixtures: Record<string, ApiResult<unknown>>;
  /** Handshake timeout in ms. */
  timeout: number;
  /** What `confirm` answers; default: ask with window.confirm. */
  confirmAnswer?: boolean;
  /** Where log lines also go (the terminal of bridge:host); default: the browser console only. */
  logUrl?: string;
}

export interface DevHostLogEntry {
  at: number;
  /** `child→host` for calls the app made, `host→child` for calls the host made, `info` for the rest. */
  direction: 'child→host' | 'host→child' | 'info';
  method: string;
  detail: string;
  ms: number | null;
  ok: boolean;
}

export interface DevHost {
  readonly log: DevHostLogEntry[];
  /** How often the app called each host method. */
  readonly calls: Record<string, number>;
  readonly status: 'connecting' | 'connected' | 'failed';
  readonly error: string | null;
  readonly child: ConnectedChild | null;
  readonly ready: Promise<ConnectedChild | null>;
  /** The paths the app reported with routeChanged and asked for with navigate. */
  readonly routes: string[];
  /** Calls one of the app's methods, logged with its latency; resolves whether it answered. */
  callChild<K extends Exclude<keyof ChildMethods, 'hello'>>(
    method: K,
    ...args: Parameters<ChildMethods[K]>
  ): Promise<{ ok: boolean; ms: number; value?: unknown; error?: string }>;
  /** Changes the context and tells the app (onContextChange). */
  changeContext(patch: Partial<BridgeContext>): Promise<{ ok: boolean; ms: number; error?: string }>;
}

function describe(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? '' : text.length > 160 ? `${text.slice(0, 157)}...` : text;
  } catch {
    return String(value);
  }
}

/** The fake answer of an /api call: a fixture, else code 200 with data null. */
export function fakeAnswer(
  fixtures: Record<string, ApiResult<unknown>>,
  config: BridgeRequestConfig,
): ApiResult<unknown> {
  const key = `${config.method ?? 'GET'} ${config.url.split('?')[0]}`;
  return fixtures[key] ?? { code: 200, msg: 'bridge:host fake answer', data: null };
}

/** Starts the dev host in `root`: the control bar, the log and the app's frame. */
export function startDevHost(root: HTMLElement, config: DevHostConfig): DevHost {
  const log: DevHostLogEntry[] = [];
  const calls: Record<string, number> = {};
  const routes: string[] = [];
  let context: BridgeContext = { ...config.context };
  let status: DevHost['status'] = 'connecting';
  let error: string | null = null;
  let child: ConnectedChild | null = null;

  const logList = document.createElement('ol');
  logList.className = 'log';
  const statusLine = document.createElement('div');
  statusLine.className = 'status';
  const toast = document.createElement('div');
  toast.className = 'toast';

  const write = (entry: Omit<DevHostLogEntry, 'at'>) => {
    const full: DevHostLogEntry = { at: Date.now(), ...entry };
    log.push(full);
    const ms = full.ms === null ? '' : ` ${full.ms.toFixed(1)} ms`;
    const line = `${full.direction} ${full.method}${full.detail ? ` ${full.detail}` : ''}${ms}${full.ok ? '' : ' FAILED'}`;
    console.log(`[bridge:host] ${line}`);
    const item = document.createElement('li');
    item.textContent = line;
    if (!full.ok) item.className = 'failed';
    logList.prepend(item);
    if (config.logUrl) {
      void fetch(config.logUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(full),
      }).catch(() => undefined);
    }
  };
  const setStatus = (next: DevHost['status'], text: string) => {
    status = next;
    statusLine.textContent = text;
    statusLine.dataset.status = next;
  };

  /** Wraps a handler: counts the call and logs its arguments, answer and latency. */
  const logged =
    <A extends unknown[], R>(method: HostMethodName, fn: (...args: A) => R | Promise<R>) =>
    async (...args: A): Promise<R> => {
      calls[method] = (calls[method] ?? 0) + 1;
      const started = performance.now();
      try {
        const value = await fn(...args);
        write({
          direction: 'child→host',
          method,
          detail: `${describe(args).slice(1, -1)}${value === undefined ? '' : ` → ${describe(value)}`}`,
          ms: performance.now() - started,
          ok: true,
        });
        return value;
      } catch (e) {
        write({
          direction: 'child→host',
          method,
          detail: `${describe(args).slice(1, -1)} → ${e instanceof Error ? e.message : String(e)}`,
          ms: performance.now() - started,
          ok: false,
        });
        throw e;
      }
    };

  const showToast = (text: string) => {
    toast.textContent = text;
    toast.hidden = false;
    setTimeout(() => {
      toast.hidden = true;
    }, 3000);
  };

  const handlers: HostHandlers = {
    getContext: logged('getContext', () => context),
    request: logged('request', (cfg: BridgeRequestConfig) => fakeAnswer(config.fixtures, cfg)),
    hasPermission: logged('hasPermission', (code: string) => context.permissions.includes(code)),
    navigate: logged('navigate', (path: string) => {
      routes.push(path);
    }),
    routeChanged: logged('routeChanged', (path: string) => {
      routes.push(path);
    }),
    closeTab: logged('closeTab', () => undefined),
    setTitle: logged('setTitle', (title: string) => {
      document.title = `${title} · bridge:host`;
    }),
    notify: logged('notify', (n: { type: string; message: string }) => {
      showToast(`${n.type}: ${n.message}`);
    }),
    confirm: logged(
      'confirm',
      (c: { title: string; content: string }) => config.confirmAnswer ?? window.confirm(`${c.title}\n\n${c.content}`),
    ),
    download: logged('download', (): ApiResult<null> => ({ code: 200, msg: '', data: null })),
    reportError: logged('reportError', () => undefined),
    shortcut: logged('shortcut', (name: string) => {
      showToast(`shortcut: ${name}`);
    }),
    setShortcuts: logged('setShortcuts', () => undefined),
    setDirty: logged('setDirty', () => undefined),
    // The dev host shows one app: a dialog of another is answered as dismissed, and logged.
    openModal: logged('openModal', (): ModalOutcome => ({ done: false })),
    closeModal: logged('closeModal', () => undefined),
  };

  const frame = document.createElement('iframe');
  frame.className = 'app';
  frame.src = config.appUrl;
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads');
  frame.title = 'app';

  const callChild: DevHost['callChild'] = async (method, ...args) => {
    const started = performance.now();
    if (!child) return { ok: false, ms: 0, error: 'not connected' };
    try {
      const remote = child.remote as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
      const value = await remote[method]!(...args);
      const ms = performance.now() - started;
      write({ direction: 'host→child', method, detail: describe(args).slice(1, -1), ms, ok: true });
      return { ok: true, ms, value };
    } catch (e) {
      const ms = performance.now() - started;
      const message = e instanceof Error ? e.message : String(e);
      write({ direction: 'host→child', method, detail: `${describe(args).slice(1, -1)} → ${message}`, ms, ok: false });
      return { ok: false, ms, error: message };
    }
  };

  const changeContext: DevHost['changeContext'] = async (patch) => {
    const moved = patch.path !== undefined && patch.path !== context.path;
    context = { ...context, ...(moved ? { previousPath: context.path } : {}), ...patch };
    const result = await callChild('onContextChange', context);
    return { ok: result.ok, ms: result.ms, ...(result.error ? { error: result.error } : {}) };
  };

  const controls = buildControls(context, { callChild, changeContext });
  const main = document.createElement('div');
  main.className = 'main';
  main.append(frame, logList);
  root.append(controls, statusLine, main, toast);
  toast.hidden = true;

  setStatus('connecting', `Connecting to ${config.appUrl} …`);
  const started = performance.now();
  const connection = connectChild({
    remoteWindow: frame.contentWindow as Window,
    origin: originOf(config.appUrl),
    methods: handlers,
    timeout: config.timeout,
    onRefused: (origin) =>
      write({
        direction: 'info',
        method: 'refused',
        detail: `a page on ${origin} tried to connect`,
        ms: null,
        ok: false,
      }),
    onReload: () =>
      write({
        direction: 'info',
        method: 'reload',
        detail: 'the frame loaded a new page (reload the dev host to reconnect)',
        ms: null,
        ok: true,
      }),
  });
  const ready = connection.promise.then(
    (connected) => {
      child = connected;
      const ms = performance.now() - started;
      const missing = connected.missing.length ? `; it does not offer ${connected.missing.join(', ')}` : '';
      setStatus(
        'connected',
        `Connected: the app speaks bridge ${connected.hello.version} (this host ${BRIDGE_VERSION})${missing}`,
      );
      write({
        direction: 'info',
        method: 'handshake',
        detail: `app ${connected.hello.version}, capabilities ${connected.hello.capabilities.join(', ')}`,
        ms,
        ok: true,
      });
      return connected;
    },
    (e: unknown) => {
      error = e instanceof Error ? e.message : String(e);
      setStatus('failed', `No connection: ${error}`);
      write({ direction: 'info', method: 'handshake', detail: error, ms: performance.now() - started, ok: false });
      return null;
    },
  );

  return {
    log,
    calls,
    routes,
    get status() {
      return status;
    },
    get error() {
      return error;
    },
    get child() {
      return child;
    },
    ready,
    callChild,
    changeContext,
  };
}

const LANGUAGE_CHOICES = ['zh-CN', 'zh-TW', 'en', 'vi', 'es'] as const;
const FONT_SIZES: FontSize[] = ['small', 'medium', 'large'];
const THEMES: Theme[] = ['light', 'dark'];

/** The control bar: what the shell can tell the app. */
function buildControls(context: BridgeContext, host: Pick<DevHost, 'callChild' | 'changeContext'>): HTMLElement {
  const bar = document.createElement('div');
  bar.className = 'controls';
  const select = (label: string, values: readonly string[], current: string, onChange: (v: string) => void) => {
    const wrap = document.createElement('label');
    wrap.textContent = `${label} `;
    const s = document.createElement('select');
    for (const v of values) s.append(new Option(v, v, v === current, v === current));
    s.addEventListener('change', () => onChange(s.value));
    wrap.append(s);
    return wrap;
  };
  const button = (label: string, onClick: () => void) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', onClick);
    return b;
  };
  const path = document.createElement('input');
  path.value = context.path;
  path.size = 28;
  let active = true;
  bar.append(
    select(
      'Language',
      LANGUAGE_CHOICES,
      context.language,
      (v) => void host.changeContext({ language: v as BridgeContext['language'] }),
    ),
    select('Font size', FONT_SIZES, context.fontSize, (v) => void host.changeContext({ fontSize: v as FontSize })),
    select('Theme', THEMES, context.theme, (v) => void host.changeContext({ theme: v as Theme })),
    path,
    button('Navigate', () => {
      void host.callChild('navigate', path.value);
      void host.changeContext({ path: path.value });
    }),
    button('Hide / show', () => {
      active = !active;
      void host.callChild('setActive', active);
    }),
    button('Refresh', () => void host.callChild('refresh')),
    button('Ping', () => void host.callChild('ping', Date.now())),
    button('Logout', () => void host.callChild('logout')),
  );
  return bar;
}
