/** How long the availability probe waits for an app's origin to answer. */
export const PROBE_TIMEOUT_MS = 3000;

/**
 * Whether an app's URL answers a GET (SPEC §7). An opaque `no-cors` answer is enough: the probe
 * asks only whether something serves that origin, not what it says.
 */
export async function probe(url: string, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  try {
    await fetch(url, { method: 'GET', mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
    return true;
  } catch {
    return false;
  }
}
