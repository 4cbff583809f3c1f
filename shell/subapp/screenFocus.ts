/**
 * A screen opened by the keyboard takes the focus: after choosing a search result with Enter the
 * user goes on typing in the screen (its own keys, such as its add key, work only there), not in
 * a shell page that no longer shows the panel. The request waits for the screen's frame to be shown
 * and connected (a first opening loads it), and lapses if that takes too long.
 */
const LAPSE_MS = 15_000;
let requestedAt = 0;

/** Asks that the next screen shown takes the focus. */
export function requestScreenFocus(): void {
  requestedAt = Date.now();
}

/** True once, for the first screen shown after a request that has not lapsed. */
export function takeScreenFocus(): boolean {
  const wanted = requestedAt > 0 && Date.now() - requestedAt < LAPSE_MS;
  requestedAt = 0;
  return wanted;
}
