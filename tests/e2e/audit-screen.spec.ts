/**
 * The tenant-wide audit screen end to end (issue 25): a material edited on its screen appears under
 * Logs → Audit trail, filtered by entity, record and period, with its changed fields; a period
 * without the edit shows nothing; the export downloads an .xlsx holding exactly the filtered rows.
 * The tenant's retention is set there too: the legal minimum cannot be lowered (the field says why),
 * and the change is itself on the trail.
 */
import ExcelJS from 'exceljs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dialog, search, toast } from './screens';
import { login, token, watchConsole } from './support';

async function api(request: APIRequestContext, page: Page, method: 'GET' | 'POST', url: string, data?: unknown) {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${await token(page)}` }, data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()).data;
}

async function sheetRows(path: string): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

const CODE = 'E2E-AUDIT-SCREEN-01';
/** Today where the browser runs (this machine's time zone, which the shell sends to the server). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('an edited material is found on the audit screen by entity and period, and exported as filtered', async ({
  page,
  request,
}, info) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  const units = (await api(request, page, 'GET', '/api/basic-system/material/options/basicUnitId?size=50')) as {
    id: string;
    code: string;
  }[];
  await api(request, page, 'POST', '/api/basic-system/material', {
    code: CODE,
    name: 'Audit probe',
    type: 'raw',
    basicUnitId: units.find((u) => u.code === 'PCS')!.id,
  });

  // Edit it through its screen.
  await page.goto('/en/basic/material');
  const basic = page.frameLocator('[data-testid="frame-basic"]');
  await expect(basic.getByTestId('page-material')).toBeVisible();
  await search(basic, 'code', CODE);
  await basic.getByTestId('resource-table').locator('tr', { hasText: CODE }).getByTestId('row-edit').click();
  await expect(basic.getByTestId('form-name')).toHaveValue('Audit probe');
  await basic.getByTestId('form-name').fill('Audit probe v2');
  await basic.getByTestId('dialog-ok').click();
  await expect(dialog(basic)).toBeHidden();

  // Logs → Audit trail, by the menu.
  await expect(page.locator('.side-menu .arco-menu-inline-header', { hasText: 'Logs' })).toBeVisible();
  await page.getByTestId('menu-/log/audit-trail').click();
  await expect(page).toHaveURL(/\/en\/log\/audit-trail/);
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('page-audit-trail')).toBeVisible();
  const table = frame.getByTestId('resource-table');
  const rows = table.locator('tbody tr', { hasText: CODE });
  /** Types the period's first and last day into the range picker. */
  const period = async (from: string, to: string) => {
    const inputs = frame.getByTestId('search-createdAt').locator('input');
    await inputs.first().click();
    await inputs.first().fill(from);
    await inputs.nth(1).click();
    await inputs.nth(1).fill(to);
    await inputs.nth(1).press('Enter');
    await expect(inputs.first()).toHaveValue(from);
    await expect(inputs.nth(1)).toHaveValue(to);
  };

  // A period long past holds nothing of it.
  await frame.getByTestId('search-entity').fill('material');
  await frame.getByTestId('search-recordCode').fill(CODE);
  await period('2020-01-01', '2020-01-31');
  await frame.getByTestId('btn-search').click();
  await expect(table.locator('.arco-empty')).toBeVisible();
  await expect(rows).toHaveCount(0);

  // Today: its creation and its edit, the edit with the changed field before → after.
  await period(today(), today());
  await frame.getByTestId('btn-search').click();
  await expect(rows).toHaveCount(2);
  const edit = rows.filter({ hasText: 'Update' });
  await expect(edit).toHaveCount(1);
  await expect(edit.getByTestId('audit-changes').locator('[data-field="name"]')).toHaveText(
    'Material name: Audit probe → Audit probe v2',
  );
  await expect(rows.filter({ hasText: 'Create' })).toHaveCount(1);

  // The export holds the filtered rows, and only those.
  const [download] = await Promise.all([page.waitForEvent('download'), frame.getByTestId('btn-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^Audit trail-\d{8}\.xlsx$/);
  const path = info.outputPath('audit.xlsx');
  await download.saveAs(path);
  const sheet = await sheetRows(path);
  const header = sheet[0]!;
  const code = header.indexOf('Record code');
  const entity = header.indexOf('Entity');
  expect(code).toBeGreaterThanOrEqual(0);
  expect(sheet.slice(1)).toHaveLength(2);
  expect(sheet.slice(1).map((r) => [r[entity], r[code]])).toEqual([
    ['material', CODE],
    ['material', CODE],
  ]);
  expect(errors).toEqual([]);
});

test('the administrator sets the retention on the audit screen; the legal minimum is never lowered', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  await page.goto('/en/log/audit-trail');
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('page-audit-trail')).toBeVisible();
  const months = frame.getByTestId('retention-months').locator('input');
  const legalMin = frame.getByTestId('retention-legal-min').locator('input');
  const modal = dialog(frame);

  await frame.getByTestId('btn-audit-retention').click();
  await expect(modal).toContainText('Retention of the audit trail');
  await expect(modal).toContainText('No retention set: history is kept for ever.');
  await months.fill('24');
  await legalMin.fill('12');
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(toast(page, 'Success')).toBeVisible();
  await expect(modal).toBeHidden();

  await frame.getByTestId('btn-audit-retention').click();
  await expect(months).toHaveValue('24');
  await expect(legalMin).toHaveValue('12');
  await legalMin.fill('6');
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(modal).toContainText('Legal minimum (months) cannot be lowered below the 12 months already set');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Cancel' }).click();

  // The setting is on the trail, its fields named.
  await search(frame, 'entity', 'audit-retention');
  const row = frame.getByTestId('resource-table').locator('tbody tr', { hasText: 'audit-retention' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('audit-changes').locator('[data-field="months"]')).toHaveText(
    /^Retention \(months\):\s+→ 24$/,
  );
  await expect(row.getByTestId('audit-changes').locator('[data-field="legalMinMonths"]')).toHaveText(
    /^Legal minimum \(months\):\s+→ 12$/,
  );
  // The one refusal provoked on purpose is the only error the browser logs.
  const provoked = /status of 400 .*\/api\/platform-system\/audit\/retention$/;
  expect(errors.filter((e) => !provoked.test(e))).toEqual([]);
});
