/**
 * Runs `fn` once the frame that shows the current change has been painted: the next animation frame
 * runs before its paint, a task queued from it after. Work a navigation starts but no one waits for
 * (recording the visit, reading the favourites again) then never delays the switch it follows.
 * Returns a cancel.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
