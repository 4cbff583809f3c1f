#!/usr/bin/env node
/**
 * The local print service: a small program on the workstation that the portal's pages speak to over
 * WebSocket (ws://127.0.0.1:17521) to print labels to a chosen printer, which a browser cannot do
 * alone. Protocol: model/print/service.ts. Printers:
 *   cups:<queue>        the PDF goes to CUPS with `lp -d <queue>` (queues from `lpstat -e`);
 *   raw:<host>:<port>   the bytes go as they are to a network printer's raw port (usually 9100).
 *
 * Options (environment):
 *   PRINT_SERVICE_PORT      listening port on 127.0.0.1 (default 17521)
 *   PRINT_SERVICE_PRINTERS  raw printers, comma-separated `raw:10.0.0.9:9100=Line 1 labels`
 *   PRINT_SERVICE_ORIGINS   page origins allowed to print, comma-separated (default: http(s)://localhost
 *                           and 127.0.0.1 on any port); any other page's connection is refused, so a
 *                           website the operator happens to open cannot print
 *   PRINT_SERVICE_LP, PRINT_SERVICE_LPSTAT   the CUPS commands (default lp, lpstat)
 */
import { spawn, execFile } from 'node:child_process';
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import { WebSocketServer } from 'ws';

export const DEFAULT_PORT = 17521;
const MAX_BYTES = 20 * 1024 * 1024;
const RAW_TIMEOUT_MS = 15_000;
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export function rawTarget(printer) {
  const m = /^raw:([A-Za-z0-9.\-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})$/.exec(printer);
  if (!m) return null;
  const port = Number(m[2]);
  return port > 0 && port < 65536 ? { host: m[1].replace(/^\[|\]$/g, ''), port } : null;
}

export function cupsQueue(printer) {
  const m = /^cups:([^\s/#\\]{1,127})$/.exec(printer);
  return m ? m[1] : null;
}

/** `raw:h:p=Name,raw:…` → printers. */
export function parsePrinterList(text) {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const at = entry.indexOf('=');
      const id = at < 0 ? entry : entry.slice(0, at);
      return { id, name: at < 0 ? id : entry.slice(at + 1) };
    })
    .filter((p) => rawTarget(p.id) || cupsQueue(p.id));
}

function run(cmd, args) {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: 5000 }, (err, stdout) => resolve(err ? '' : String(stdout)));
  });
}

/** CUPS queues (`lpstat -e`) and the default one (`lpstat -d`); none where CUPS is absent. */
async function cupsPrinters(lpstat) {
  const queues = (await run(lpstat, ['-e']))
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  const def = /:\s*(\S+)\s*$/.exec(await run(lpstat, ['-d']))?.[1];
  return queues.map((q) => ({ id: `cups:${q}`, name: q, isDefault: q === def }));
}

function sendRaw({ host, port }, bytes, copies) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(RAW_TIMEOUT_MS, () => socket.destroy(new Error('timeout')));
    socket.once('error', reject);
    socket.once('connect', () => {
      for (let i = 0; i < copies; i++) socket.write(bytes);
      socket.end();
    });
    socket.once('close', (hadError) => {
      if (!hadError) resolve();
    });
  });
}

function sendCups(lp, queue, bytes, copies, title) {
  return new Promise((resolve, reject) => {
    const args = ['-d', queue, '-n', String(copies)];
    if (title) args.push('-t', title);
    args.push('-');
    const child = spawn(lp, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(/request id is (\S+)/.exec(out)?.[1]);
      else reject(new Error(err.trim() || `lp exited with ${code}`));
    });
    child.stdin.end(Buffer.from(bytes));
  });
}

/**
 * Starts the service; resolves with `{ port, close }` once listening.
 * @param {{ port?: number, printers?: {id: string, name: string}[], origins?: string[], lp?: string, lpstat?: string, log?: (line: string) => void }} options
 */
export async function startPrintService(options = {}) {
  const lp = options.lp ?? 'lp';
  const lpstat = options.lpstat ?? 'lpstat';
  const log = options.log ?? (() => undefined);
  const origins = options.origins ?? [];
  const allowed = (origin) => !origin || LOCAL_ORIGIN.test(origin) || origins.includes(origin);
  const listPrinters = async () => [...(options.printers ?? []), ...(await cupsPrinters(lpstat))];

  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: options.port ?? DEFAULT_PORT,
    maxPayload: Math.ceil(MAX_BYTES * 1.4),
    verifyClient: ({ origin }, done) => (allowed(origin) ? done(true) : done(false, 403, 'Origin not allowed')),
  });
  await new Promise((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });

  async function handle(msg) {
    const id = typeof msg?.id === 'string' ? msg.id : '';
    if (msg?.type === 'printers') return { type: 'printers', id, printers: await listPrinters() };
    if (msg?.type !== 'print' || typeof msg.printer !== 'string' || typeof msg.data !== 'string')
      return { type: 'error', id, reason: 'badRequest' };
    const bytes = Buffer.from(msg.data, 'base64');
    const copies = Number.isInteger(msg.copies) && msg.copies > 0 && msg.copies <= 500 ? msg.copies : 1;
    if (bytes.length === 0 || bytes.length > MAX_BYTES) return { type: 'error', id, reason: 'badRequest' };
    const known = (await listPrinters()).some((p) => p.id === msg.printer);
    const raw = rawTarget(msg.printer);
    const queue = cupsQueue(msg.printer);
    if (!known || (!raw && !queue)) return { type: 'error', id, reason: 'unknownPrinter' };
    try {
      if (raw) {
        await sendRaw(raw, bytes, copies);
        log(`printed ${bytes.length} bytes × ${copies} to ${msg.printer}`);
        return { type: 'printed', id, bytes: bytes.length };
      }
      const job = await sendCups(
        lp,
        queue,
        bytes,
        copies,
        typeof msg.title === 'string' ? msg.title.slice(0, 100) : '',
      );
      log(`printed ${bytes.length} bytes × ${copies} to ${msg.printer} (${job ?? 'no job id'})`);
      return { type: 'printed', id, bytes: bytes.length, job };
    } catch (e) {
      log(`printing to ${msg.printer} failed: ${e.message}`);
      return { type: 'error', id, reason: 'printFailed', detail: e.message };
    }
  }

  wss.on('connection', (socket) => {
    socket.on('message', async (data) => {
      let msg;
      try {
        msg = JSON.parse(String(data));
      } catch {
        msg = null;
      }
      socket.send(JSON.stringify(await handle(msg)));
    });
  });

  return {
    port: wss.address().port,
    close: () =>
      new Promise((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const service = await startPrintService({
    port: Number(process.env.PRINT_SERVICE_PORT) || DEFAULT_PORT,
    printers: parsePrinterList(process.env.PRINT_SERVICE_PRINTERS),
    origins: (process.env.PRINT_SERVICE_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    lp: process.env.PRINT_SERVICE_LP,
    lpstat: process.env.PRINT_SERVICE_LPSTAT,
    log: (line) => console.log(`[print-service] ${line}`),
  });
  console.log(`[print-service] listening on ws://127.0.0.1:${service.port}`);
}
