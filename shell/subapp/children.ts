import type { ConnectedChild } from '../../bridge/host';
import type { BridgeContext } from '../../bridge/protocol';
import { onUnauthorized } from '../api/http';

/** The sub-applications connected right now, by app id. */
const connected = new Map<string, ConnectedChild>();

export function registerChild(appId: string, child: ConnectedChild) {
  connected.set(appId, child);
}

export function unregisterChild(appId: string, child: ConnectedChild) {
  if (connected.get(appId) === child) connected.delete(appId);
}

export function connectedChild(appId: string): ConnectedChild | undefined {
  return connected.get(appId);
}

/** Tells every connected app of a new context (language, factory, font size, permissions). */
export function broadcastContext(contextFor: (appId: string) => BridgeContext) {
  for (const [appId, child] of connected) {
    child.remote.onContextChange(contextFor(appId)).catch(() => undefined);
  }
}

/**
 * Tells every connected app, once, that the session ended; resolves when all answered or after
 * `waitMs` (the shell leaves the page right after, and a message still queued would be lost).
 */
export async function broadcastLogout(waitMs = 800): Promise<void> {
  const told = [...connected.values()].map((child) => child.remote.logout().catch(() => undefined));
  connected.clear();
  await Promise.race([Promise.all(told), new Promise((resolve) => setTimeout(resolve, waitMs))]);
}

// A session the server ended is told to every connected app before the shell forgets it.
onUnauthorized(() => broadcastLogout());
