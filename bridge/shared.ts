/**
 * The page's one connection to the shell, shared by every caller (React's StrictMode double mount,
 * several scripts of a plain page): the first call connects, later calls get the same promise.
 */
import { connectToHost, type ChildBridge, type ConnectToHostOptions } from './child';

let shared: Promise<ChildBridge> | null = null;
let settled: { bridge: ChildBridge } | { error: Error } | null = null;

/**
 * The page's one bridge: the first call connects (with `options`), later calls share that promise.
 * A failed connection stays failed until `resetBridge()`.
 */
export function getBridge(options?: ConnectToHostOptions): Promise<ChildBridge> {
  if (!shared) {
    const p = connectToHost(options);
    shared = p;
    p.then(
      (bridge) => {
        if (shared === p) settled = { bridge };
      },
      (e: unknown) => {
        if (shared === p) settled = { error: e instanceof Error ? e : new Error(String(e)) };
      },
    );
  }
  return shared;
}

/** The connection's outcome so far: null while connecting (or before the first `getBridge`). */
export function settledBridge(): { bridge: ChildBridge } | { error: Error } | null {
  return settled;
}

/** Forgets (and destroys) the page's bridge, so the next `getBridge` connects again. For tests and retries. */
export function resetBridge(): void {
  if (settled && 'bridge' in settled) settled.bridge.destroy();
  shared = null;
  settled = null;
}
