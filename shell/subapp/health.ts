/**
 * Health of a sub-app frame (DESIGN §6): a probe before the frame loads, a handshake with a timeout,
 * then a heartbeat. Each way of failing has its own message and its own retry.
 */
export type AppHealth =
  /** Asking whether the app's URL answers at all. */
  | 'probing'
  /** Nothing answers at the app's URL: retry probes again. */
  | 'offline'
  /** The frame is loading and the handshake is under way. */
  | 'connecting'
  | 'connected'
  /** The page loaded but never completed the handshake (a legacy page): it still shows, with a notice. */
  | 'noBridge'
  /** Connected, then stopped answering the heartbeat. */
  | 'hung'
  /** The frame's page was replaced (reload, or a link to another page): the shell reconnects by itself. */
  | 'reloaded'
  /** The app speaks another major version of the bridge. */
  | 'incompatible';

/** How often a connected app is pinged, how long an answer may take, and how many misses make it hung. */
export const HEARTBEAT_INTERVAL_MS = 5000;
export const HEARTBEAT_TIMEOUT_MS = 3000;
export const HEARTBEAT_MISSES = 2;
/** How long the shell waits, after the frame loaded another page, for the old connection to answer. */
export const RELOAD_CHECK_MS = 1500;

/** What the retry of a state does: probe the URL again, or load the frame afresh. */
export type Retry = 'probe' | 'reload';

export interface HealthNotice {
  /** Key in the `shell` namespace (with `{{name}}` and, for some, other values). */
  title: string;
  description: string;
  retry: Retry;
  retryLabel: string;
  /** Whether the app's page stays visible beneath the notice (a banner) or is replaced by it. */
  overlay: 'banner' | 'page';
}

/** The notice of each failing state; null for states that show the app (or a spinner). */
export function healthNotice(health: AppHealth): HealthNotice | null {
  switch (health) {
    case 'offline':
      return {
        title: 'app.health.offlineTitle',
        description: 'app.health.offlineDescription',
        retry: 'probe',
        retryLabel: 'app.health.retryProbe',
        overlay: 'page',
      };
    case 'noBridge':
      return {
        title: 'app.health.noBridgeTitle',
        description: 'app.health.noBridgeDescription',
        retry: 'reload',
        retryLabel: 'app.health.retryConnect',
        overlay: 'banner',
      };
    case 'hung':
      return {
        title: 'app.health.hungTitle',
        description: 'app.health.hungDescription',
        retry: 'reload',
        retryLabel: 'app.health.retryReload',
        overlay: 'banner',
      };
    case 'reloaded':
      return {
        title: 'app.health.reloadedTitle',
        description: 'app.health.reloadedDescription',
        retry: 'reload',
        retryLabel: 'app.health.retryReload',
        overlay: 'banner',
      };
    case 'incompatible':
      return {
        title: 'app.health.incompatibleTitle',
        description: 'app.health.incompatibleDescription',
        retry: 'reload',
        retryLabel: 'app.health.retryConnect',
        overlay: 'page',
      };
    default:
      return null;
  }
}

/** A promise that rejects after `ms` unless `promise` settles first. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export interface HeartbeatOptions {
  ping: (sentAt: number) => Promise<number>;
  /** Told when the app stops answering (after `misses` missed pings in a row) and when it answers again. */
  onChange: (alive: boolean) => void;
  intervalMs?: number;
  timeoutMs?: number;
  misses?: number;
}

/** Pings the app on an interval; returns the function that stops. */
export function startHeartbeat(options: HeartbeatOptions): () => void {
  const { ping, onChange } = options;
  const timeoutMs = options.timeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  const limit = options.misses ?? HEARTBEAT_MISSES;
  let missed = 0;
  let alive = true;
  let inFlight = false;
  let stopped = false;
  const beat = () => {
    if (inFlight || stopped) return;
    inFlight = true;
    const sentAt = Date.now();
    within(ping(sentAt), timeoutMs)
      .then((answer) => {
        if (answer !== sentAt) throw new Error('wrong heartbeat answer');
        missed = 0;
        if (!alive && !stopped) {
          alive = true;
          onChange(true);
        }
      })
      .catch(() => {
        missed += 1;
        if (alive && missed >= limit && !stopped) {
          alive = false;
          onChange(false);
        }
      })
      .finally(() => {
        inFlight = false;
      });
  };
  const timer = setInterval(beat, options.intervalMs ?? HEARTBEAT_INTERVAL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
