/**
 * Spreadsheets and dates from real users (issue 19): CSV files as Excel saves them on a Chinese,
 * Taiwanese or Spanish Windows (GBK, Big5, Windows-1252; `;` where the decimal separator is a comma;
 * UTF-16 "Unicode text" with tabs) import with their text intact; a typed date no calendar has is
 * refused; exported dates are spreadsheet dates; file names carry the user's day; the import's
 * failure message has its plural forms.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, type ResourceDef, type ResourceRow } from '../../model/engine';
import type { Page } from '../../model/api';
import { staff, unit } from '../../model/resources';
import { translator } from '../../server/i18n';
import { decodeCsv, detectDelimiter, parseCsv } from '../../server/engine/io/csv';
import { readSheet } from '../../server/engine/io/sheet';
import { dateOnly, dayAt, parseDay, spreadsheetDay } from '../../server/dates';
import { DIALECTS, call, loginToken, multipartBody, startHarness, type Harness } from './harness';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.alloc(64, 3),
]);

describe('CSV in any encoding and separator', () => {
  const zh = '编码,名称,类型\nGB001,千克,重量\nGB002,纸箱（大）,数量\n';
  const tw = '編碼,名稱,類型\nTW001,公斤,重量\nTW002,紙箱,數量\n';
  const es = 'Código;Nombre;Tipo;Precisión\nES1;Kilogramo métrico;Peso;2\nES2;Caja pequeña «ñandú»;Cantidad;0\n';

  it('decodes UTF-8 with and without a BOM, UTF-16 with and without one, GB18030/GBK, Big5 and Windows-1252', () => {
    const cases: [Buffer, string, string, import('../../model/languages').Language?][] = [
      [Buffer.from(zh), zh, 'utf-8'],
      [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(zh)]), zh, 'utf-8'],
      [
        Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(es.replace(/;/g, '\t'), 'utf-16le')]),
        es.replace(/;/g, '\t'),
        'utf-16le',
      ],
      [Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(zh, 'utf-16be')]), zh, 'utf-16be'],
      [iconv.encode(es, 'utf-16le'), es, 'utf-16le'],
      [iconv.encode(zh, 'gbk'), zh, 'gb18030'],
      [iconv.encode('单位编码,单位名称\nA1,件\n', 'gbk'), '单位编码,单位名称\nA1,件\n', 'gb18030'],
      [iconv.encode(tw, 'big5'), tw, 'big5', 'zh-TW'],
      [iconv.encode(es, 'win1252'), es, 'windows-1252'],
      [iconv.encode('Código;Descripción\nA;ñandú\n', 'win1252'), 'Código;Descripción\nA;ñandú\n', 'windows-1252'],
    ];
    for (const [bytes, text, encoding, hint] of cases) {
      const decoded = decodeCsv(bytes, hint);
      expect(decoded, `${encoding}: ${text.slice(0, 20)}`).toEqual({ text, encoding });
    }
    // A Chinese file read by a Spanish user, a Spanish file by a Chinese user: the bytes decide.
    expect(decodeCsv(iconv.encode(zh, 'gbk'), 'es')?.text).toBe(zh);
    expect(decodeCsv(iconv.encode(es, 'win1252'), 'zh-CN')?.text).toBe(es);
  });

  it('refuses bytes that are no text: a picture, NULs, control characters', () => {
    expect(decodeCsv(PNG)).toBeNull();
    expect(decodeCsv(Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0x00, 0x01, 0x02, 0x03, 0x61]))).toBeNull();
    expect(decodeCsv(Buffer.from('a,b\n\u0001\u0002,c\n'))).toBeNull();
  });

  it("detects the separator: comma, semicolon (with decimal commas), tab; honours Excel's sep= line", () => {
    expect(detectDelimiter('a,b,c\n1,2,3\n')).toBe(',');
    expect(detectDelimiter('Código;Nombre;Precio\nA;"Caja, grande";1,5\nB;Bolsa;2,75\n')).toBe(';');
    expect(detectDelimiter('a\tb\tc\n1\t2,5\t3\n')).toBe('\t');
    expect(detectDelimiter('name,remark\n"Smith; John","a; b; c"\n')).toBe(',');
    expect(detectDelimiter('only\none\n')).toBe(',');
    expect(parseCsv('sep=;\nCódigo;Precio\nA;1,5\n')).toEqual([
      ['Código', 'Precio'],
      ['A', '1,5'],
    ]);
    expect(parseCsv('a;b\r\n"x;\r\ny";"say ""hi"""\r\n')).toEqual([
      ['a', 'b'],
      ['x;\r\ny', 'say "hi"'],
    ]);
  });

  it('reads a broken quote as a clear 400 naming the line', async () => {
    await expect(readSheet(Buffer.from('Code,Name\nA,"unclosed\nB,x\n'))).rejects.toMatchObject({
      status: 400,
      key: 'resource.import.csvMalformed',
    });
  });
});

describe("dates are the user's dates", () => {
  it('refuses days no calendar has, and reads the ones it has in any of the usual ways', () => {
    for (const bad of ['2026/13/45', '2026-02-30', '2023-02-29', '2026-00-10', '2026/12/32', '26/1/1', 'tomorrow'])
      expect(parseDay(bad), bad).toBeNull();
    expect(parseDay('2024/2/29')).toBe('2024-02-29');
    expect(parseDay('2026.12.31')).toBe('2026-12-31');
    expect(parseDay(' 2026-3-5 ')).toBe('2026-03-05');
    // The day an export writes: UTC midnight of that very day, early years not read as 19xx.
    expect(spreadsheetDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(spreadsheetDay('0099-12-31')?.getUTCFullYear()).toBe(99);
    expect(spreadsheetDay('2023-02-29')).toBeNull();
  });

  it('reads a DATE column as its calendar day, whichever midnight the driver made of it', () => {
    // PGlite: UTC midnight; node-postgres: the server's local midnight.
    expect(dateOnly(new Date(Date.UTC(2026, 2, 1)))).toBe('2026-03-01');
    expect(dateOnly(new Date(2026, 2, 1))).toBe('2026-03-01');
    expect(dateOnly('2026-03-01')).toBe('2026-03-01');
    expect(dateOnly(null)).toBeNull();
  });

  it('takes "today" in the user\'s zone', () => {
    const at = new Date('2026-03-01T20:00:00Z');
    expect(dayAt(at, -480)).toBe('2026-03-02'); // Shanghai, 04:00 the next morning
    expect(dayAt(at, 300)).toBe('2026-03-01'); // Bogotá, 15:00
    expect(dayAt(new Date('2026-03-01T02:00:00Z'), 300)).toBe('2026-02-28');
    expect(dayAt(at, null)).toBe('2026-03-01');
  });
});

describe.each(DIALECTS)('imports and exports from real users [%s]', (kind) => {
  let h: Harness;
  let token: string;
  let factory: string;

  beforeAll(async () => {
    h = await startHarness(kind);
    token = await loginToken(h.app, 'demo', 'admin');
    factory = (
      await h.database.db.selectFrom('factory').select('id').where('code', '=', 'F001').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => h?.close());

  /** The header line a user of `lang` has: the labels of the template. */
  const labelsOf = (def: ResourceDef, lang: 'en' | 'es' | 'zh-CN', keys: string[], sep: string) =>
    keys.map((k) => translator(lang).tm((def.fields as Record<string, { label?: string }>)[k]!.label!)).join(sep);

  const headers = (lang: string, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    'x-factory-id': factory,
    'accept-language': lang,
    ...extra,
  });
  async function upload(def: ResourceDef, bytes: Buffer, name: string, lang: string) {
    const { payload, contentType } = multipartBody([{ name: 'file', filename: name, type: 'text/csv', bytes }]);
    const r = await h.app.inject({
      method: 'POST',
      url: `${apiPath(def)}/import`,
      headers: { ...headers(lang), 'content-type': contentType },
      payload,
    });
    return {
      status: r.statusCode,
      body: r.json() as {
        msg: string;
        data: { inserted?: number; errors?: { row: number; field: string; message: string }[] };
      },
    };
  }
  /** The rows whose code starts with `prefix`. */
  const list = async (def: ResourceDef, prefix: string) =>
    (
      await call<Page<ResourceRow>>(h.app, 'GET', `${apiPath(def)}?size=500`, {
        token,
        headers: { 'x-factory-id': factory },
      })
    ).body.data.records.filter((r) => String(r.code).startsWith(prefix));

  it('imports a GBK CSV saved by Excel on a Chinese Windows, Chinese text intact', async () => {
    const tr = translator('zh-CN');
    const head = labelsOf(unit, 'zh-CN', ['code', 'name', 'type', 'accuracy'], ',');
    const csv = `${head}\r\nGBK-1,千克（净重）,${tr.tm('enum.unitType.weight')},2\r\nGBK-2,纸箱,${tr.tm('enum.unitType.quantity')},0\r\n`;
    const r = await upload(unit, iconv.encode(csv, 'gbk'), '单位.csv', 'zh-CN');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.inserted).toBe(2);
    const rows = await list(unit, 'GBK-');
    expect(rows.map((u) => [u.code, u.name, u.type]).sort()).toEqual([
      ['GBK-1', '千克（净重）', 'weight'],
      ['GBK-2', '纸箱', 'quantity'],
    ]);
  });

  it('imports a semicolon CSV saved by Excel on a Spanish Windows (Windows-1252), Spanish text intact', async () => {
    const tr = translator('es');
    const head = labelsOf(unit, 'es', ['code', 'name', 'type', 'accuracy', 'remark'], ';');
    const csv = `${head}\r\nES-1;Kilogramo métrico;${tr.tm('enum.unitType.weight')};2;Peso neto, sin embalaje\r\nES-2;Caja pequeña;${tr.tm('enum.unitType.quantity')};0;«año»\r\n`;
    const r = await upload(unit, iconv.encode(csv, 'win1252'), 'unidades.csv', 'es');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = await list(unit, 'ES-');
    expect(rows.map((u) => [u.code, u.name, u.remark]).sort()).toEqual([
      ['ES-1', 'Kilogramo métrico', 'Peso neto, sin embalaje'],
      ['ES-2', 'Caja pequeña', '«año»'],
    ]);
  });

  it('imports UTF-16 tab-separated "Unicode text" from Excel', async () => {
    const tr = translator('en');
    const head = labelsOf(unit, 'en', ['code', 'name', 'type', 'accuracy'], '\t');
    const text = `${head}\r\nU16-1\tMét «x» 中\t${tr.tm('enum.unitType.length')}\t1\r\n`;
    const r = await upload(
      unit,
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, 'utf-16le')]),
      'units.txt',
      'en',
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await list(unit, 'U16-1'))[0]?.name).toBe('Mét «x» 中');
  });

  it('refuses impossible dates by row, reads possible ones, and says how many rows failed in the plural the language needs', async () => {
    const head = labelsOf(staff, 'en', ['code', 'name', 'entryDate'], ',');
    const one = await upload(staff, Buffer.from(`${head}\nD-1,Ana,2026/13/45\nD-2,Bo,2026/3/5\n`), 'staff.csv', 'en');
    expect(one.status).toBe(400);
    expect(one.body.msg).toBe('Import failed: 1 row has errors; nothing was imported');
    expect(one.body.data.errors).toEqual([expect.objectContaining({ row: 2, field: 'entryDate' })]);
    const two = await upload(
      staff,
      Buffer.from(`${head}\nD-1,Ana,2026-02-30\nD-2,Bo,2026.02.29\nD-3,Cy,2026-03-05\n`),
      'staff.csv',
      'en',
    );
    expect(two.body.msg).toBe('Import failed: 2 rows have errors; nothing was imported');
    const es = await upload(staff, Buffer.from(`${head}\nD-1,Ana,2026/13/45\n`), 'staff.csv', 'es');
    expect(es.body.msg).toBe('Importación fallida: 1 fila tiene errores; no se importó nada');
    const zh = await upload(staff, Buffer.from(`${head}\nD-1,Ana,2026/13/45\n`), 'staff.csv', 'zh-CN');
    expect(zh.body.msg).toBe('导入失败：1 行数据有误，未导入任何数据');
    const ok = await upload(staff, Buffer.from(`${head}\nD-4,Dee,2026/3/5\nD-5,Eve,2024-02-29\n`), 'staff.csv', 'en');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const rows = await list(staff, 'D-');
    expect(Object.fromEntries(rows.map((s) => [s.code, s.entryDate]))).toMatchObject({
      'D-4': '2026-03-05',
      'D-5': '2024-02-29',
    });
  });

  it("exports date fields as spreadsheet dates, and names files with the user's day", async () => {
    const r = await h.app.inject({
      method: 'GET',
      url: `${apiPath(staff)}/export`,
      headers: headers('en', { 'x-timezone-offset': '-840' }),
    });
    expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(r.rawPayload as never);
    const ws = book.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).map(String);
    const col = header.indexOf(translator('en').tm(staff.fields.entryDate!.label!));
    expect(col).toBeGreaterThan(0);
    const codeCol = header.indexOf(translator('en').tm(staff.fields.code.label!));
    const cells = [...Array(ws.rowCount).keys()]
      .map((i) => ws.getRow(i + 1))
      .filter((row) => /^D-[45]$/.test(String(row.getCell(codeCol).value)))
      .map((row) => row.getCell(col));
    expect(cells).toHaveLength(2);
    for (const c of cells) {
      expect(c.type).toBe(ExcelJS.ValueType.Date);
      expect(c.numFmt).toBe('yyyy-mm-dd');
    }
    expect(cells.map((c) => (c.value as Date).toISOString().slice(0, 10)).sort()).toEqual(['2024-02-29', '2026-03-05']);
    // UTC+14 and UTC-12 are a day or two apart for most of any day: each gets its own.
    const name = (offset: string) =>
      h.app
        .inject({
          method: 'GET',
          url: `${apiPath(staff)}/template`,
          headers: headers('en', { 'x-timezone-offset': offset }),
        })
        .then((res) =>
          decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(String(res.headers['content-disposition']))![1]!),
        );
    const now = new Date();
    expect(await name('-840')).toContain(dayAt(now, -840));
    expect(await name('720')).toContain(dayAt(now, 720));
    expect(String(r.headers['content-disposition'])).toContain(dayAt(now, -840));
  });
});
