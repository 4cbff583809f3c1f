/**
 * The font size setting (issue 20, item 1) changes the text the user reads: the shell's menu and
 * header, and inside the sub-app's frame Arco's own components (table cells, inputs, buttons), as
 * measured on the rendered elements, not on an attribute.
 */
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { chooseFontSize, login, watchConsole } from './support';

const firstCell = (frame: FrameLocator) => frame.getByTestId('resource-table').locator('tbody td').nth(1);
const px = (l: Locator) => l.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));

async function sizes(page: Page, frame: FrameLocator) {
  return {
    menuItem: await px(page.getByTestId('menu-/basic/customer')),
    tab: await px(page.locator('.portal-tabs .arco-tabs-header-title').first()),
    cell: await px(firstCell(frame)),
    input: await px(frame.getByTestId('search-code')),
    button: await px(frame.getByTestId('btn-search')),
  };
}

test('small, medium and large change the rendered text of the shell and of the sub-app, Arco components included', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  await page.goto('/en/basic/customer');
  const frame = page.frameLocator('[data-testid="frame-basic"]');
  await expect(firstCell(frame)).not.toBeEmpty();

  await chooseFontSize(page, 'small');
  await expect.poll(() => px(frame.getByTestId('btn-search'))).toBe(14);
  const small = await sizes(page, frame);
  expect(small).toEqual({ menuItem: 14, tab: 14, cell: 14, input: 14, button: 14 });

  await chooseFontSize(page, 'large');
  await expect.poll(() => px(frame.getByTestId('btn-search'))).toBe(18);
  const large = await sizes(page, frame);
  expect(large).toEqual({ menuItem: 18, tab: 18, cell: 18, input: 18, button: 18 });

  await chooseFontSize(page, 'medium');
  await expect.poll(() => px(frame.getByTestId('btn-search'))).toBe(16);
  expect(await sizes(page, frame)).toEqual({ menuItem: 16, tab: 16, cell: 16, input: 16, button: 16 });

  // The setting is kept: a reload shows the same size in the shell and in a frame loaded afresh.
  await page.reload();
  await expect(firstCell(frame)).not.toBeEmpty();
  await expect.poll(() => px(firstCell(frame))).toBe(16);
  expect(await px(page.getByTestId('menu-/basic/customer'))).toBe(16);
  expect(errors).toEqual([]);
});
