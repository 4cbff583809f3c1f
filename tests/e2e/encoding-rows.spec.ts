/**
 * Encoding rule detail rows (issue 20, item 6): a truncation bit that is not digits, hyphens and
 * commas is answered with the format rule, even on the serial number's row; and every row's
 * problem shows at once, each with its own rule, its cell marked.
 */
import { expect, test } from '@playwright/test';
import { login, watchConsole } from './support';
import { choose, dialog, openScreen } from './screens';

const FORMAT = 'Truncation bit in row 2 accepts only digits, hyphens and commas, for example 5, 1,3-7 or 1-2,4-9';

test("every detail row's problem shows at once, the truncation bit answered with its format rule", async ({ page }) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  const frame = await openScreen(page, 'encoding-rule');
  await frame.getByTestId('btn-add').click();
  await frame.getByTestId('form-name').fill('E2E_ROWS');
  await frame.getByTestId('form-startCode').fill('0001');
  const cell = (row: number, key: string) => frame.getByTestId(`form-details-${row}-${key}`);
  for (let i = 0; i < 3; i++) await frame.getByTestId('form-details-add').click();
  // Row 1: no order. Row 2: the serial number with a malformed truncation bit. Row 3: a fixed value left empty.
  await choose(frame, 'form-details-0-paramType', 'Fixed value');
  await cell(0, 'value').fill('SN');
  await cell(1, 'order').fill('2');
  await choose(frame, 'form-details-1-paramType', 'System parameter');
  await choose(frame, 'form-details-1-parameter', 'Serial number');
  await cell(1, 'truncation').fill('5,,a');
  await cell(2, 'order').fill('3');
  await choose(frame, 'form-details-2-paramType', 'Fixed value');
  await frame.getByTestId('dialog-ok').click();

  const details = dialog(frame).locator('.arco-form-item', { has: frame.getByTestId('form-details') });
  await expect(details).toContainText('Order in row 1 is required');
  await expect(details).toContainText(FORMAT);
  await expect(details).toContainText('Value in row 3 is required');
  await expect(details).not.toContainText('cannot cut the serial number');
  // Each refused cell is marked; the good ones are not.
  const marked = (row: number, key: string) =>
    cell(row, key).evaluate((el) => Boolean(el.closest('td')?.querySelector('[class*="-error"]')));
  expect(await marked(0, 'order')).toBe(true);
  expect(await marked(1, 'truncation')).toBe(true);
  expect(await marked(2, 'value')).toBe(true);
  expect(await marked(0, 'value')).toBe(false);

  // Fixing one row leaves the others' messages standing.
  await cell(0, 'order').fill('1');
  await expect(details).not.toContainText('Order in row 1 is required');
  await expect(details).toContainText(FORMAT);
  await expect(details).toContainText('Value in row 3 is required');
  expect(errors).toEqual([]);
});
