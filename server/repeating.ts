/**
 * A job run in the background: `firstDelayMs` after start, then `intervalMs` after each run ends
 * (an interval of 0: never). Its timer never keeps the process alive by itself (the server does, and
 * closing it stops the job); stop clears the timer and waits for a run under way.
 */
export class Repeating {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly intervalMs: number,
    /** One run; it deals with its own failures. */
    private readonly job: () => Promise<void>,
    private readonly firstDelayMs = intervalMs,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || !this.stopped) return;
    this.stopped = false;
    this.schedule(this.firstDelayMs);
  }

  /** Stops the job and waits for a run under way; no timer is left behind. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Counts `run` as the run under way, which stop waits for (also one started outside the timer). */
  track<T>(run: Promise<T>): Promise<T> {
    this.running = run;
    return run;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.track(this.job()).finally(() => this.schedule(this.intervalMs));
    }, delay);
    this.timer.unref();
  }
}
