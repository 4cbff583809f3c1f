import { isBridgeMessage } from '../../bridge/host';

/** The sub-app frames of the shell and the one origin each may speak the bridge from. */
const frames = new Map<Window, string>();

/** Declares a frame's window and its registered origin; returns the function that forgets it. */
export function registerFrame(win: Window, origin: string): () => void {
  frames.set(win, origin);
  return () => {
    if (frames.get(win) === origin) frames.delete(win);
  };
}

/** Why a bridge message reaching the shell is refused, or null when it comes from a registered app frame. */
export function refusal(source: MessageEventSource | null, origin: string): string | null {
  if (source === null || source === window) return null;
  const registered = frames.get(source as Window);
  if (registered === undefined) return `${origin} is not an app frame of the portal`;
  if (registered !== origin) return `${origin} is not the registered origin ${registered} of that frame`;
  return null;
}

/**
 * Logs every page that tries to speak the bridge to the shell without being a registered app on its
 * registered origin. penpal drops those messages silently (no handler is ever reached); this makes
 * the refusal visible, once per origin and reason. Returns the function that stops logging.
 */
export function installRefusedLogger(log: (message: string) => void = (m) => console.warn(m)): () => void {
  const told = new Set<string>();
  const listener = (event: MessageEvent) => {
    if (!isBridgeMessage(event.data)) return;
    const reason = refusal(event.source, event.origin);
    if (reason === null || told.has(reason)) return;
    told.add(reason);
    log(`[shell] bridge: refused a connection: ${reason}`);
  };
  window.addEventListener('message', listener, true);
  return () => window.removeEventListener('message', listener, true);
}
