/** Print templates rendered to PDF (issue 6): pages per record and copy, the text, the barcodes, fallbacks. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barcodeShape } from '../../model/print/barcode';
import { renderTemplate } from '../../model/print/render';
import {
  itemValue,
  parseDefaultContent,
  printTemplateIssues,
  templateOf,
  type PrintTemplate,
} from '../../model/print/template';
import { fillCount, pageCount, shownText } from './pdf-text';

const label: PrintTemplate = {
  name: 'Meter',
  pageWidth: 60,
  pageHeight: 40,
  colour: 'black',
  items: [
    { type: 'text', text: 'Smart meter', x: 2, y: 2, width: 56, height: 6, fontSize: 12 },
    { type: 'text', key: 'sn', x: 2, y: 9, width: 56, height: 5, fontSize: 9 },
    { type: 'barcode', key: 'sn', x: 2, y: 15, width: 56, height: 12 },
  ],
};

describe('renderTemplate', () => {
  it('draws one page per record and copy, with the bound values and the fixed text', async () => {
    const bytes = await renderTemplate(label, [{ sn: 'SMF00126061400001' }, { sn: 'SMF00126061400002' }], {
      copies: 3,
    });
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(pageCount(bytes)).toBe(6);
    const text = shownText(bytes);
    expect(text.filter((t) => t === 'SMF00126061400001')).toHaveLength(3);
    expect(text.filter((t) => t === 'SMF00126061400002')).toHaveLength(3);
    expect(text.filter((t) => t === 'Smart meter')).toHaveLength(6);
  });

  it('draws the Code 128 bars of the value, and more of them for a longer value', async () => {
    const short = await renderTemplate(label, [{ sn: 'A1' }]);
    const long = await renderTemplate(label, [{ sn: 'A1B2C3D4E5F6G7H8' }]);
    expect(fillCount(short)).toBeGreaterThan(5);
    expect(fillCount(long)).toBeGreaterThan(fillCount(short));
  });

  it('draws QR and DataMatrix symbols, and a crossed box for a value a symbology cannot hold', async () => {
    const two = await renderTemplate(
      {
        ...label,
        items: [
          { type: 'qrcode', key: 'sn', x: 2, y: 2, width: 20, height: 20 },
          { type: 'datamatrix', key: 'sn', x: 30, y: 2, width: 20, height: 20 },
        ],
      },
      [{ sn: 'CT2606222222' }],
    );
    expect(fillCount(two)).toBeGreaterThanOrEqual(2);
    expect(barcodeShape('qrcode', 'CT2606222222')?.paths.length).toBeGreaterThan(0);
    expect(barcodeShape('code128', '')).toBeNull();
    // An empty value: no symbol to draw, and no exception either.
    const empty = await renderTemplate(label, [{}]);
    expect(pageCount(empty)).toBe(1);
  });

  it('prints characters the standard font lacks as "?" rather than failing', async () => {
    const bytes = await renderTemplate(label, [{ sn: 'SN-中文-Größe' }]);
    expect(shownText(bytes)).toContain('SN-??-Größe');
  });

  it('renders any value without failing, and printable ASCII verbatim (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 60 }),
        fc.string({
          unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
          minLength: 1,
          maxLength: 40,
        }),
        async (any, ascii) => {
          const bytes = await renderTemplate(label, [{ sn: any }, { sn: ascii }]);
          expect(pageCount(bytes)).toBe(2);
          expect(shownText(bytes)).toContain(ascii);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('renders one blank-data page without records', async () => {
    expect(pageCount(await renderTemplate(label, []))).toBe(1);
  });
});

describe('template data', () => {
  it('binds an item to its data key, falling back to the fixed text', () => {
    expect(itemValue({ type: 'text', key: 'sn', text: 'none', x: 0, y: 0, width: 1, height: 1 }, { sn: 'X1' })).toBe(
      'X1',
    );
    expect(itemValue({ type: 'text', key: 'sn', text: 'none', x: 0, y: 0, width: 1, height: 1 }, {})).toBe('none');
    expect(itemValue({ type: 'text', key: 'qty', x: 0, y: 0, width: 1, height: 1 }, { qty: 24 })).toBe('24');
  });

  it('reads the default content as JSON or key=value lines, and refuses anything else', () => {
    expect(parseDefaultContent('{"sn":"A","qty":2}')).toEqual({ sn: 'A', qty: 2 });
    expect(parseDefaultContent('sn=A\nqty = 2\n')).toEqual({ sn: 'A', qty: '2' });
    expect(parseDefaultContent('')).toEqual({});
    expect(parseDefaultContent('{"a":{"b":1}}')).toBeNull();
    expect(parseDefaultContent('just text')).toBeNull();
    expect(parseDefaultContent('{broken')).toBeNull();
  });

  it('flags items outside the page, items with nothing to print and unreadable default content', () => {
    const issues = printTemplateIssues({
      pageWidth: 50,
      pageHeight: 30,
      defaultContent: 'oops',
      items: [
        { type: 'text', text: 'ok', x: 0, y: 0, width: 50, height: 30 },
        { type: 'barcode', key: 'sn', x: 40, y: 0, width: 20, height: 5 },
        { type: 'text', x: 0, y: 0, width: 5, height: 5 },
      ],
    });
    expect(issues.map((i) => `${i.field} ${i.key}`)).toEqual([
      'defaultContent validation.defaultContent',
      'items.1.x validation.itemOutsidePage',
      'items.2.key validation.itemContent',
    ]);
  });

  it('reads a stored row (numeric columns as strings) into a template', () => {
    const t = templateOf({
      name: 'L',
      pageWidth: '60.0',
      pageHeight: '40.0',
      colour: 'red',
      items: [{ type: 'qrcode', key: 'sn', x: '1', y: '2', width: '10', height: '10' }, { type: 'bogus' }],
    });
    expect(t).toMatchObject({
      pageWidth: 60,
      pageHeight: 40,
      colour: 'red',
      items: [{ type: 'qrcode', key: 'sn', x: 1, y: 2, width: 10, height: 10 }],
    });
    expect(t.items).toHaveLength(1);
  });
});

describe('templateToZpl', () => {
  it('writes one label per record with positions in dots, the symbols, and copies', async () => {
    const { templateToZpl } = await import('../../model/print/zpl');
    const zpl = templateToZpl(
      { ...label, items: [...label.items, { type: 'qrcode', key: 'sn', x: 40, y: 2, width: 15, height: 15 }] },
      [{ sn: 'SN1' }, { sn: 'SN^2' }],
      3,
    );
    const labels = zpl
      .trim()
      .split('^XZ')
      .filter((s) => s.trim());
    expect(labels).toHaveLength(2);
    expect(labels[0]).toContain('^PW480\n^LL320');
    expect(labels[0]).toContain('^FO16,16^A0N,');
    expect(labels[0]).toContain('^FDSmart meter^FS');
    expect(labels[0]).toContain('^FO16,120^BY2^BCN,96,N,N,N^FH^FDSN1^FS');
    expect(labels[0]).toContain('^FO320,16^BQN,2,4^FH^FDMA,SN1^FS');
    expect(labels[0]).toContain('^PQ3');
    // A caret in the data cannot start a command: it travels as a hex escape.
    expect(labels[1]).toContain('^FDSN_5E2^FS');
  });
});
