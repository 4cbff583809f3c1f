/**
 * An uploaded sheet (.xlsx or .csv, told apart by content) as rows of cells with their sheet row
 * numbers, read in a worker thread: the zip inspection and the parsing never hold the event loop.
 * Each read has a time and memory budget (IMPORT_PARSE_TIMEOUT_MS, IMPORT_PARSE_MEMORY_MB); the
 * pool's size follows the machine (IMPORT_PARSE_WORKERS).
 */
import type { Language } from '../../../model/languages';
import { ApiError } from '../../http';
import { JobBudgetError, WorkerPool, defaultPoolSize, positiveEnv } from '../../workers/pool';
import type { Sheet, SheetRow } from './sheet-parse';
import type { SheetJob, SheetMessage } from './sheet-worker';
import { zipLimits } from './zip-guard';

export { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, sniffSheet, type Cell, type Sheet, type SheetKind, type SheetRow } from './sheet-parse';

const DEFAULT_TIMEOUT_MS = 120_000;
let pool: WorkerPool | null = null;

function sheetPool(): WorkerPool {
  pool ??= new WorkerPool({
    entry: new URL('./sheet-worker.ts', import.meta.url),
    size: positiveEnv('IMPORT_PARSE_WORKERS', defaultPoolSize()),
    timeoutMs: DEFAULT_TIMEOUT_MS,
    memoryMb: positiveEnv('IMPORT_PARSE_MEMORY_MB', 1536),
  });
  return pool;
}

/**
 * Reads the first worksheet (or the CSV records, in whatever encoding and with whichever separator
 * the file has; `hint`, the uploader's language, settles an encoding its bytes leave open): row 1
 * the headers, blank rows skipped. 415 when unreadable, 413 past the limits; `file` names the upload
 * in the messages.
 */
export async function readSheet(buf: Buffer, hint?: Language, file = ''): Promise<Sheet> {
  // A copy the worker takes over: the upload's own buffer may be a slice of a shared pool.
  const bytes = new Uint8Array(buf).buffer;
  const job: SheetJob = { bytes, hint, file, limits: zipLimits() };
  let head: { kind: Sheet['kind']; headers: string[] } | null = null;
  const rows: SheetRow[] = [];
  try {
    return await sheetPool().run<Sheet>(job, {
      message(raw, done, fail) {
        const m = raw as SheetMessage;
        if (m.type === 'head') head = { kind: m.kind, headers: m.headers };
        else if (m.type === 'rows') for (const r of m.rows) rows.push(r);
        else if (m.type === 'done') done({ ...head!, rows });
        else fail(new ApiError(m.status, m.key, m.data));
      },
    }, [bytes], positiveEnv('IMPORT_PARSE_TIMEOUT_MS', DEFAULT_TIMEOUT_MS));
  } catch (err) {
    if (err instanceof JobBudgetError) throw new ApiError(413, 'resource.import.parseBudget', { file });
    throw err;
  }
}
