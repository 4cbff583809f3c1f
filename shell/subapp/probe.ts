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

/** How long one probe's answer serves the other callers that ask about the same URL. */
const SHARED_MS = 5_000;
const recent = new Map<string, { at: number; answer: Promise<boolean> }>();

/**
 * `probe`, asked once for the callers of a few seconds: the registry's check and a frame about to
 * load the same app share one request. A retry asks `probe` itself, afresh.
 */
export function probeShared(url: string): Promise<boolean> {
  const now = Date.now();
  const held = recent.get(url);
  if (held && now - held.at < SHARED_MS) return held.answer;
  const answer = probe(url);
  recent.set(url, { at: now, answer });
  return answer;
}
