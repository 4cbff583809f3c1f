/**
 * The resource engine end to end (issue 3): master-data screens generated from their definitions,
 * in the basic sub-app's iframe, against the real server and its demo data.
 */
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { choose, confirmInShell, dialog, openScreen, rowOf, search, toast } from './screens';
import { login, watchConsole } from './support';

/** Rows of the first sheet of an .xlsx, as arrays of cell texts (header first). */
async function sheetRows(path: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[])
      .slice(1)
      .map((v) =>
        v === null || v === undefined
          ? ''
          : typeof v === 'object' && 'text' in (v as object)
            ? String((v as { text: unknown }).text)
            : String(v),
      );
    rows.push(values);
  });
  return rows;
}

async function xlsxOf(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test.describe('master data from one definition', () => {
  test.beforeEach(async ({ page }) => {
    await login(page, 'en');
  });

  test('units: add with a validation error first, edit, search, duplicate, delete', async ({ page }) => {
    const errors = watchConsole(page);
    const frame = await openScreen(page, 'unit');
    await expect(rowOf(frame, 'PCS')).toBeVisible();
    // Demo rows show their localised type.
    await expect(rowOf(frame, 'KG')).toContainText('Weight');

    await frame.getByTestId('btn-add').click();
    await expect(dialog(frame)).toContainText('Add Unit of measure');
    await frame.getByTestId('form-code').fill('E2E-BOX');
    await frame.getByTestId('form-accuracy').fill('12');
    await frame.getByTestId('dialog-ok').click();
    await expect(dialog(frame)).toContainText('Name is required');
    await expect(dialog(frame)).toContainText('Accuracy is too large');

    await frame.getByTestId('form-name').fill('E2E box');
    await choose(frame, 'form-type', 'Quantity');
    await frame.getByTestId('form-accuracy').fill('2');
    await frame.getByTestId('dialog-ok').click();
    await expect(dialog(frame)).toBeHidden();
    await expect(rowOf(frame, 'E2E-BOX')).toContainText('E2E box');

    // Edit from the row.
    await rowOf(frame, 'E2E-BOX').getByTestId('row-edit').click();
    await expect(frame.getByTestId('form-name')).toHaveValue('E2E box');
    await frame.getByTestId('form-name').fill('E2E carton');
    await frame.getByTestId('dialog-ok').click();
    await expect(rowOf(frame, 'E2E-BOX')).toContainText('E2E carton');

    // Search by name: only the new row.
    await search(frame, 'name', 'carton');
    await expect(frame.getByTestId('resource-table').locator('tbody tr')).toHaveCount(1);
    await frame.getByTestId('btn-reset').click();
    await expect(rowOf(frame, 'PCS')).toBeVisible();

    // The same code again: the server's 409, naming the field and the value.
    await frame.getByTestId('btn-add').click();
    await frame.getByTestId('form-code').fill('E2E-BOX');
    await frame.getByTestId('form-name').fill('Duplicate');
    await choose(frame, 'form-type', 'Quantity');
    await frame.getByTestId('dialog-ok').click();
    await expect(toast(page, 'Code "E2E-BOX" already exists')).toBeVisible();
    await expect(dialog(frame)).toContainText('Code "E2E-BOX" already exists');
    await frame.getByTestId('dialog-cancel').click();

    // Edit and delete ask for a selection first (SPEC §8).
    await frame.getByTestId('btn-delete').click();
    await expect(toast(page, 'Select the data to delete')).toBeVisible();
    await frame.getByTestId('btn-edit').click();
    await expect(toast(page, 'Select data before operating')).toBeVisible();

    await rowOf(frame, 'E2E-BOX').locator('.arco-checkbox').click();
    await frame.getByTestId('btn-delete').click();
    await confirmInShell(page, /Delete the 1 selected/);
    await expect(rowOf(frame, 'E2E-BOX')).toHaveCount(0);
    // The browser logs the duplicate's 409 as a failed resource (on purpose here), and the shell's
    // availability probes of the sub-app origins' roots; nothing else may fail.
    const expected =
      /status of 409 .* @ http:\/\/localhost:\d+\/api\/basic-system\/unit$|status of 403 .* @ http:\/\/localhost:\d+\/$/;
    expect(errors.filter((e) => !expected.test(e))).toEqual([]);
  });

  test('warehouses → areas → locations: references picked from their screens, referenced delete refused, freeze', async ({
    page,
  }) => {
    let frame = await openScreen(page, 'warehouse');
    await frame.getByTestId('btn-add').click();
    await frame.getByTestId('form-code').fill('E2E-WH');
    await frame.getByTestId('form-name').fill('E2E warehouse');
    await choose(frame, 'form-type', 'Raw materials');
    await frame.getByTestId('dialog-ok').click();
    await expect(rowOf(frame, 'E2E-WH')).toContainText('Unfrozen');

    frame = await openScreen(page, 'warehouse-area');
    await frame.getByTestId('btn-add').click();
    await frame.getByTestId('form-code').fill('E2E-AREA');
    await frame.getByTestId('form-name').fill('E2E area');
    await choose(frame, 'form-warehouseId', /E2E-WH/, 'E2E');
    await choose(frame, 'form-type', 'Storage');
    await frame.getByTestId('dialog-ok').click();
    await expect(rowOf(frame, 'E2E-AREA')).toContainText('E2E-WH E2E warehouse');
    // Search by the referenced warehouse.
    await choose(frame, 'search-warehouseId', /E2E-WH/, 'E2E-WH');
    await frame.getByTestId('btn-search').click();
    await expect(frame.getByTestId('resource-table').locator('tbody tr')).toHaveCount(1);

    frame = await openScreen(page, 'storage-location');
    await frame.getByTestId('btn-add').click();
    await frame.getByTestId('form-code').fill('E2E-LOC-01');
    await frame.getByTestId('form-name').fill('E2E location');
    await choose(frame, 'form-warehouseId', /E2E-WH/, 'E2E');
    await choose(frame, 'form-warehouseAreaId', /E2E-AREA/, 'E2E');
    await choose(frame, 'form-storageType', 'Ambient');
    await choose(frame, 'form-locationType', 'Rack');
    await frame.getByTestId('form-coordinateX').fill('1.25');
    await frame.getByTestId('dialog-ok').click();
    await expect(rowOf(frame, 'E2E-LOC-01')).toContainText('E2E-AREA E2E area');

    // The warehouse is referenced now: its delete is refused, naming who refers to it.
    frame = await openScreen(page, 'warehouse');
    await rowOf(frame, 'E2E-WH').getByTestId('row-delete').click();
    await confirmInShell(page);
    await expect(toast(page, /still in use.*Warehouse area \(1\)/)).toBeVisible();
    await expect(rowOf(frame, 'E2E-WH')).toBeVisible();

    // Freezing asks first (SPEC §4).
    await frame.getByTestId('status-state-E2E-WH').click();
    await confirmInShell(page, /from "Unfrozen" to "Frozen"/);
    await expect(frame.getByTestId('status-state-E2E-WH')).toHaveText('Frozen');
  });

  test('devices: MAC and IP checked in the form, saved, searched by state and class', async ({ page }) => {
    const frame = await openScreen(page, 'device');
    await frame.getByTestId('btn-add').click();
    await frame.getByTestId('form-code').fill('E2E-DEV');
    await frame.getByTestId('form-name').fill('E2E screwdriver');
    await frame.getByTestId('form-macAddress').fill('00:1B:44:11:3A');
    await frame.getByTestId('form-ipAddress').fill('192.168.1.300');
    await frame.getByTestId('dialog-ok').click();
    await expect(dialog(frame)).toContainText('MAC address is not a valid MAC address');
    await expect(dialog(frame)).toContainText('IP address is not a valid IP address');
    await frame.getByTestId('form-macAddress').fill('00:1B:44:11:3A:FF');
    await frame.getByTestId('form-ipAddress').fill('192.168.1.30');
    await choose(frame, 'form-deviceClassId', /TOOL/, 'TOOL');
    await frame.getByTestId('dialog-ok').click();
    await expect(rowOf(frame, 'E2E-DEV')).toContainText('TOOL Power tools');

    await choose(frame, 'search-state', /^Frozen$/);
    await frame.getByTestId('btn-search').click();
    await expect(frame.getByTestId('resource-table').locator('tbody tr')).toHaveCount(1);
    await expect(rowOf(frame, 'DEV-0007')).toBeVisible();
    await frame.getByTestId('btn-reset').click();
    await choose(frame, 'search-deviceClassId', /TOOL/, 'TOOL');
    await frame.getByTestId('btn-search').click();
    await expect(rowOf(frame, 'E2E-DEV')).toBeVisible();
    await expect(rowOf(frame, 'DEV-0007')).toBeVisible();
    await expect(frame.getByTestId('resource-table').locator('tbody tr')).toHaveCount(2);
  });

  test('units: import .xlsx (check only, then for real), a bad file with its report, a .csv with Chinese headers', async ({
    page,
  }, info) => {
    const frame = await openScreen(page, 'unit');
    const good = await xlsxOf([
      ['Code', 'Name', 'Type', 'Accuracy'],
      ['IMP-A', 'Imported A', 'Quantity', 0],
      ['IMP-B', 'Imported B', 'length', 3],
    ]);

    await frame.getByTestId('btn-import').click();
    await frame.getByTestId('import-file').setInputFiles({
      name: 'units.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: good,
    });
    await expect(frame.getByTestId('import-file-name')).toHaveText('units.xlsx');
    await frame.getByTestId('import-dry-run').click();
    await frame.getByTestId('import-ok').click();
    await expect(frame.getByTestId('import-result')).toContainText('The file is valid: 2 rows (2 new, 0 updated)');
    await frame.getByTestId('import-close').click();
    await expect(rowOf(frame, 'IMP-A')).toHaveCount(0);

    await frame.getByTestId('btn-import').click();
    await frame.getByTestId('import-file').setInputFiles({
      name: 'units.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: good,
    });
    await frame.getByTestId('import-ok').click();
    await expect(frame.getByTestId('import-result')).toContainText('Imported 2 rows (2 new, 0 updated)');
    await frame.getByTestId('import-close').click();
    await expect(rowOf(frame, 'IMP-A')).toContainText('Imported A');
    await expect(rowOf(frame, 'IMP-B')).toContainText('Length');

    // One bad row: nothing is written, the row and field are named, the annotated sheet downloads.
    const bad = await xlsxOf([
      ['Code', 'Name', 'Type', 'Accuracy'],
      ['IMP-C', 'Imported C', 'quantity', 1],
      ['IMP-D', 'Imported D', 'quantity', 12],
    ]);
    await frame.getByTestId('btn-import').click();
    await frame.getByTestId('import-file').setInputFiles({
      name: 'bad.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: bad,
    });
    await frame.getByTestId('import-ok').click();
    await expect(frame.getByTestId('import-result')).toContainText('nothing was imported');
    const errorsTable = frame.getByTestId('import-errors');
    await expect(errorsTable.locator('tbody tr')).toHaveCount(1);
    await expect(errorsTable.locator('tbody tr')).toContainText('3');
    await expect(errorsTable.locator('tbody tr')).toContainText('Accuracy');
    const [report] = await Promise.all([page.waitForEvent('download'), frame.getByTestId('import-report').click()]);
    const reportPath = info.outputPath('report.xlsx');
    await report.saveAs(reportPath);
    const annotated = await sheetRows(reportPath);
    expect(annotated[0]!.slice(0, 4)).toEqual(['Code', 'Name', 'Type', 'Accuracy']);
    expect(annotated.map((r) => r.join(' ')).join('\n')).toContain('IMP-D');
    await frame.getByTestId('import-close').click();
    await expect(rowOf(frame, 'IMP-C')).toHaveCount(0);

    // A .csv, headers in Chinese, updating an existing code and adding one.
    const csv = '编码,名称,类型,精度\nIMP-A,导入单位A,quantity,1\nIMP-E,导入单位E,数量,0\n';
    await frame.getByTestId('btn-import').click();
    await frame
      .getByTestId('import-file')
      .setInputFiles({ name: 'units.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await frame.getByTestId('import-ok').click();
    await expect(frame.getByTestId('import-result')).toContainText('Imported 2 rows (1 new, 1 updated)');
    await frame.getByTestId('import-close').click();
    await expect(rowOf(frame, 'IMP-A')).toContainText('导入单位A');
    await expect(rowOf(frame, 'IMP-E')).toBeVisible();
  });

  test('units: export honours the filter and sort, template has the headers', async ({ page }, info) => {
    const frame = await openScreen(page, 'unit');
    await choose(frame, 'search-type', 'Weight');
    await frame.getByTestId('btn-search').click();
    await expect(frame.getByTestId('resource-table').locator('tbody tr')).toHaveCount(2);
    // Sort by name, descending: Kilogram before Gram.
    const nameHeader = frame.getByTestId('resource-table').locator('th', { hasText: 'Name' });
    await nameHeader.click();
    await nameHeader.click();
    await expect(frame.getByTestId('resource-table').locator('tbody tr').first()).toContainText('KG');

    const [exported] = await Promise.all([page.waitForEvent('download'), frame.getByTestId('btn-export').click()]);
    expect(exported.suggestedFilename()).toMatch(/^Unit of measure-\d{8}\.xlsx$/);
    const exportPath = info.outputPath('units.xlsx');
    await exported.saveAs(exportPath);
    const rows = await sheetRows(exportPath);
    expect(rows[0]!.slice(0, 4)).toEqual(['Code', 'Name', 'Type', 'Accuracy']);
    expect(rows.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ['KG', 'Kilogram', 'Weight', '3'],
      ['G', 'Gram', 'Weight', '2'],
    ]);

    const [template] = await Promise.all([page.waitForEvent('download'), frame.getByTestId('btn-template').click()]);
    const templatePath = info.outputPath('template.xlsx');
    await template.saveAs(templatePath);
    const header = await sheetRows(templatePath);
    expect(header[0]!.slice(0, 4)).toEqual(['Code', 'Name', 'Type', 'Accuracy']);
    expect(header).toHaveLength(1);
  });

  test('printers: "set as default" is an override of the generated screen', async ({ page }) => {
    const frame = await openScreen(page, 'printer');
    await expect(frame.getByTestId('printer-default-PRN-SMT01')).toBeVisible();
    await rowOf(frame, 'PRN-SMT01').getByTestId('row-set-default').click();
    await expect(toast(page, 'The current printer is already the default')).toBeVisible();
    await frame.getByTestId('btn-set-default').click();
    await expect(toast(page, 'Select a printer')).toBeVisible();
    await rowOf(frame, 'PRN-WH01').getByTestId('row-set-default').click();
    await confirmInShell(page, /Warehouse label printer/);
    await expect(frame.getByTestId('printer-default-PRN-WH01')).toBeVisible();
    await expect(frame.getByTestId('printer-default-PRN-SMT01')).toHaveCount(0);
  });
});
