/**
 * The protocol of the local print service (`scripts/print-service.mjs`), spoken over WebSocket by
 * the browser on the workstation: list the printers, print a PDF or raw printer data to one.
 * A printer is a CUPS queue (`cups:<queue>`, sent with `lp`) or a network printer's raw port
 * (`raw:<host>:<port>`, usually 9100).
 */

export const PRINT_SERVICE_PORT = 17521;
export const PRINT_SERVICE_URL = `ws://127.0.0.1:${PRINT_SERVICE_PORT}`;

export interface ServicePrinter {
  /** `cups:<queue>` or `raw:<host>:<port>`. */
  id: string;
  name: string;
  isDefault?: boolean;
}

export type PrintRequest =
  | { type: 'printers'; id: string }
  | {
      type: 'print';
      id: string;
      printer: string;
      format: 'pdf' | 'raw';
      copies?: number;
      title?: string;
      /** base64 */ data: string;
    };

export type PrintReply =
  | { type: 'printers'; id: string; printers: ServicePrinter[] }
  | { type: 'printed'; id: string; bytes: number; job?: string }
  | { type: 'error'; id: string; reason: 'badRequest' | 'unknownPrinter' | 'printFailed'; detail?: string };

/** `raw:<host>:<port>` → host and port, or null. */
export function rawTarget(printer: string): { host: string; port: number } | null {
  const m = /^raw:([A-Za-z0-9.\-]+|\[[0-9A-Fa-f:]+\]):(\d{1,5})$/.exec(printer);
  if (!m) return null;
  const port = Number(m[2]);
  return port > 0 && port < 65536 ? { host: m[1]!.replace(/^\[|\]$/g, ''), port } : null;
}

/** `cups:<queue>` → the queue name (CUPS allows printable characters but space, / and #), or null. */
export function cupsQueue(printer: string): string | null {
  const m = /^cups:([^\s/#\\]{1,127})$/.exec(printer);
  return m ? m[1]! : null;
}

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
