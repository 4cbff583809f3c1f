/**
 * Renders a print template with data to PDF (pdf-lib), on the server (the render route) and in the
 * browser (the designer's preview): one page per copy and data record.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import { barcodeShape } from './barcode';
import {
  COLOURS_RGB,
  itemValue,
  type CodeType,
  type PrintData,
  type PrintTemplate,
  type TemplateItem,
} from './template';

/** Points per millimetre. */
export const PT_PER_MM = 72 / 25.4;

const CODE_OF: Partial<Record<TemplateItem['type'], CodeType>> = {
  barcode: 'code128',
  qrcode: 'qrcode',
  datamatrix: 'datamatrix',
};

/**
 * Text the font can draw: characters outside it become "?" (with the standard font, everything
 * beyond WinAnsi), so a label with a stray character still prints rather than failing.
 */
export function printable(font: PDFFont, text: string): string {
  const chars = font.getCharacterSet();
  const set = new Set(chars);
  return Array.from(text.replace(/\r?\n/g, ' '))
    .map((c) => (set.has(c.codePointAt(0)!) ? c : '?'))
    .join('');
}

interface Ctx {
  page: PDFPage;
  font: PDFFont;
  colour: ReturnType<typeof rgb>;
  pageHeight: number;
  images: Map<string, PDFImage | null>;
  doc: PDFDocument;
}

/** Top-left millimetres → PDF points from the bottom. */
function box(ctx: Ctx, item: TemplateItem) {
  const x = item.x * PT_PER_MM;
  const w = item.width * PT_PER_MM;
  const h = item.height * PT_PER_MM;
  const top = ctx.pageHeight - item.y * PT_PER_MM;
  return { x, w, h, top, bottom: top - h };
}

function drawText(ctx: Ctx, item: TemplateItem, value: string) {
  const { x, w, top, h } = box(ctx, item);
  let size = item.fontSize ?? 10;
  const text = printable(ctx.font, value);
  // Shrink to fit the box rather than run over the next item.
  const width = ctx.font.widthOfTextAtSize(text, size);
  if (width > w && width > 0) size = Math.max(4, (size * w) / width);
  size = Math.min(size, h / ctx.font.heightAtSize(1, { descender: true }) || size);
  ctx.page.drawText(text, {
    x,
    y: top - ctx.font.heightAtSize(size, { descender: false }),
    size,
    font: ctx.font,
    color: ctx.colour,
  });
}

function drawCode(ctx: Ctx, item: TemplateItem, type: CodeType, value: string) {
  const shape = barcodeShape(type, value);
  const { x, w, h, top, bottom } = box(ctx, item);
  if (!shape) {
    // Not encodable: a crossed box says so on the label instead of a wrong symbol.
    ctx.page.drawRectangle({ x, y: bottom, width: w, height: h, borderColor: ctx.colour, borderWidth: 0.5 });
    ctx.page.drawLine({ start: { x, y: bottom }, end: { x: x + w, y: top }, color: ctx.colour, thickness: 0.5 });
    return;
  }
  if (shape.bars.length) {
    const sx = w / shape.width;
    for (const bar of shape.bars)
      ctx.page.drawRectangle({ x: x + bar.x * sx, y: bottom, width: bar.width * sx, height: h, color: ctx.colour });
    return;
  }
  const scale = Math.min(w / shape.width, h / shape.height);
  for (const d of shape.paths) ctx.page.drawSvgPath(d, { x, y: top, scale, color: ctx.colour, borderWidth: 0 });
}

const DATA_URL = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=]+)$/;

async function drawImage(ctx: Ctx, item: TemplateItem, value: string) {
  const { x, w, h, bottom } = box(ctx, item);
  let image = ctx.images.get(value);
  if (image === undefined) {
    const m = DATA_URL.exec(value);
    try {
      image = m ? (m[1] === 'png' ? await ctx.doc.embedPng(m[2]!) : await ctx.doc.embedJpg(m[2]!)) : null;
    } catch {
      image = null;
    }
    ctx.images.set(value, image);
  }
  if (image) ctx.page.drawImage(image, { x, y: bottom, width: w, height: h });
  else ctx.page.drawRectangle({ x, y: bottom, width: w, height: h, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 });
}

/** A TrueType font (or one face of a collection) for text beyond Latin: Chinese, Vietnamese … */
export interface PrintFont {
  bytes: Uint8Array;
  /** The face's PostScript name inside a collection (.ttc). */
  face?: string;
}

export interface RenderOptions {
  /** Copies of each record (default 1). */
  copies?: number;
  title?: string;
  /** Text is drawn with this font (subset-embedded) instead of the standard Helvetica. */
  font?: PrintFont;
}

/**
 * Helvetica while every text fits it (small files, any viewer); the given font when some text does
 * not (a Chinese product name), so it prints instead of turning into "?".
 */
async function fontOf(doc: PDFDocument, font: PrintFont | undefined, texts: readonly string[]): Promise<PDFFont> {
  const standard = await doc.embedFont(StandardFonts.Helvetica);
  const set = new Set(standard.getCharacterSet());
  if (!font || texts.every((t) => Array.from(t.replace(/\r?\n/g, ' ')).every((c) => set.has(c.codePointAt(0)!))))
    return standard;
  // Loaded only when a font is given: the browser's preview does not carry the font engine.
  const fontkit = (await import('@pdf-lib/fontkit')).default;
  doc.registerFontkit({ create: (bytes: Uint8Array) => fontkit.create(bytes as never, font.face as never) } as never);
  return doc.embedFont(font.bytes, { subset: true });
}

/** The template filled with each record, `copies` pages per record, as PDF bytes. */
export async function renderTemplate(
  template: PrintTemplate,
  records: PrintData[],
  options: RenderOptions = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(options.title ?? template.name);
  doc.setProducer('mes-portal');
  const texts = (records.length ? records : [{}]).flatMap((data) =>
    template.items.filter((i) => i.type === 'text').map((i) => itemValue(i, data) ?? ''),
  );
  const font = await fontOf(doc, options.font, texts);
  const [r, g, b] = COLOURS_RGB[template.colour ?? 'black'] ?? COLOURS_RGB.black;
  const size: [number, number] = [template.pageWidth * PT_PER_MM, template.pageHeight * PT_PER_MM];
  const images = new Map<string, PDFImage | null>();
  const copies = Math.max(1, options.copies ?? 1);
  for (const data of records.length ? records : [{}]) {
    for (let copy = 0; copy < copies; copy++) {
      const page = doc.addPage(size);
      const ctx: Ctx = { page, font, colour: rgb(r, g, b), pageHeight: size[1], images, doc };
      for (const item of template.items) {
        const value = itemValue(item, data);
        const code = CODE_OF[item.type];
        if (item.type === 'text') {
          if (value) drawText(ctx, item, value);
        } else if (code) drawCode(ctx, item, code, value);
        else await drawImage(ctx, item, value);
      }
    }
  }
  // Uncompressed content streams keep the printed text findable in the bytes (tests, print spoolers' previews).
  return doc.save({ useObjectStreams: false });
}
