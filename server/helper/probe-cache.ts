/**
 * The apps' probed states, shared by the registry answer (`platFactoryApp`) and kept a few seconds,
 * so a login or a menu fetch costs at most one probe per app and the shell needs no probe of its own.
 */
import { probeApp, type ProbeResult } from './probe';

const MAX_AGE_MS = 10_000;
const cache = new Map<string, { at: number; result: Promise<ProbeResult> }>();

/** The app's state, probed at most once per MAX_AGE_MS (a probe in flight is shared). */
export function probeCached(url: string, timeoutMs: number, now = Date.now()): Promise<ProbeResult> {
  const hit = cache.get(url);
  if (hit && now - hit.at < MAX_AGE_MS) return hit.result;
  const result = probeApp(url, timeoutMs);
  cache.set(url, { at: now, result });
  if (cache.size > 500) cache.delete(cache.keys().next().value as string);
  return result;
}
