/**
 * The worker that reads uploaded sheets (see sheet.ts). Rows go back in small messages as they are
 * read, so the event loop that receives them never spends long on one; a refusal goes back as its
 * status, key and values.
 */
import { parentPort } from 'node:worker_threads';
import type { Language } from '../../../model/languages';
import { ApiError } from '../../http';
import { parseSheet, type SheetRow } from './sheet-parse';
import type { ZipLimits } from './zip-guard';

export interface SheetJob {
  bytes: ArrayBuffer;
  hint: Language | undefined;
  file: string;
  limits: ZipLimits;
}

export type SheetMessage =
  | { type: 'head'; kind: 'xlsx' | 'csv'; headers: string[] }
  | { type: 'rows'; rows: SheetRow[] }
  | { type: 'done' }
  | { type: 'refused'; status: number; key: string; data: unknown };

parentPort!.on('message', (job: SheetJob) => {
  const post = (m: SheetMessage) => parentPort!.postMessage(m);
  // Rows go out as they are read (in batches of a few hundred: each takes about a millisecond to receive).
  parseSheet(Buffer.from(job.bytes), job.hint, job.file, job.limits, {
    head: (kind, headers) => post({ type: 'head', kind, headers }),
    rows: (rows) => post({ type: 'rows', rows }),
  }).then(
    () => post({ type: 'done' }),
    (err: unknown) => {
      if (err instanceof ApiError) post({ type: 'refused', status: err.status, key: err.key, data: err.data });
      else post({ type: 'refused', status: 415, key: 'resource.import.fileType', data: { file: job.file } });
    },
  );
});
