import { expect, test } from '@playwright/test';
import { login, watchConsole } from './support';

test('visit statistics count the screens the user opened, by range, with the Top N', async ({ page }) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  // Opening the dictionaries recorded a visit; now open the statistics.
  await page.getByTestId('menu-/system/visit-statistics').click();
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('page-visit-statistics')).toBeVisible();
  await expect(frame.getByTestId('visit-chart').locator('canvas')).toBeVisible();
  const total = frame.getByTestId('visit-total');
  await expect(total).not.toHaveText(/^\s*Visits\s*0\s*$/);
  await expect(frame.getByTestId('top-visitors')).toContainText('Administrator (admin)');
  await frame.getByTestId('range-year').click();
  await expect(frame.getByTestId('top-visitors')).toContainText('Administrator (admin)');
  expect(errors).toEqual([]);
});
