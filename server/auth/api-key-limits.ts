/**
 * What an API key's call must pass besides its secret: its client address list (node:net BlockList)
 * and its calls-a-minute limit. The limit is counted in this process's memory: cheap, no write per
 * call; with several server processes behind a balancer a key gets its limit on each of them.
 */
import { familyOf, plainAddress, rangeList } from '../address-ranges';

/** Whether `ip` is one of `allowed` (addresses or CIDR ranges); an empty list allows any address. */
export function addressAllowed(allowed: readonly string[], ip: string): boolean {
  if (allowed.length === 0) return true;
  const address = plainAddress(ip);
  const family = familyOf(address);
  return family !== null && rangeList(allowed).check(address, family);
}

interface Window {
  start: number;
  count: number;
}
const WINDOW_MS = 60_000;
const windows = new Map<string, Window>();

/**
 * Counts one call of the key against its limit a minute: null when it may go on, else the seconds
 * until the minute's window ends (the 429's Retry-After).
 */
export function takeKeyCall(keyId: string, perMinute: number, now = Date.now()): number | null {
  let w = windows.get(keyId);
  if (!w || now - w.start >= WINDOW_MS) {
    if (windows.size > 10_000) for (const [id, old] of windows) if (now - old.start >= WINDOW_MS) windows.delete(id);
    w = { start: now, count: 0 };
    windows.set(keyId, w);
  }
  if (w.count >= perMinute) return Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
  w.count += 1;
  return null;
}
