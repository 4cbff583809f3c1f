/**
 * Group commit: callers that ask for work under the same key while a batch of that key is being
 * written wait and then go together in the next batch, so N concurrent callers cost about one
 * round of statements instead of N. There is no timer: a lone caller waits one turn of the event
 * loop, no more. The runner takes its asks with `take()` once it holds its connection, so callers
 * that arrived while it waited for one join the batch too.
 */
export type RunBatch<A, R> = (head: A, take: () => A[]) => Promise<Settled<R>[]>;

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
    /** A batch holds at most this much work (each ask weighing `weigh(ask)`), but always one ask. */
    private readonly limit: { maxWeight: number; weigh: (ask: A) => number },
  ) {}

  /** How many asks from the front of `queue` go in the next batch. */
  private batchLength(queue: Waiting<A, R>[]): number {
    let weight = 0;
    let n = 0;
    while (n < queue.length) {
      weight += this.limit.weigh(queue[n]!.ask);
      if (n > 0 && weight > this.limit.maxWeight) break;
      n++;
    }
    return n;
  }

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
        // One turn of the event loop first: requests already under way (on PGlite, whose statements
        // finish within one turn, all of them) reach the queue and share this batch.
        await new Promise((r) => setImmediate(r));
        const batch: Waiting<A, R>[] = [];
        const take = () => {
          if (batch.length === 0) batch.push(...queue.splice(0, this.batchLength(queue)));
          if (queue.length === 0 && this.queues.get(key) === queue) this.queues.delete(key);
          return batch.map((w) => w.ask);
        };
        let results: Settled<R>[];
        try {
          results = await this.run(queue[0]!.ask, take);
        } catch (error) {
          take();
          results = batch.map(() => ({ ok: false, error }));
        }
        // A runner that never took its asks leaves them to fail here rather than loop.
        if (batch.length === 0) take();
        batch.forEach((w, i) => {
          const r = results[i] ?? { ok: false, error: new Error('the batch gave no answer for this ask') };
          if (r.ok) w.resolve(r.value);
          else w.reject(r.error);
        });
      }
    } finally {
      this.running.delete(key);
    }
  }
}
