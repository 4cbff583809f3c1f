/** Rendering print templates to PDF in a small pool of worker threads (print-worker.ts), off the event loop (issue 22). */
import { WorkerPool, defaultPoolSize, positiveEnv } from '../workers/pool';
import type { PrintJob, PrintReply } from './print-worker';

/** A font with Chinese (and Vietnamese) glyphs for printed text: PRINT_FONT, else Debian's WenQuanYi Zen Hei when installed. */
const FONT_PATH = process.env.PRINT_FONT ?? '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc';
const FONT_FACE = process.env.PRINT_FONT_FACE ?? (FONT_PATH.endsWith('wqy-zenhei.ttc') ? 'WenQuanYiZenHei' : undefined);

let pool: WorkerPool | null = null;
function printPool(): WorkerPool {
  pool ??= new WorkerPool({
    entry: new URL('./print-worker.ts', import.meta.url),
    size: positiveEnv('PRINT_WORKERS', defaultPoolSize()),
    timeoutMs: positiveEnv('PRINT_TIMEOUT_MS', 60_000),
    memoryMb: positiveEnv('PRINT_MEMORY_MB', 512),
  });
  return pool;
}

export function renderPdf(job: Omit<PrintJob, 'font'>): Promise<Uint8Array> {
  return printPool().run<Uint8Array>({ ...job, font: { path: FONT_PATH, face: FONT_FACE } } satisfies PrintJob, {
    message(msg, done, fail) {
      const reply = msg as PrintReply;
      if (reply.type === 'pdf') done(new Uint8Array(reply.bytes));
      else fail(new Error(`print worker: ${reply.message}`));
    },
  });
}
