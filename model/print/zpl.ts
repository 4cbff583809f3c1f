/**
 * A template as ZPL, the command language of thermal label printers, for templates whose file type
 * is `zpl`: what the print service sends raw to a printer's port 9100. Positions in dots at the
 * printer's resolution (203 dpi = 8 dots/mm by default).
 */
import { itemValue, type PrintData, type PrintTemplate, type TemplateItem } from './template';

export const DOTS_PER_MM = 8;

/** Field data ZPL can carry: ^ and ~ are command prefixes, so they are written as hex escapes (^FH). */
function fieldData(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[_^~\\]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function itemZpl(item: TemplateItem, value: string, dots: number): string {
  const d = (mm: number) => Math.max(0, Math.round(mm * dots));
  const at = `^FO${d(item.x)},${d(item.y)}`;
  const data = `^FH^FD${fieldData(value)}^FS`;
  switch (item.type) {
    case 'text': {
      // Font size in points → character height in dots.
      const h = Math.max(10, Math.round((((item.fontSize ?? 10) * 25.4) / 72) * dots));
      return `${at}^A0N,${h},${h}^FB${d(item.width)},1,0,L${data}`;
    }
    case 'barcode':
      return `${at}^BY2^BCN,${d(item.height)},N,N,N${data}`;
    case 'qrcode': {
      const mag = Math.min(10, Math.max(1, Math.floor(d(Math.min(item.width, item.height)) / 29)));
      return `${at}^BQN,2,${mag}^FH^FDMA,${fieldData(value)}^FS`;
    }
    case 'datamatrix': {
      const module = Math.min(12, Math.max(1, Math.floor(d(Math.min(item.width, item.height)) / 16)));
      return `${at}^BXN,${module},200${data}`;
    }
    case 'image':
      // Images need a ^GF graphic upload; a frame keeps the layout readable instead.
      return `${at}^GB${d(item.width)},${d(item.height)},2^FS`;
  }
}

/** One label per record, `copies` of each (^PQ), as ZPL text. */
export function templateToZpl(template: PrintTemplate, records: PrintData[], copies = 1, dots = DOTS_PER_MM): string {
  const labels = (records.length ? records : [{}]).map((data) => {
    const fields = template.items
      .map((item) => ({ item, value: itemValue(item, data) }))
      .filter(({ item, value }) => value !== '' || item.type === 'image')
      .map(({ item, value }) => itemZpl(item, value, dots));
    return [
      '^XA',
      '^CI28',
      `^PW${Math.round(template.pageWidth * dots)}`,
      `^LL${Math.round(template.pageHeight * dots)}`,
      ...fields,
      `^PQ${Math.max(1, copies)}`,
      '^XZ',
    ].join('\n');
  });
  return `${labels.join('\n')}\n`;
}
