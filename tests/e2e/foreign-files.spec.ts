/**
 * Spreadsheets from real users in the browser (issue 19): a CSV saved by Excel on a Chinese Windows
 * (GBK) and one saved on a Spanish Windows (Windows-1252, `;` separated) import cleanly through the
 * import dialog with their text intact; an exported date column comes back as a spreadsheet date.
 */
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { openScreen, rowOf, search } from './screens';
import { login, token, watchConsole } from './support';

test.describe('files from any locale', () => {
  test('a GBK CSV with Chinese text and a Spanish semicolon CSV import with their text intact', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    const frame = await openScreen(page, 'unit');
    const stamp = Date.now().toString(36).toUpperCase();

    // Excel on a Chinese Windows: "CSV (逗号分隔)" is GBK, headers as the Chinese template has them.
    const gbk = iconv.encode(`编码,名称,类型,精度\r\nZH${stamp},千克（净重）：含包装,重量,2\r\n`, 'gbk');
    await frame.getByTestId('btn-import').click();
    await frame.getByTestId('import-file').setInputFiles({ name: '计量单位.csv', mimeType: 'text/csv', buffer: gbk });
    await frame.getByTestId('import-ok').click();
    await expect(frame.getByTestId('import-result')).toContainText('Imported 1 rows (1 new, 0 updated)');
    await frame.getByTestId('import-close').click();
    await search(frame, 'name', '千克（净重）：含包装');
    await expect(rowOf(frame, `ZH${stamp}`)).toContainText('千克（净重）：含包装');

    // Excel on a Spanish Windows: Windows-1252, `;` between fields (the comma is the decimal sign).
    const es = iconv.encode(
      `Código;Nombre;Tipo;Precisión\r\nES${stamp};Kilogramo métrico, «año»;Peso;2\r\n`,
      'win1252',
    );
    await frame.getByTestId('btn-import').click();
    await frame.getByTestId('import-file').setInputFiles({ name: 'unidades.csv', mimeType: 'text/csv', buffer: es });
    await frame.getByTestId('import-ok').click();
    await expect(frame.getByTestId('import-result')).toContainText('Imported 1 rows (1 new, 0 updated)');
    await frame.getByTestId('import-close').click();
    await search(frame, 'name', 'Kilogramo métrico');
    await expect(rowOf(frame, `ES${stamp}`)).toContainText('Kilogramo métrico, «año»');
    expect(errors).toEqual([]);

    // Other suites count the demo's units by type: these go again.
    const headers = { authorization: `Bearer ${await token(page)}` };
    const all = (await (await page.request.get('/api/basic-system/unit?size=500', { headers })).json()) as {
      data: { records: { id: string; code: string }[] };
    };
    const ids = all.data.records.filter((u) => u.code.endsWith(stamp)).map((u) => u.id);
    expect(ids).toHaveLength(2);
    expect((await page.request.delete('/api/basic-system/unit', { headers, data: { ids } })).status()).toBe(200);
  });

  test('an exported date column is a spreadsheet date', async ({ page }, info) => {
    await login(page, 'en');
    const code = `DT${Date.now().toString(36)}`.toUpperCase();
    const res = await page.request.post('/api/cloudbase-system/staff', {
      headers: { authorization: `Bearer ${await token(page)}` },
      data: { code, name: 'Fecha', entryDate: '2024-02-29' },
    });
    expect(res.status(), await res.text()).toBe(200);
    const frame = await openScreen(page, 'staff', 'platform');
    await search(frame, 'code', code);
    await expect(rowOf(frame, code)).toBeVisible();
    const [exported] = await Promise.all([page.waitForEvent('download'), frame.getByTestId('btn-export').click()]);
    const file = info.outputPath('staff.xlsx');
    await exported.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const ws = book.worksheets[0]!;
    const header = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
    const dateCol = header.indexOf('Entry date');
    expect(dateCol, header.join('|')).toBeGreaterThan(0);
    const row = [...Array(ws.rowCount).keys()]
      .map((i) => ws.getRow(i + 1))
      .find((r) => (r.values as unknown[]).includes(code));
    expect(row, `no row of ${code}`).toBeTruthy();
    const cell = row!.getCell(dateCol);
    expect(cell.type).toBe(ExcelJS.ValueType.Date);
    expect(cell.numFmt).toBe('yyyy-mm-dd');
    expect((cell.value as Date).toISOString()).toBe('2024-02-29T00:00:00.000Z');
  });
});
