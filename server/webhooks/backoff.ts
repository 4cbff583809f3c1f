/** When a failed delivery is tried next: base, 2 × base, 4 × base … capped; null once past its give-up time. */
export function nextAttempt(
  attempts: number,
  now: number,
  giveUpAt: number,
  baseMs: number,
  maxMs: number,
): Date | null {
  const wait = Math.min(maxMs, baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
  const at = now + wait;
  return at > giveUpAt ? null : new Date(at);
}
