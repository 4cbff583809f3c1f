/**
 * A small pool of worker threads for CPU-heavy jobs (reading spreadsheets, inspecting zips), so the
 * event loop that answers requests and drives the embedded database never waits on them. Each job
 * has a time budget (the worker is ended past it) and each worker a memory budget
 * (`resourceLimits`); a worker that dies is replaced for the next job. Workers start on first use
 * and do not keep the process alive while idle.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface PoolOptions {
  /** The worker's module (TypeScript is fine: server/workers/boot.mjs loads it). */
  entry: URL;
  size: number;
  /** A job's time budget unless its run says otherwise. */
  timeoutMs: number;
  memoryMb: number;
  /** Run the workers at the lowest priority (default): on a busy machine requests come first. */
  lowPriority?: boolean;
}

/** Why a job ended without an answer of its own. */
export class JobBudgetError extends Error {
  constructor(
    readonly reason: 'time' | 'memory' | 'crash',
    detail: string,
  ) {
    super(`worker job ended (${reason}): ${detail}`);
    this.name = 'JobBudgetError';
  }
}

/** What a job's messages are handed to; `done` (or throwing) ends the job. */
export interface JobHandler<T> {
  message(msg: unknown, done: (value: T) => void, fail: (error: unknown) => void): void;
  /**
   * Called once the job's input is posted, with how to post it more (a job fed as it goes) and its
   * clock: a job that waits on its caller (a reader kept at its consumer's pace) stops the clock
   * meanwhile, so its time budget counts the worker's own time.
   */
  started?(send: (msg: unknown, transfer?: ArrayBuffer[]) => void, clock: JobClock): void;
}

export interface JobClock {
  pause(): void;
  resume(): void;
}

interface Job {
  input: unknown;
  timeoutMs: number;
  transfer: ArrayBuffer[];
  handler: JobHandler<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

const BOOT = new URL('./boot.mjs', import.meta.url);

/** The positive number an environment variable holds, else `fallback` (the pools' settings). */
export function positiveEnv(name: string, fallback: number): number {
  const v = process.env[name];
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** Workers for a machine with `cores` cores: one core stays with the event loop. */
export const defaultPoolSize = (cores = availableParallelism()) => Math.max(1, Math.min(4, cores - 1));

export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly queue: Job[] = [];
  private live = 0;
  private closed = false;

  constructor(private readonly opts: PoolOptions) {}

  run<T>(
    input: unknown,
    handler: JobHandler<T>,
    transfer: ArrayBuffer[] = [],
    timeoutMs = this.opts.timeoutMs,
  ): Promise<T> {
    if (this.closed) return Promise.reject(new Error('worker pool closed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        input,
        timeoutMs,
        transfer,
        handler: handler as JobHandler<unknown>,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.idle.splice(0).map((w) => w.terminate()));
  }

  private spawn(): Worker {
    this.live++;
    const worker = new Worker(BOOT, {
      workerData: { entry: this.opts.entry.href, lowPriority: this.opts.lowPriority ?? true },
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: this.opts.memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(16, this.opts.memoryMb / 16)),
      },
    });
    worker.once('exit', () => {
      this.live--;
      const i = this.idle.indexOf(worker);
      if (i >= 0) this.idle.splice(i, 1);
      this.pump();
    });
    return worker;
  }

  private pump(): void {
    while (this.queue.length > 0 && !this.closed) {
      const worker = this.idle.pop() ?? (this.live < this.opts.size ? this.spawn() : null);
      if (!worker) return;
      this.start(worker, this.queue.shift()!);
    }
  }

  private start(worker: Worker, job: Job): void {
    worker.ref();
    let over = false;
    const finish = (keep: boolean) => {
      if (over) return false;
      over = true;
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      if (keep && !this.closed) {
        worker.unref();
        this.idle.push(worker);
        this.pump();
      } else void worker.terminate();
      return true;
    };
    const done = (value: unknown) => {
      if (finish(true)) job.resolve(value);
    };
    const fail = (error: unknown) => {
      if (finish(true)) job.reject(error);
    };
    const onMessage = (msg: unknown) => {
      try {
        job.handler.message(msg, done, fail);
      } catch (err) {
        fail(err);
      }
    };
    const onError = (err: Error & { code?: string }) => {
      const reason = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash';
      if (finish(false)) job.reject(new JobBudgetError(reason, err.message));
    };
    const onExit = (code: number) => {
      if (finish(false)) job.reject(new JobBudgetError('crash', `exited with ${code}`));
    };
    // The budget left: it runs while the clock runs (see JobClock).
    let left = job.timeoutMs;
    let since = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      since = performance.now();
      timer = setTimeout(() => {
        if (finish(false)) job.reject(new JobBudgetError('time', `over ${job.timeoutMs} ms`));
      }, left);
    };
    const clock: JobClock = {
      pause() {
        if (timer === undefined || over) return;
        clearTimeout(timer);
        timer = undefined;
        left = Math.max(0, left - (performance.now() - since));
      },
      resume() {
        if (timer === undefined && !over) arm();
      },
    };
    arm();
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job.input, job.transfer);
    job.handler.started?.((msg, transfer = []) => {
      if (!over) worker.postMessage(msg, transfer);
    }, clock);
  }
}
