/**
 * The budget of live iframes (DESIGN §6): at most MAX_LIVE_FRAMES sub-apps stay mounted; beyond
 * that, the least recently shown hidden app is unloaded and loads again when its tab is shown.
 */
export const MAX_LIVE_FRAMES = 6;

/** `recency` with `id` moved to the end (most recent last); unchanged when it is already last. */
export function touch(recency: readonly string[], id: string): string[] {
  if (recency[recency.length - 1] === id) return [...recency];
  return [...recency.filter((r) => r !== id), id];
}

/**
 * The apps to keep mounted, in the order of `open` (the DOM order of the frames must not change, or
 * the browser reloads them): the active app always, then the most recently shown others up to `cap`.
 * Apps never shown yet count as the least recent, in the order they were opened.
 */
export function liveApps(
  open: readonly string[],
  recency: readonly string[],
  activeId: string | null,
  cap: number = MAX_LIVE_FRAMES,
  /** Apps holding unsaved changes: never unloaded, whatever the cap (their frame holds the changes). */
  unsaved: ReadonlySet<string> = new Set(),
): string[] {
  const limit = Math.max(1, cap);
  const rank = (id: string) => recency.indexOf(id);
  const byRecency = [...open].sort((a, b) => rank(b) - rank(a) || open.indexOf(a) - open.indexOf(b));
  const keep = new Set<string>(open.filter((id) => unsaved.has(id)));
  if (activeId !== null && open.includes(activeId)) keep.add(activeId);
  for (const id of byRecency) {
    if (keep.size >= limit) break;
    keep.add(id);
  }
  return open.filter((id) => keep.has(id));
}

/**
 * The apps to load ahead, hidden, once the first screen has painted and the browser is idle: those
 * `reached` (the menu leads to them and they answered their probe) that are not open, in the order
 * given, in the room the open apps leave under the cap. An open app always wins a place over them.
 */
export function warmApps(
  reached: readonly string[],
  open: readonly string[],
  live: number,
  cap: number = MAX_LIVE_FRAMES,
): string[] {
  const room = Math.max(0, cap - live);
  return reached.filter((id) => !open.includes(id)).slice(0, room);
}
