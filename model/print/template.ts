/**
 * Print templates (SPEC §3): a page of items (text, barcode, image) placed in millimetres, each
 * bound to a key of the data printed with it. Shared by the designer, the browser preview and the
 * server's renderer, so a label looks the same wherever it is drawn.
 */

export const TEMPLATE_TYPES = ['label', 'document'] as const;
export const FILE_TYPES = ['pdf', 'zpl', 'image'] as const;
export const CODE_TYPES = ['code128', 'qrcode', 'datamatrix'] as const;
export type CodeType = (typeof CODE_TYPES)[number];
export const PRINT_COLOURS = ['black', 'red', 'blue', 'green'] as const;
export type PrintColour = (typeof PRINT_COLOURS)[number];
export const ITEM_TYPES = ['text', 'barcode', 'qrcode', 'datamatrix', 'image'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** Rendering a template to PDF (`POST /api/basic-system/print-template/:id/render`) is its own menu button. */
export const PREVIEW_PERMISSION = 'basic:print-template:preview';

/** Largest page side in millimetres (A3 long side). */
export const MAX_PAGE_MM = 420;
/** Most copies one render may produce. */
export const MAX_COPIES = 500;
/** Most data records one render takes. */
export const MAX_RECORDS = 200;
/** A data key: letters, digits, underscores and dots. */
export const DATA_KEY = { source: '^[A-Za-z_][A-Za-z0-9_.]*$', key: 'validation.dataKey' } as const;

export interface TemplateItem {
  type: ItemType;
  /** The data key whose value is printed; empty: the fixed text. */
  key?: string | null;
  /** Fixed text, or what is printed when the data lacks the key. */
  text?: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Points, text items only. */
  fontSize?: number | null;
}

export interface PrintTemplate {
  name: string;
  pageWidth: number;
  pageHeight: number;
  colour?: PrintColour | null;
  items: TemplateItem[];
}

/** Values printed into one copy of a template, by data key. */
export type PrintData = Record<string, string | number | boolean | null | undefined>;

export const COLOURS_RGB: Record<PrintColour, [number, number, number]> = {
  black: [0, 0, 0],
  red: [0.8, 0, 0],
  blue: [0, 0.2, 0.7],
  green: [0, 0.5, 0.2],
};

/** The value an item prints: its data key's value, else its fixed text, else nothing. */
export function itemValue(item: TemplateItem, data: PrintData): string {
  const bound = item.key ? data[item.key] : undefined;
  if (bound !== undefined && bound !== null && String(bound) !== '') return String(bound);
  return item.text ?? '';
}

/**
 * The template's default content as data: a JSON object of key → value, or `key=value` lines.
 * Anything else is no data (the items fall back to their fixed text).
 */
export function parseDefaultContent(text: string | null | undefined): PrintData | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return {};
  if (trimmed.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(trimmed);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
      const out: PrintData = {};
      for (const [k, v] of Object.entries(value)) {
        if (v !== null && typeof v === 'object') return null;
        out[k] = v as PrintData[string];
      }
      return out;
    } catch {
      return null;
    }
  }
  const out: PrintData = {};
  for (const line of trimmed.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const at = line.indexOf('=');
    if (at <= 0) return null;
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/** The template as the renderer needs it, from a stored (or unsaved form) row. */
export function templateOf(row: Record<string, unknown>): PrintTemplate {
  const num = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || fallback;
  const items = Array.isArray(row.items) ? (row.items as Record<string, unknown>[]) : [];
  return {
    name: String(row.name ?? ''),
    pageWidth: num(row.pageWidth, 60),
    pageHeight: num(row.pageHeight, 40),
    colour: (row.colour as PrintColour | undefined) ?? 'black',
    items: items
      .filter((i) => (ITEM_TYPES as readonly string[]).includes(String(i.type)))
      .map((i) => ({
        type: i.type as ItemType,
        key: (i.key as string | null | undefined) ?? null,
        text: (i.text as string | null | undefined) ?? null,
        x: num(i.x, 0),
        y: num(i.y, 0),
        width: num(i.width, 10),
        height: num(i.height, 5),
        fontSize: i.fontSize == null ? null : num(i.fontSize, 10),
      })),
  };
}

interface Issue {
  field: string;
  key: string;
  params?: Record<string, string | number>;
}

/** Cross-field rules: items inside the page, default content readable. */
export function printTemplateIssues(row: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  if (parseDefaultContent(row.defaultContent as string | undefined) === null) {
    issues.push({ field: 'defaultContent', key: 'validation.defaultContent' });
  }
  const width = Number(row.pageWidth);
  const height = Number(row.pageHeight);
  const items = Array.isArray(row.items) ? (row.items as Record<string, unknown>[]) : [];
  items.forEach((item, i) => {
    const x = Number(item.x);
    const y = Number(item.y);
    const right = x + Number(item.width);
    const bottom = y + Number(item.height);
    if ([x, y, right, bottom].some((n) => !Number.isFinite(n))) return;
    if (right > width || bottom > height)
      issues.push({ field: `items.${i}.x`, key: 'validation.itemOutsidePage', params: { row: i + 1 } });
    if (item.type !== 'image' && !item.key && !item.text)
      issues.push({ field: `items.${i}.key`, key: 'validation.itemContent', params: { row: i + 1 } });
  });
  return issues;
}
