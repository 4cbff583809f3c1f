/** Types of scripts/print-service.mjs, for the tests that start it. */
export const DEFAULT_PORT: number;
export interface ServicePrinterEntry {
  id: string;
  name: string;
  isDefault?: boolean;
}
export function rawTarget(printer: string): { host: string; port: number } | null;
export function cupsQueue(printer: string): string | null;
export function parsePrinterList(text: string | undefined): ServicePrinterEntry[];
export function startPrintService(options?: {
  port?: number;
  printers?: ServicePrinterEntry[];
  origins?: string[];
  lp?: string;
  lpstat?: string;
  log?: (line: string) => void;
}): Promise<{ port: number; close: () => Promise<void> }>;
