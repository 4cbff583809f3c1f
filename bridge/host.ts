/**
 * The shell's side of the bridge (DESIGN §6): connects to one sub-application's iframe, on exactly
 * the origin of its registered URL, always with a timeout, and starts with a hello.
 */
import { CallOptions, WindowMessenger, connect, type Methods } from 'penpal';
import type { ApiResult } from '../model/api';
import {
  BRIDGE_MAJOR,
  BRIDGE_PROTOCOL,
  BRIDGE_VERSION,
  BridgeVersionError,
  CHILD_CAPABILITIES,
  HANDSHAKE_TIMEOUT_MS,
  HOST_CAPABILITIES,
  exactOrigin,
  isAllowedApiPath,
  isHello,
  majorOf,
  negotiate,
  type BridgeRequestConfig,
  type ChildMethods,
  type Hello,
  type HostMethods,
  type Remote,
} from './protocol';

type MaybePromise<T> = T | Promise<T>;

/** The shell's implementation of the host methods; `hello` is answered by the bridge itself. */
export type HostHandlers = {
  [K in Exclude<keyof HostMethods, 'hello'>]: (
    ...args: Parameters<HostMethods[K]>
  ) => MaybePromise<Awaited<ReturnType<HostMethods[K]>>>;
};

export type HostMethodName = keyof HostMethods;

export interface ConnectChildOptions {
  /** The iframe's `contentWindow`. */
  remoteWindow: Window;
  /** The exact origin of the app's registered URL, e.g. `http://localhost:4000` (see `originOf`). */
  origin: string;
  methods: HostHandlers;
  /** Handshake timeout (penpal handshake plus hello), default HANDSHAKE_TIMEOUT_MS. */
  timeout?: number;
  /** Timeout of every call the shell makes to the child (ping, onContextChange …), default HANDSHAKE_TIMEOUT_MS. */
  callTimeout?: number;
  /** Called with the original error when a handler throws (the child only sees its message). */
  onError?: (e: Error) => void;
  /** Called after every call the child made, with its duration (e.g. a dev host logging latency). */
  onCall?: (method: HostMethodName, ms: number, failed: boolean) => void;
  /**
   * Called (once per origin) when the frame's window speaks the bridge from another origin than
   * `origin`: the frame navigated elsewhere. penpal drops those messages silently; this says so.
   */
  onRefused?: (origin: string) => void;
  /**
   * Called once when, after the handshake, the frame starts a new one: its page was reloaded or
   * navigated to another page of the app. The connection is then destroyed; connect again.
   */
  onReload?: () => void;
}

export interface ConnectedChild {
  /** The child's methods; each answers a promise (rejects after `callTimeout`). */
  remote: Remote<ChildMethods>;
  /** The child's hello: its version and capabilities. */
  hello: Hello;
  origin: string;
  /** Whether the child announced `method` in its capabilities. */
  supports(method: keyof ChildMethods): boolean;
  /** Child methods this shell knows that the child did not announce (an older or partial child); never call them. */
  missing: string[];
  /** Whether the child speaks a newer minor version than this shell (it may lack what it expects: see its own `missing`). */
  newer: boolean;
  destroy(): void;
}

export interface HostConnection {
  /** Resolves after penpal's handshake and the hello; rejects on timeout or BridgeVersionError. */
  promise: Promise<ConnectedChild>;
  /** Ends the connection (also before it is established; the promise then never settles). */
  destroy(): void;
  /** How often the child called each host method so far (live object). */
  readonly calls: Readonly<Record<HostMethodName, number>>;
}

/** The exact origin of a registered app URL: `originOf('http://localhost:4000/platform/')` → `http://localhost:4000`. */
export function originOf(url: string): string {
  return exactOrigin(new URL(url).origin);
}

export const PATH_NOT_ALLOWED: ApiResult<null> = { code: 400, msg: 'Path not allowed through the bridge', data: null };
export const METHOD_NOT_ALLOWED: ApiResult<null> = {
  code: 400,
  msg: 'Method not allowed through the bridge',
  data: null,
};
const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE']);

