import { expect, test } from '@playwright/test';
import { login, watchConsole } from './support';

test('the header counts notices, and handling one moves the counters', async ({ page }) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  const bell = page.getByTestId('notice-bell');
  await expect(bell).toBeVisible();
  await bell.click();
  const counters = page.getByTestId('notice-counters');
  // The demo company's notices for everyone and for the Suzhou plant, in English.
  await expect(counters).toContainText('Total 3');
  const unhandled = Number(/Unhandled (\d+)/.exec((await counters.textContent()) ?? '')?.[1]);
  expect(unhandled).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Mark as handled' }).first().click();
  await expect(counters).toContainText(`Unhandled ${unhandled - 1}`);
  await expect(counters).toContainText(`Handled ${3 - unhandled + 1}`);
  await expect(counters).toContainText('Total 3');
  expect(errors).toEqual([]);
});
