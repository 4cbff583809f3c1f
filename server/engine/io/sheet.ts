/**
 * An uploaded sheet (.xlsx or .csv, told apart by content) as rows of cells with their sheet row
 * numbers, read in a worker thread: the zip inspection and the parsing never hold the event loop.
 * Each read has a time and memory budget (IMPORT_PARSE_TIMEOUT_MS, IMPORT_PARSE_MEMORY_MB); the
 * pool's size follows the machine (IMPORT_PARSE_WORKERS).
 */
import type { Language } from '../../../model/languages';
import { ApiError } from '../../http';
import { JobBudgetError, WorkerPool, defaultPoolSize, positiveEnv, type JobClock } from '../../workers/pool';
import type { Sheet, SheetKind, SheetRow } from './sheet-parse';
import type { SheetControl, SheetJob, SheetMessage } from './sheet-worker';
import { zipLimits } from './zip-guard';

export {
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  sniffSheet,
  type Cell,
  type Sheet,
  type SheetKind,
  type SheetRow,
} from './sheet-parse';

const DEFAULT_TIMEOUT_MS = 120_000;
let pool: WorkerPool | null = null;

function sheetPool(): WorkerPool {
  pool ??= new WorkerPool({
    entry: new URL('./sheet-worker.ts', import.meta.url),
    // A reader keeps pace with its import, so it mostly waits: two at least, or one import holds the rest.
    size: positiveEnv('IMPORT_PARSE_WORKERS', Math.max(2, defaultPoolSize())),
    timeoutMs: DEFAULT_TIMEOUT_MS,
    memoryMb: positiveEnv('IMPORT_PARSE_MEMORY_MB', 1536),
  });
  return pool;
}

/** An upload being read: its header, then its rows as the reader hands them over. */
export interface SheetStream {
  kind: SheetKind;
  headers: string[];
  /** The data rows the file says it holds, when it says: for progress; the rows read are what count. */
  size: number | null;
  /** The rows in batches; a refusal found while reading (413 past the limits) is thrown here. */
  batches(): AsyncGenerator<SheetRow[]>;
  /** Stops reading: the rest of the rows are not wanted. */
  cancel(): void;
}

/** Batches read ahead of the consumer, at most (500 rows each): memory stays flat in the file's rows. */
const WINDOW = 8;

const budgetRefusal = (err: unknown, file: string) =>
  err instanceof JobBudgetError ? new ApiError(413, 'resource.import.parseBudget', { file }) : err;

/**
 * Starts reading the first worksheet (or the CSV records, in whatever encoding and with whichever
 * separator the file has; `hint`, the uploader's language, settles an encoding its bytes leave open):
 * row 1 the headers, blank rows skipped. Resolves with the header; 415 when unreadable, 413 past the
 * limits; `file` names the upload in the messages.
 */
export function openSheet(buf: Buffer, hint?: Language, file = ''): Promise<SheetStream> {
  // A copy the worker takes over: the upload's own buffer may be a slice of a shared pool.
  const bytes = new Uint8Array(buf).buffer;
  const job: SheetJob = { bytes, hint, file, limits: zipLimits(), window: WINDOW };
  const queue: SheetRow[][] = [];
  let ended = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  let control: { send: (m: SheetControl) => void; clock: JobClock } | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  return new Promise<SheetStream>((resolve, reject) => {
    let head: SheetStream | null = null;
    const run = sheetPool().run<void>(
      job,
      {
        started: (send, clock) => {
          control = { send, clock };
        },
        message(raw, done, fail) {
          const m = raw as SheetMessage;
          if (m.type === 'head') {
            head = { kind: m.kind, headers: m.headers, size: m.size, batches, cancel };
            resolve(head);
          } else if (m.type === 'rows') {
            queue.push(m.rows);
            // The worker waits for the consumer now: its time is not being spent.
            if (queue.length >= WINDOW) control?.clock.pause();
            signal();
          } else if (m.type === 'done') done();
          else fail(new ApiError(m.status, m.key, m.data));
        },
      },
      [bytes],
      positiveEnv('IMPORT_PARSE_TIMEOUT_MS', DEFAULT_TIMEOUT_MS),
    );
    run.then(
      () => {
        ended = true;
        signal();
      },
      (err: unknown) => {
        failure = budgetRefusal(err, file);
        ended = true;
        if (!head) reject(failure);
        signal();
      },
    );
  });

  function cancel(): void {
    queue.length = 0;
    control?.send({ type: 'cancel' });
    control?.clock.resume();
  }

  async function* batches(): AsyncGenerator<SheetRow[]> {
    try {
      for (;;) {
        const next = queue.shift();
        if (next) {
          control?.send({ type: 'more' });
          control?.clock.resume();
          yield next;
          continue;
        }
        if (failure) throw failure;
        if (ended) return;
        await new Promise<void>((r) => {
          wake = r;
        });
      }
    } finally {
      // Left early (a consumer that stops, or throws): the reader stops too.
      if (!ended) cancel();
    }
  }
}

/** Reads a whole (small) sheet: what openSheet reads, all at once. */
export async function readSheet(buf: Buffer, hint?: Language, file = ''): Promise<Sheet> {
  const stream = await openSheet(buf, hint, file);
  const rows: SheetRow[] = [];
  for await (const batch of stream.batches()) for (const r of batch) rows.push(r);
  return { kind: stream.kind, headers: stream.headers, rows };
}