/** Why a request config may not go through the bridge, as the answer to give; null if it may. */
export function refuseRequest(config: BridgeRequestConfig | null | undefined): ApiResult<null> | null {
  if (!config || typeof config !== 'object' || typeof config.url !== 'string' || !isAllowedApiPath(config.url)) {
    return { ...PATH_NOT_ALLOWED };
  }
  if (config.method !== undefined && !HTTP_METHODS.has(config.method)) return { ...METHOD_NOT_ALLOWED };
  return null;
}

/** An error carrying only a message: what the child sees of a failing shell handler. */
function plainError(e: unknown): Error {
  const message =
    e instanceof Error ? e.message : typeof e === 'string' ? e : 'The portal shell could not handle the call';
  const err = new Error(message);
  err.stack = `Error: ${message}`;
  return err;
}

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/** A proxy adding a call timeout to every call, never thenable. */
function withTimeout<T>(raw: Record<string, (...args: unknown[]) => Promise<unknown>>, timeout: number): Remote<T> {
  return new Proxy({} as Remote<T>, {
    get(_target, prop) {
      if (typeof prop !== 'string' || prop === 'then') return undefined;
      // penpal throws synchronously once the connection is destroyed: always answer a promise.
      return (...args: unknown[]) => {
        try {
          return raw[prop]!(...args, new CallOptions({ timeout }));
        } catch (e) {
          return Promise.reject(e);
        }
      };
    },
  });
}

/** Connects the shell to one sub-application iframe. Throws synchronously on an origin that is not exact. */
export function connectChild(options: ConnectChildOptions): HostConnection {
  const origin = exactOrigin(options.origin);
  if (!options.remoteWindow) throw new TypeError('connectChild: remoteWindow is required');
  const timeout = options.timeout ?? HANDSHAKE_TIMEOUT_MS;
  const callTimeout = options.callTimeout ?? HANDSHAKE_TIMEOUT_MS;
  const { onError, onCall } = options;

  const calls = Object.fromEntries((['hello', ...HOST_CAPABILITIES] as HostMethodName[]).map((m) => [m, 0])) as Record<
    HostMethodName,
    number
  >;

  const handlers = options.methods;
  const capabilities = HOST_CAPABILITIES.filter(
    (m) => typeof (handlers as Partial<Record<HostMethodName, unknown>>)[m] === 'function',
  );
  const hostHello: Hello = { protocol: BRIDGE_PROTOCOL, version: BRIDGE_VERSION, capabilities };
  /** The hello the child sent us (it may arrive before or after the answer to ours). */
  let childHelloReceived: Hello | null = null;

  const wrap =
    <A extends unknown[], R>(method: HostMethodName, fn: (...args: A) => MaybePromise<R>) =>
    async (...args: A): Promise<R> => {
      calls[method] = (calls[method] ?? 0) + 1;
      const started = performance.now();
      let failed = false;
      try {
        return await fn(...args);
      } catch (e) {
        failed = true;
        try {
          onError?.(toError(e));
        } catch {
          /* a failing error hook must not change the answer */
        }
        throw plainError(e);
      } finally {
        try {
          onCall?.(method, performance.now() - started, failed);
        } catch {
          /* observation only */
        }
      }
    };

  const methods: Record<string, (...args: never[]) => unknown> = {
    hello: wrap('hello', (child: Hello): Hello => {
      if (isHello(child)) childHelloReceived = child;
      return hostHello;
    }),
  };
  for (const name of capabilities) {
    const handler = handlers[name as Exclude<HostMethodName, 'hello'>] as (...args: unknown[]) => unknown;
    if (name === 'request' || name === 'download') {
      methods[name] = wrap(name, (config: BridgeRequestConfig, ...rest: unknown[]) => {
        const refused = refuseRequest(config);
        if (refused) return refused;
        return handler.call(handlers, config, ...rest);
      });
    } else {
      methods[name] = wrap(name, (...args: unknown[]) => handler.call(handlers, ...args));
    }
  }

  // Registered before penpal's own listener: listeners on window run in registration order, and a
  // reload must destroy this connection before penpal answers the new page's handshake with it.
  const stopWatching = watchFrame(options.remoteWindow, origin, {
    onRefused: options.onRefused,
    onReload: () => {
      destroy();
      options.onReload?.();
    },
  });
  const messenger = new WindowMessenger({ remoteWindow: options.remoteWindow, allowedOrigins: [origin] });
  const connection = connect({ messenger, methods: methods as unknown as Methods, timeout });
  let destroyed = false;
  const destroy = () => {
    destroyed = true;
    stopWatching.stop();
    connection.destroy();
  };

  const promise = new Promise<ConnectedChild>((resolve, reject) => {
    const fail = (e: unknown) => {
      if (!destroyed) connection.destroy();
      reject(toError(e));
    };
    connection.promise
      .then(async (proxy) => {
        stopWatching.established();
        const raw = proxy as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
        let answer: unknown;
        try {
          answer = await raw.hello!(hostHello, new CallOptions({ timeout }));
        } catch (e) {
          // The child may have closed the connection because it saw the mismatch first.
          const seen = childHelloReceived as Hello | null;
          if (seen && majorOf(seen.version) !== BRIDGE_MAJOR)
            throw new BridgeVersionError(BRIDGE_VERSION, seen.version);
          throw e;
        }
        if (!isHello(answer)) throw new Error(`The app at ${origin} did not answer the ${BRIDGE_PROTOCOL} hello`);
        const childHello: Hello = {
          protocol: answer.protocol,
          version: answer.version,
          capabilities: [...answer.capabilities],
        };
        const outcome = negotiate(BRIDGE_VERSION, childHello, CHILD_CAPABILITIES);
        if (!outcome.ok) throw outcome.error;
        return {
          remote: withTimeout<ChildMethods>(raw, callTimeout),
          hello: childHello,
          origin,
          supports: (method: keyof ChildMethods) => childHello.capabilities.includes(method),
          missing: outcome.missing,
          newer: outcome.remoteNewer,
          destroy,
        } satisfies ConnectedChild;
      })
      .then(
        (connected) => {
          if (!destroyed) resolve(connected);
        },
        (e: unknown) => {
          if (!destroyed) fail(e);
        },
      );
  });

  return { promise, destroy, calls };
}
export { isHello } from './protocol';

