/**
 * Apps loaded ahead (issue 23): once the first screen has painted and the browser is idle, the other
 * apps the menu reaches load hidden, their entry code and none of their data; the first screen of one
 * then opens in that frame, without the app loading again.
 */
import { expect, test } from '@playwright/test';
import { login } from './support';

test('after the first screen, the basic app loads ahead, hidden; its first screen then opens in that frame', async ({
  page,
}) => {
  const basicCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/basic-system/')) basicCalls.push(r.url());
  });
  await login(page, 'en');
  await expect(page.frameLocator('[data-testid="frame-platform"]').getByTestId('card-notices')).toBeVisible();

  // Without being asked, the basic app's frame comes, hidden, and connects; the workbench stays shown.
  await expect(page.locator('.subapp-frame[data-app="basic"]')).toHaveAttribute('data-health', 'connected', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('frame-basic')).toBeHidden();
  await expect(page.getByTestId('frame-platform')).toBeVisible();
  // Its code, none of its data.
  expect(basicCalls).toEqual([]);
  const element = await page.getByTestId('frame-basic').elementHandle();
  const basic = await element!.contentFrame();
  await basic!.evaluate(() => {
    (window as Window & { loadedAhead?: boolean }).loadedAhead = true;
  });

  await page.getByTestId('menu-/basic/unit').click();
  await expect(page.frameLocator('[data-testid="frame-basic"]').getByTestId('page-unit')).toBeVisible();
  await expect(page.getByTestId('frame-platform')).toBeHidden();
  // The same page of the same frame shows it: the app was not loaded again.
  expect(await basic!.evaluate(() => (window as Window & { loadedAhead?: boolean }).loadedAhead)).toBe(true);
  expect(basicCalls.some((u) => u.includes('/api/basic-system/unit'))).toBe(true);
});
