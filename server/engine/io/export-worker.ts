/**
 * The worker that writes exported sheets (see export-writer.ts): the main thread reads and converts
 * the rows and hands them over a chunk at a time; here xlsx-write.ts writes them and the file's
 * bytes go back as they come. One export at a time per worker; `begin` starts one.
 */
import { parentPort } from 'node:worker_threads';
import { XlsxWriter, type ExportCell, type SheetLayout } from './xlsx-write';

export type { ExportCell } from './xlsx-write';

export type ExportCommand =
  | ({ type: 'begin'; columns: { header: string; key: string; width: number }[] } & SheetLayout)
  | { type: 'rows'; rows: ExportCell[][] }
  | { type: 'end' }
  | { type: 'abort' };

export type ExportReply =
  { type: 'bytes'; chunk: ArrayBuffer } | { type: 'ack' } | { type: 'done' } | { type: 'failed'; message: string };

let current: XlsxWriter | null = null;
const post = (m: ExportReply, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(m, transfer);

function handle(cmd: ExportCommand): void | Promise<void> {
  switch (cmd.type) {
    case 'begin': {
      current = new XlsxWriter(cmd, (c: Buffer) => {
        // A copy of its own: the chunk may be a slice of a larger, shared buffer.
        const chunk = c.buffer.slice(c.byteOffset, c.byteOffset + c.byteLength) as ArrayBuffer;
        post({ type: 'bytes', chunk }, [chunk]);
      });
      post({ type: 'ack' });
      return;
    }
    case 'rows': {
      const writer = current!;
      // An export aborted meanwhile has been answered already.
      return writer.rows(cmd.rows).then(() => {
        if (current === writer) post({ type: 'ack' });
      });
    }
    case 'end': {
      const writer = current!;
      current = null;
      return writer.end().then(() => post({ type: 'done' }));
    }
    case 'abort':
      current?.abort();
      current = null;
      post({ type: 'done' });
  }
}

// Commands arrive in order: the next chunk is sent only after this one's `ack`, and `end` after the last.
parentPort!.on('message', (cmd: ExportCommand) => {
  try {
    const pending = handle(cmd);
    pending?.catch((err: unknown) => {
      current = null;
      post({ type: 'failed', message: String(err) });
    });
  } catch (err) {
    current = null;
    post({ type: 'failed', message: String(err) });
  }
});
