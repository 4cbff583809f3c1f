/**
 * The local print service (scripts/print-service.mjs): printers listed, a rendered label sent to a
 * raw-9100 listener started here and to CUPS through `lp` (a stand-in `lp` that records what it
 * got), printing failures and unknown printers answered, pages of other origins refused.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { renderTemplate } from '../../model/print/render';
import { toBase64, type PrintReply } from '../../model/print/service';
import { parsePrinterList, startPrintService } from '../../scripts/print-service.mjs';
import { pageCount, shownText } from '../unit/pdf-text';

/** A raw printer port: collects every connection's bytes. */
async function rawListener() {
  const jobs: Buffer[] = [];
  const server = net.createServer((socket) => {
    const parts: Buffer[] = [];
    socket.on('data', (d) => parts.push(d));
    socket.on('end', () => {
      jobs.push(Buffer.concat(parts));
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, jobs, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function ask(port: number, request: Record<string, unknown>, origin = 'http://localhost:5173'): Promise<PrintReply> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}`, { origin });
    ws.on('open', () => ws.send(JSON.stringify(request)));
    ws.on('message', (data) => {
      resolve(JSON.parse(String(data)) as PrintReply);
      ws.close();
    });
    ws.on('error', reject);
  });
}

describe('print service', () => {
  let raw: Awaited<ReturnType<typeof rawListener>>;
  let service: Awaited<ReturnType<typeof startPrintService>>;
  let dir: string;
  let pdf: Uint8Array;

  beforeAll(async () => {
    raw = await rawListener();
    dir = mkdtempSync(path.join(tmpdir(), 'print-service-'));
    // Stand-ins for CUPS: lp records its arguments and the document; lpstat names one queue.
    writeFileSync(
      path.join(dir, 'lp'),
      `#!/bin/sh\necho "$@" > "${dir}/lp-args"\ncat > "${dir}/lp-data"\necho "request id is LABELS-7 (1 file(s))"\n`,
    );
    writeFileSync(
      path.join(dir, 'lpstat'),
      '#!/bin/sh\nif [ "$1" = "-e" ]; then echo LABELS; else echo "system default destination: LABELS"; fi\n',
    );
    chmodSync(path.join(dir, 'lp'), 0o755);
    chmodSync(path.join(dir, 'lpstat'), 0o755);
    service = await startPrintService({
      port: 0,
      printers: parsePrinterList(`raw:127.0.0.1:${raw.port}=Line 1 labels,raw:127.0.0.1:1=Switched off,bogus=Nothing`),
      lp: path.join(dir, 'lp'),
      lpstat: path.join(dir, 'lpstat'),
    });
    pdf = await renderTemplate(
      {
        name: 'L',
        pageWidth: 60,
        pageHeight: 40,
        items: [
          { type: 'text', key: 'sn', x: 2, y: 2, width: 50, height: 6, fontSize: 10 },
          { type: 'barcode', key: 'sn', x: 2, y: 10, width: 50, height: 12 },
        ],
      },
      [{ sn: 'SMF00126061400009' }],
    );
  });
  afterAll(async () => {
    await service?.close();
    await raw?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists the configured raw printers and the CUPS queues, the CUPS default marked', async () => {
    const reply = await ask(service.port, { type: 'printers', id: 'a' });
    expect(reply).toEqual({
      type: 'printers',
      id: 'a',
      printers: [
        { id: `raw:127.0.0.1:${raw.port}`, name: 'Line 1 labels' },
        { id: 'raw:127.0.0.1:1', name: 'Switched off' },
        { id: 'cups:LABELS', name: 'LABELS', isDefault: true },
      ],
    });
  });

  it('sends the PDF to the raw port once per copy, byte for byte', async () => {
    const reply = await ask(service.port, {
      type: 'print',
      id: 'b',
      printer: `raw:127.0.0.1:${raw.port}`,
      format: 'pdf',
      copies: 2,
      data: toBase64(pdf),
    });
    expect(reply).toEqual({ type: 'printed', id: 'b', bytes: pdf.length });
    const job = raw.jobs.at(-1)!;
    expect(job.length).toBe(pdf.length * 2);
    const first = job.subarray(0, pdf.length);
    expect(first.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Buffer.compare(first, Buffer.from(pdf))).toBe(0);
    expect(pageCount(first)).toBe(1);
    expect(shownText(first)).toContain('SMF00126061400009');
  });

  it('sends the PDF to a CUPS queue with lp, copies and title as options', async () => {
    const reply = await ask(service.port, {
      type: 'print',
      id: 'c',
      printer: 'cups:LABELS',
      format: 'pdf',
      copies: 3,
      title: 'Meter label',
      data: toBase64(pdf),
    });
    expect(reply).toEqual({ type: 'printed', id: 'c', bytes: pdf.length, job: 'LABELS-7' });
    expect(readFileSync(path.join(dir, 'lp-args'), 'utf8').trim()).toBe('-d LABELS -n 3 -t Meter label -');
    expect(Buffer.compare(readFileSync(path.join(dir, 'lp-data')), Buffer.from(pdf))).toBe(0);
  });

  it('answers printing failed for a printer that does not answer, and refuses unknown printers and bad requests', async () => {
    const off = await ask(service.port, {
      type: 'print',
      id: 'd',
      printer: 'raw:127.0.0.1:1',
      format: 'pdf',
      data: toBase64(pdf),
    });
    expect(off).toMatchObject({ type: 'error', id: 'd', reason: 'printFailed' });
    const unknown = await ask(service.port, {
      type: 'print',
      id: 'e',
      printer: 'raw:10.9.9.9:9100',
      format: 'pdf',
      data: toBase64(pdf),
    });
    expect(unknown).toEqual({ type: 'error', id: 'e', reason: 'unknownPrinter' });
    const bad = await ask(service.port, { type: 'print', id: 'f', printer: 'cups:LABELS' });
    expect(bad).toEqual({ type: 'error', id: 'f', reason: 'badRequest' });
  });

  it('refuses a connection from a page of another origin', async () => {
    await expect(ask(service.port, { type: 'printers', id: 'g' }, 'https://evil.example')).rejects.toThrow(/403/);
  });
});
