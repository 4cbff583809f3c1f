/**
 * Totals too large to count (past COUNT_EXACT_LIMIT) are the planner's estimate; one is held per
 * list statement for a short while, so paging through a million rows does not count ten thousand
 * and ask the planner again on every page (issue 22). A write to the table through this process
 * drops its held totals; another process's writes show within HOLD_MS, which an estimate's accuracy
 * (it follows the table's statistics, not each row) makes no worse.
 */
const HOLD_MS = 15_000;
const MAX_HELD = 5_000;

const held = new Map<string, { table: string; total: number; until: number }>();

/** The held estimate of the statement `key`, if one is fresh. */
export function heldEstimate(key: string): number | undefined {
  const e = held.get(key);
  if (!e) return undefined;
  if (e.until > Date.now()) return e.total;
  held.delete(key);
  return undefined;
}

export function holdEstimate(key: string, table: string, total: number): void {
  if (held.size >= MAX_HELD) held.clear();
  held.set(key, { table, total, until: Date.now() + HOLD_MS });
}

/** Drops the held totals of `table` (after a write to it). */
export function forgetEstimates(table: string): void {
  for (const [key, e] of held) if (e.table === table) held.delete(key);
}
