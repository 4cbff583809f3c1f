/**
 * The worker that renders print templates to PDF (see print-render.ts): laying out the labels and
 * subsetting a CJK font take long enough to stall every request if done on the event loop. The font
 * file is read here once per worker.
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { renderTemplate, type PrintFont } from '../../model/print/render';
import type { PrintData, PrintTemplate } from '../../model/print/template';

export interface PrintJob {
  template: PrintTemplate;
  records: PrintData[];
  copies: number;
  title: string;
  font: { path: string; face: string | undefined };
}

export type PrintReply = { type: 'pdf'; bytes: ArrayBuffer } | { type: 'failed'; message: string };

const fonts = new Map<string, Promise<PrintFont | undefined>>();
function fontAt(path: string, face: string | undefined): Promise<PrintFont | undefined> {
  let font = fonts.get(path);
  if (!font)
    fonts.set(
      path,
      (font = readFile(path).then(
        (bytes) => ({ bytes, face }),
        () => undefined,
      )),
    );
  return font;
}

parentPort!.on('message', (job: PrintJob) => {
  fontAt(job.font.path, job.font.face)
    .then((font) => renderTemplate(job.template, job.records, { copies: job.copies, title: job.title, font }))
    .then(
      (pdf) => {
        const bytes = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
        parentPort!.postMessage({ type: 'pdf', bytes } satisfies PrintReply, [bytes]);
      },
      (err: unknown) => parentPort!.postMessage({ type: 'failed', message: String(err) } satisfies PrintReply),
    );
});
