/**
 * Group commit: callers that ask for work under the same key while a batch of that key is being
 * written wait and then go together in the next batch, so N concurrent callers cost about one
 * round of statements instead of N. There is no timer: a lone caller starts at once.
 */
export type RunBatch<A, R> = (asks: A[]) => Promise<Settled<R>[]>;

/** Each ask's outcome, in the order the asks were given. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<A, R> {
  ask: A;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

export class GroupCommit<A, R> {
  private readonly queues = new Map<string, Waiting<A, R>[]>();
  private readonly running = new Set<string>();

  constructor(
    private readonly run: RunBatch<A, R>,
    private readonly maxBatch = 256,
  ) {}

  submit(key: string, ask: A): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const queue = this.queues.get(key);
      if (queue) queue.push({ ask, resolve, reject });
      else this.queues.set(key, [{ ask, resolve, reject }]);
      if (!this.running.has(key)) void this.drain(key);
    });
  }

  private async drain(key: string): Promise<void> {
    this.running.add(key);
    try {
      for (;;) {
        const queue = this.queues.get(key);
        if (!queue || queue.length === 0) break;
        const batch = queue.splice(0, this.maxBatch);
        if (queue.length === 0) this.queues.delete(key);
        let results: Settled<R>[];
        try {
          results = await this.run(batch.map((w) => w.ask));
        } catch (error) {
          results = batch.map(() => ({ ok: false, error }));
        }
        batch.forEach((w, i) => {
          const r = results[i] ?? { ok: false, error: new Error('batch answered fewer results than asks') };
          if (r.ok) w.resolve(r.value);
          else w.reject(r.error);
        });
      }
    } finally {
      this.running.delete(key);
    }
  }
}