/** A penpal message as it travels between windows (only the fields read here). */
function penpalMessage(data: unknown): { type: string; participantId?: unknown } | null {
  if (typeof data !== 'object' || data === null) return null;
  const m = data as Record<string, unknown>;
  return m.namespace === 'penpal' && typeof m.type === 'string'
    ? (m as { type: string; participantId?: unknown })
    : null;
}

/** Whether a message event carries a penpal message (any type): a page trying to speak the bridge. */
export function isBridgeMessage(data: unknown): boolean {
  return penpalMessage(data) !== null;
}

/**
 * Watches what the frame's window posts to this window, before penpal sees it (registered first): a
 * handshake from another origin is reported as refused; a new handshake (another participant) after
 * the connection was established means the frame's page was replaced.
 */
function watchFrame(
  remoteWindow: Window,
  origin: string,
  hooks: { onRefused: ((origin: string) => void) | undefined; onReload: () => void },
): { established(): void; stop(): void } {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') {
    return { established: () => undefined, stop: () => undefined };
  }
  const refused = new Set<string>();
  let lastParticipant: unknown = null;
  let connectedParticipant: unknown = null;
  let reloaded = false;
  const listener = (event: MessageEvent) => {
    if (event.source !== remoteWindow) return;
    const message = penpalMessage(event.data);
    if (!message) return;
    if (event.origin !== origin) {
      if (!refused.has(event.origin)) {
        refused.add(event.origin);
        try {
          hooks.onRefused?.(event.origin);
        } catch {
          /* observation only */
        }
      }
      return;
    }
    if (message.type !== 'SYN' || message.participantId === undefined) return;
    if (connectedParticipant !== null && message.participantId !== connectedParticipant && !reloaded) {
      reloaded = true;
      hooks.onReload();
      return;
    }
    lastParticipant = message.participantId;
  };
  window.addEventListener('message', listener, true);
  return {
    established() {
      connectedParticipant = lastParticipant;
    },
    stop() {
      window.removeEventListener('message', listener, true);
    },
  };
}
