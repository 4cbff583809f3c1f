/**
 * The worker that writes exported sheets (see export-writer.ts): the main thread reads and converts
 * the rows and hands them over a chunk at a time; here exceljs writes them and the file's bytes go
 * back as they come. One export at a time per worker; `begin` starts one.
 */
import { PassThrough } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

export type ExportCell = string | number | Date | null;

export type ExportCommand =
  | {
      type: 'begin';
      sheet: string;
      columns: { header: string; key: string; width: number }[];
      dateColumns: (readonly [number, string])[];
    }
  | { type: 'rows'; rows: ExportCell[][] }
  | { type: 'end' }
  | { type: 'abort' };

export type ExportReply =
  { type: 'bytes'; chunk: ArrayBuffer } | { type: 'ack' } | { type: 'done' } | { type: 'failed'; message: string };

let current: {
  out: PassThrough;
  wb: ExcelJS.stream.xlsx.WorkbookWriter;
  ws: ExcelJS.Worksheet;
  dateColumns: (readonly [number, string])[];
} | null = null;
const post = (m: ExportReply, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(m, transfer);

function handle(cmd: ExportCommand): void | Promise<void> {
  switch (cmd.type) {
    case 'begin': {
      const out = new PassThrough();
      out.on('data', (c: Buffer) => {
        // A copy of its own: the chunk may be a slice of a larger, shared buffer.
        const chunk = c.buffer.slice(c.byteOffset, c.byteOffset + c.byteLength) as ArrayBuffer;
        post({ type: 'bytes', chunk }, [chunk]);
      });
      // No shared strings, and styles only for date columns (a date is a number with a date format):
      // each halves the writer's speed on large sheets.
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: cmd.dateColumns.length > 0,
        useSharedStrings: false,
      });
      const ws = wb.addWorksheet(cmd.sheet);
      ws.columns = cmd.columns;
      ws.getRow(1).commit();
      current = { out, wb, ws, dateColumns: cmd.dateColumns };
      post({ type: 'ack' });
      return;
    }
    case 'rows': {
      const { ws, dateColumns } = current!;
      for (const cells of cmd.rows) {
        const row = ws.addRow(cells);
        for (const [col, numFmt] of dateColumns)
          if (row.getCell(col).value instanceof Date) row.getCell(col).numFmt = numFmt;
        row.commit();
      }
      post({ type: 'ack' });
      return;
    }
    case 'end': {
      const { out, wb, ws } = current!;
      current = null;
      ws.commit();
      return wb
        .commit()
        .then(() => new Promise<void>((resolve) => (out.readableEnded ? resolve() : out.once('end', resolve))))
        .then(() => post({ type: 'done' }));
    }
    case 'abort':
      current?.out.destroy();
      current = null;
      post({ type: 'done' });
  }
}

// Commands arrive in order and `end` is the last one of an export: its asynchronous part runs alone.
parentPort!.on('message', (cmd: ExportCommand) => {
  try {
    const pending = handle(cmd);
    pending?.catch((err: unknown) => post({ type: 'failed', message: String(err) }));
  } catch (err) {
    current = null;
    post({ type: 'failed', message: String(err) });
  }
});
