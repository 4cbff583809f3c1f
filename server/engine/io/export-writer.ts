/**
 * Writing an export's sheet off the event loop (issue 22): a pool of workers (export-worker.ts)
 * writes the .xlsx while the main thread reads and converts the next chunk of rows. One chunk is in
 * the worker's hands at a time, and none is sent while the response is full, so memory stays flat.
 */
import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import { WorkerPool, defaultPoolSize, positiveEnv } from '../../workers/pool';
import type { ExportCell, ExportCommand, ExportReply } from './export-worker';

let pool: WorkerPool | null = null;
function exportPool(): WorkerPool {
  pool ??= new WorkerPool({
    entry: new URL('./export-worker.ts', import.meta.url),
    size: positiveEnv('EXPORT_WORKERS', defaultPoolSize()),
    timeoutMs: positiveEnv('EXPORT_TIMEOUT_MS', 15 * 60_000),
    memoryMb: positiveEnv('EXPORT_MEMORY_MB', 512),
    // A user waits on an export: its worker shares the machine evenly unless told otherwise.
    lowPriority: process.env.EXPORT_LOW_PRIORITY === 'on',
  });
  return pool;
}

export interface SheetWriter {
  /** Hands a chunk of rows to the worker; resolves once the one before it is written. */
  write(rows: ExportCell[][]): Promise<void>;
  /** Ends the file; resolves when its last byte is in `stream`. */
  end(): Promise<void>;
  /** Stops the worker's export (the response went away). */
  abort(): void;
}

export function sheetWriter(begin: Extract<ExportCommand, { type: 'begin' }>, stream: PassThrough): SheetWriter {
  let send: ((cmd: ExportCommand) => void) | null = null;
  let aborted = false;
  let acked: () => void = () => undefined;
  let ack = new Promise<void>((resolve) => {
    acked = resolve;
  });
  const finished = exportPool().run<void>(begin, {
    started: (post) => {
      send = post;
      if (aborted) post({ type: 'abort' });
    },
    message(msg, done, fail) {
      const reply = msg as ExportReply;
      if (reply.type === 'bytes') stream.write(Buffer.from(reply.chunk));
      else if (reply.type === 'ack') acked();
      else if (reply.type === 'done') done();
      else fail(new Error(`export worker: ${reply.message}`));
    },
  });
  // Until `end` is awaited a failure surfaces through the next `write`.
  let failure: unknown = null;
  finished.catch((err: unknown) => {
    failure = err;
    acked();
  });
  return {
    async write(rows) {
      await ack;
      if (failure) throw failure;
      if (stream.writableNeedDrain) await once(stream, 'drain');
      ack = new Promise<void>((resolve) => {
        acked = resolve;
      });
      send!({ type: 'rows', rows });
    },
    async end() {
      await ack;
      if (failure) throw failure;
      send!({ type: 'end' });
      await finished;
    },
    abort() {
      aborted = true;
      send?.({ type: 'abort' });
      finished.catch(() => undefined);
    },
  };
}
