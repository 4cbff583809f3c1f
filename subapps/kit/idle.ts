/**
 * Runs `run` when the browser has nothing else to do: after `delayMs`, at the next idle period, or
 * after `timeoutMs` more at the latest (at once where idle periods are not reported). Returns a cancel.
 */
export function whenIdle(
  run: () => void,
  { delayMs = 0, timeoutMs }: { delayMs?: number; timeoutMs: number },
): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(run, { timeout: timeoutMs });
    else run();
  }, delayMs);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
