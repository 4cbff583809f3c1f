/**
 * The worker that reads uploaded sheets (see sheet.ts). Rows go back in small messages, so the
 * event loop that receives them never spends long on one; a refusal goes back as its status, key
 * and values.
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

/** Rows per message: 500 rows of 20 cells take about a millisecond to receive. */
const CHUNK = 500;

parentPort!.on('message', (job: SheetJob) => {
  const post = (m: SheetMessage) => parentPort!.postMessage(m);
  parseSheet(Buffer.from(job.bytes), job.hint, job.file, job.limits).then(
    (sheet) => {
      post({ type: 'head', kind: sheet.kind, headers: sheet.headers });
      for (let i = 0; i < sheet.rows.length; i += CHUNK) post({ type: 'rows', rows: sheet.rows.slice(i, i + CHUNK) });
      post({ type: 'done' });
    },
    (err: unknown) => {
      if (err instanceof ApiError) post({ type: 'refused', status: err.status, key: err.key, data: err.data });
      else post({ type: 'refused', status: 415, key: 'resource.import.fileType', data: { file: job.file } });
    },
  );
});
