/**
 * The .xlsx reader on packages written by hand the way other programs write them: namespace
 * prefixes, sheets stored out of the workbook's order, rich and phonetic text, every cell type,
 * dates by built-in (East Asian included) and custom number formats, and the 1904 date system.
 */
import { describe, expect, it } from 'vitest';
import { readXlsx, type XlsxRow } from '../../server/engine/io/xlsx-read';
import { deflated, zip } from './zip-fixtures';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

async function book(parts: Record<string, string>): Promise<Buffer> {
  const entries = [];
  for (const [name, xml] of Object.entries(parts)) entries.push(await deflated(name, [Buffer.from(xml)]));
  return zip(entries);
}

async function rowsOf(buf: Buffer): Promise<XlsxRow[]> {
  const rows: XlsxRow[] = [];
  for await (const row of readXlsx(buf)) rows.push(row);
  return rows;
}

const rels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>
  <Relationship Id="rId2" Type="${REL}/worksheet" Target="/xl/worksheets/sheet2.xml"/>
</Relationships>`;

const styles = `<styleSheet xmlns="${MAIN}">
  <numFmts count="2">
    <numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/>
    <numFmt numFmtId="165" formatCode="0.0&quot; days&quot;"/>
  </numFmts>
  <cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>
  <cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="31"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>
</styleSheet>`;

const strings = `<sst xmlns="${MAIN}" count="2" uniqueCount="2">
  <si><t>编码</t></si>
  <si><r><t>苏州</t></r><r><rPr><b/></rPr><t>工厂</t></r><rPh sb="0" eb="2"><t>スーチョウ</t></rPh></si>
</sst>`;

describe('the .xlsx reader', () => {
  it('reads the workbook’s first sheet, with every kind of cell, as another program writes it', async () => {
    const buf = await book({
      'xl/workbook.xml': `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>
          <sheet name="Data" sheetId="2" r:id="rId2"/><sheet name="Other" sheetId="1" r:id="rId1"/>
        </sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': rels,
      'xl/sharedStrings.xml': strings,
      'xl/styles.xml': styles,
      'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>`,
      'xl/worksheets/sheet2.xml': `<x:worksheet xmlns:x="${MAIN}"><x:dimension ref="A1:H3"/><x:sheetData>
          <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:r><x:t>Ha</x:t></x:r><x:r><x:t xml:space="preserve"> Noi</x:t></x:r><x:rPh sb="0" eb="2"><x:t>ハノイ</x:t></x:rPh></x:is></x:c></x:row>
          <x:row><x:c t="s"><x:v>1</x:v></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c><x:c t="str"><x:f>A1&amp;"x"</x:f><x:v>a&amp;b &lt;c&gt;</x:v></x:c><x:c s="1"><x:v>46023</x:v></x:c><x:c s="2"><x:v>46023.5</x:v></x:c><x:c s="3"><x:v>12.5</x:v></x:c><x:c><x:f>1+1</x:f><x:v>2</x:v></x:c><x:c s="1"/></x:row>
        </x:sheetData></x:worksheet>`,
    });
    const rows = await rowsOf(buf);
    expect(rows.map((r) => [r.number, r.lastRow])).toEqual([
      [1, 3],
      [2, 3],
    ]);
    expect(rows[0]!.values).toEqual([undefined, '编码', undefined, 'Ha Noi']);
    expect(rows[1]!.values).toEqual([
      undefined,
      '苏州工厂',
      true,
      null,
      'a&b <c>',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-01-01T12:00:00Z'),
      12.5,
      2,
    ]);
  });

  it('counts dates from 1904 when the workbook says so, and reads ISO dates', async () => {
    const buf = await book({
      'xl/workbook.xml': `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><workbookPr date1904="1"/><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': rels,
      'xl/styles.xml': styles,
      'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData><row r="4"><c r="B4" s="1"><v>0</v></c><c r="C4" t="d"><v>2026-03-04T05:06:07Z</v></c><c r="D4"><v>7</v></c></row></sheetData></worksheet>`,
    });
    const rows = await rowsOf(buf);
    expect(rows).toEqual([
      {
        number: 4,
        lastRow: null,
        values: [undefined, undefined, new Date('1904-01-01T00:00:00Z'), new Date('2026-03-04T05:06:07Z'), 7],
      },
    ]);
  });

  it('refuses a cell beyond the last column a spreadsheet can have, rather than building a row that wide', async () => {
    const buf = await book({
      'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="ZZZZZZ1"><v>1</v></c></row></sheetData></worksheet>`,
    });
    await expect(rowsOf(buf)).rejects.toThrow(/cell reference/);
  });

  it('reads characters written as references, those beyond the first plane included, in shared and inline strings', async () => {
    const buf = await book({
      'xl/sharedStrings.xml': `<sst xmlns="${MAIN}"><si><t>&#x1F3ED; &#128295; &amp;&lt;&gt;&quot;&apos;</t></si></sst>`,
      'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>&#x6C34;&#x20BB7;</t></is></c><c r="C1" t="inlineStr"><is><t><![CDATA[<kept & raw>]]></t></is></c></row></sheetData></worksheet>`,
    });
    const rows = await rowsOf(buf);
    expect(rows[0]!.values).toEqual([undefined, '🏭 🔧 &<>"\'', '水𠮷', '<kept & raw>']);
  });

  it('refuses a sheet whose XML is cut short or closes its tags out of order, rather than reading part of it', async () => {
    const cut = await book({
      'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2`,
    });
    await expect(rowsOf(cut)).rejects.toThrow();
    const crossed = await book({
      'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1"><v>1</c></v></row></sheetData></worksheet>`,
    });
    await expect(rowsOf(crossed)).rejects.toThrow();
  });
});
