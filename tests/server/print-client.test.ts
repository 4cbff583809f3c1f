/**
 * The browser's side of the local print service (subapps/basic/overrides/print-client.ts) against
 * the real service: the SPEC §8 failures (no WebSocket, service not running, no printer chosen,
 * printing failed) and a successful print, with `ws` standing in for the browser's WebSocket.
 */
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startPrintService } from '../../scripts/print-service.mjs';
import { PrintServiceError, listPrinters, printPdf } from '../../subapps/basic/overrides/print-client';

const global = globalThis as { WebSocket?: unknown };
const pdf = new TextEncoder().encode('%PDF-1.7\n% a label\n%%EOF\n');

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return e instanceof PrintServiceError ? e.key : `other: ${String(e)}`;
  }
  return 'resolved';
}

describe('print client', () => {
  const jobs: Buffer[] = [];
  let printer: net.Server;
  let rawPort: number;
  let service: Awaited<ReturnType<typeof startPrintService>>;
  let url: string;

  beforeAll(async () => {
    printer = net.createServer((socket) => {
      const parts: Buffer[] = [];
      socket.on('data', (d) => parts.push(d));
      socket.on('end', () => {
        jobs.push(Buffer.concat(parts));
        socket.end();
      });
    });
    await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
    rawPort = (printer.address() as net.AddressInfo).port;
    service = await startPrintService({
      port: 0,
      printers: [
        { id: `raw:127.0.0.1:${rawPort}`, name: 'Line 1' },
        { id: 'raw:127.0.0.1:1', name: 'Off' },
      ],
      lpstat: '/nonexistent/lpstat',
    });
    url = `ws://127.0.0.1:${service.port}`;
  });
  afterEach(() => {
    delete global.WebSocket;
  });
  afterAll(async () => {
    await service?.close();
    await new Promise<void>((resolve) => printer.close(() => resolve()));
  });

  it('says the browser lacks WebSocket', async () => {
    delete global.WebSocket;
    expect(await failure(listPrinters(url))).toBe('print.noWebSocket');
  });

  it('says the connection failed when no service listens', async () => {
    global.WebSocket = WebSocket;
    expect(await failure(listPrinters('ws://127.0.0.1:1'))).toBe('print.connectFailed');
  });

  it('lists printers, asks for a printer, prints, and says printing failed for a printer that is off', async () => {
    global.WebSocket = WebSocket;
    expect((await listPrinters(url)).map((p) => p.name)).toEqual(['Line 1', 'Off']);
    expect(await failure(printPdf(undefined, pdf, { url }))).toBe('print.selectPrinter');
    await printPdf(`raw:127.0.0.1:${rawPort}`, pdf, { url, copies: 2 });
    await expect.poll(() => jobs.length).toBe(1);
    expect(jobs[0]!.toString('latin1')).toBe(Buffer.from(pdf).toString('latin1').repeat(2));
    expect(await failure(printPdf('raw:127.0.0.1:1', pdf, { url }))).toBe('print.failed');
  });
});
