/** Talking to the local print service from the browser (one WebSocket per call; the service is on this workstation). */
import {
  PRINT_SERVICE_URL,
  toBase64,
  type PrintReply,
  type PrintRequest,
  type ServicePrinter,
} from '../../../model/print/service';

/** Why printing through the service did not happen, as message keys of the `basic` namespace (SPEC §8). */
export type PrintFailure = 'print.noWebSocket' | 'print.connectFailed' | 'print.failed' | 'print.selectPrinter';

export class PrintServiceError extends Error {
  constructor(
    readonly key: PrintFailure,
    readonly detail?: string,
  ) {
    super(key);
  }
}

const TIMEOUT_MS = 15_000;

function exchange(request: PrintRequest, url: string): Promise<PrintReply> {
  if (typeof WebSocket === 'undefined') return Promise.reject(new PrintServiceError('print.noWebSocket'));
  return new Promise((resolve, reject) => {
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch {
      reject(new PrintServiceError('print.connectFailed'));
      return;
    }
    let opened = false;
    const timer = setTimeout(() => {
      socket.close();
      reject(new PrintServiceError(opened ? 'print.failed' : 'print.connectFailed'));
    }, TIMEOUT_MS);
    socket.onopen = () => {
      opened = true;
      socket.send(JSON.stringify(request));
    };
    socket.onerror = () => {
      clearTimeout(timer);
      reject(new PrintServiceError(opened ? 'print.failed' : 'print.connectFailed'));
    };
    socket.onclose = () => {
      clearTimeout(timer);
      reject(new PrintServiceError(opened ? 'print.failed' : 'print.connectFailed'));
    };
    socket.onmessage = (e) => {
      clearTimeout(timer);
      try {
        const reply = JSON.parse(String(e.data)) as PrintReply;
        if (reply.id === request.id) resolve(reply);
      } catch {
        reject(new PrintServiceError('print.failed'));
      }
      socket.close();
    };
  });
}

const nextId = () => Math.random().toString(36).slice(2);

export async function listPrinters(url = PRINT_SERVICE_URL): Promise<ServicePrinter[]> {
  const reply = await exchange({ type: 'printers', id: nextId() }, url);
  if (reply.type !== 'printers')
    throw new PrintServiceError('print.failed', reply.type === 'error' ? reply.detail : undefined);
  return reply.printers;
}

export interface PrintOptions {
  copies?: number;
  title?: string;
  url?: string;
  /** `raw`: printer commands (ZPL) sent as they are to a raw port. Default `pdf`. */
  format?: 'pdf' | 'raw';
}

export async function printPdf(
  printer: string | null | undefined,
  document: Uint8Array,
  options: PrintOptions = {},
): Promise<void> {
  if (!printer) throw new PrintServiceError('print.selectPrinter');
  const request = {
    type: 'print' as const,
    id: nextId(),
    printer,
    format: options.format ?? 'pdf',
    copies: options.copies,
    title: options.title,
    data: toBase64(document),
  };
  const reply = await exchange(request, options.url ?? PRINT_SERVICE_URL);
  if (reply.type !== 'printed')
    throw new PrintServiceError('print.failed', reply.type === 'error' ? reply.detail : undefined);
}
