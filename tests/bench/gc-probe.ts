/**
 * Preloaded into the load test's server process (never into the product): on a message from the
 * parent it runs a full garbage collection and answers the memory figures, so growth is measured on
 * live memory rather than on wherever the collector happened to be.
 */
export interface MemoryFigures {
  rssMb: number;
  heapUsedMb: number;
  externalMb: number;
}

const mb = (n: number) => n / 1024 / 1024;

if (process.send) {
  process.channel?.unref();
  process.on('message', (m: unknown) => {
    if (m !== 'gc') return;
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    gc?.();
    const u = process.memoryUsage();
    const figures: MemoryFigures = { rssMb: mb(u.rss), heapUsedMb: mb(u.heapUsed), externalMb: mb(u.external) };
    process.send?.(figures);
  });
}
