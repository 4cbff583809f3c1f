/** Work that outlives its request (import jobs, progress writes, export logs): awaited on shutdown. */
export class Background {
  private readonly pending = new Set<Promise<unknown>>();

  /** Runs `p` to its end without failing anyone; `drain` waits for it. */
  track(p: Promise<unknown>): void {
    const tracked: Promise<unknown> = p.catch(() => undefined).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
