/**
 * The worker that reads uploaded sheets (see sheet.ts). Rows go back in small messages as they are
 * read, at most `window` batches ahead of what the reader has taken (it sends `more` for each batch
 * it takes, `cancel` to stop); a refusal goes back as its status, key and values.
 */
import { parentPort } from 'node:worker_threads';
import type { Language } from '../../../model/languages';
import { ApiError } from '../../http';
import { parseSheet, type SheetKind, type SheetRow } from './sheet-parse';
import type { ZipLimits } from './zip-guard';

export interface SheetJob {
  bytes: ArrayBuffer;
  hint: Language | undefined;
  file: string;
  limits: ZipLimits;
  /** Batches posted and not yet taken, at most. */
  window: number;
}

export type SheetControl = { type: 'more' } | { type: 'cancel' };

export type SheetMessage =
  | { type: 'head'; kind: SheetKind; headers: string[]; size: number | null }
  | { type: 'rows'; rows: SheetRow[] }
  | { type: 'done' }
  | { type: 'refused'; status: number; key: string; data: unknown };

class Cancelled extends Error {}

let credit: { outstanding: number; waiting: (() => void) | null; cancelled: boolean } | null = null;

function read(job: SheetJob): void {
  const post = (m: SheetMessage) => parentPort!.postMessage(m);
  const flow = { outstanding: 0, waiting: null as (() => void) | null, cancelled: false };
  credit = flow;
  parseSheet(Buffer.from(job.bytes), job.hint, job.file, job.limits, {
    head: (kind, headers, size) => post({ type: 'head', kind, headers, size }),
    rows: (rows) => {
      if (flow.cancelled) throw new Cancelled();
      post({ type: 'rows', rows });
      flow.outstanding++;
      if (flow.outstanding < job.window) return;
      return new Promise<void>((resolve) => {
        flow.waiting = resolve;
      }).then(() => {
        if (flow.cancelled) throw new Cancelled();
      });
    },
  })
    .then(
      () => post({ type: 'done' }),
      (err: unknown) => {
        if (err instanceof Cancelled) post({ type: 'done' });
        else if (err instanceof ApiError) post({ type: 'refused', status: err.status, key: err.key, data: err.data });
        else post({ type: 'refused', status: 415, key: 'resource.import.fileType', data: { file: job.file } });
      },
    )
    .finally(() => {
      if (credit === flow) credit = null;
    });
}

parentPort!.on('message', (m: SheetJob | SheetControl) => {
  if ('bytes' in m) return read(m);
  if (!credit) return;
  if (m.type === 'cancel') credit.cancelled = true;
  else credit.outstanding--;
  const wake = credit.waiting;
  credit.waiting = null;
  wake?.();
});
