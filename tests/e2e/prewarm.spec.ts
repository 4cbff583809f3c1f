/**
 * The landing frame loaded ahead (issue 23): a login on a browser that has logged in before starts
 * loading the frame of the screen the last login landed on as "log in" is pressed, before the menu
 * has even come, and the workbench then shows in that very frame — its page is loaded once, not
 * again. A refused login leaves no such frame behind.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, enterFactory, login, watchConsole, clickInPopup } from './support';

const SUBAPP_BASE = Number(process.env.E2E_SUBAPP_BASE ?? 14000);
const LANDING = `http://localhost:${SUBAPP_BASE}/home`;

async function fillLogin(page: Page, account: string, password: string) {
  await page.locator('input[name="tenantCode"]').fill(DEMO.tenantCode);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
}

test('a second login loads the workbench frame while it is answered, and shows that frame', async ({ page }) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  await expect(page.frameLocator('[data-testid="frame-platform"]').getByTestId('card-notices')).toBeVisible();
  // This browser now knows where a login lands, however long that first frame took.
  expect(await page.evaluate(() => localStorage.getItem('mes-portal:landing'))).toBe(LANDING);
  await page.getByTestId('user-menu').click();
  await clickInPopup(page.getByTestId('logout'));
  await expect(page).toHaveURL(/\/en\/login$/);

  // What the browser asked for: the landing page's loads, and the menu's answers.
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url() === LANDING && r.resourceType() === 'document') seen.push('frame page');
  });
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/platform-system/function/routes') seen.push('menu answered');
  });

  // A refused login first: its frame goes as the refusal comes.
  await fillLogin(page, 'nobody-here', 'not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.locator('.arco-message')).toBeVisible();
  await expect(page.locator('.subapp-prewarm')).toHaveCount(0);
  expect(seen.filter((s) => s === 'menu answered')).toEqual([]);
  // The refusal is the browser's only complaint.
  expect(errors).toEqual([expect.stringMatching(/status of 400 .*\/api\/auth\/login$/)]);
  errors.length = 0;
  seen.length = 0;
  await page.evaluate(() => performance.clearResourceTimings());

  await fillLogin(page, DEMO.account, DEMO.password);
  await page.getByTestId('login-submit').click();
  await enterFactory(page);
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('card-notices')).toBeVisible();
  await expect(
    frame.locator('[data-testid="card-notices"] :is(.workbench-rows li, .arco-empty)').first(),
  ).toBeVisible();
  expect(seen.filter((s) => s === 'frame page')).toHaveLength(1);
  expect(seen).toContain('menu answered');
  // The frame's page began to load before the menu was answered, by the browser's own clocks (the
  // order in which the test hears of requests and answers is not the order in which they happened).
  const frameStarted = await frame.locator('html').evaluate(() => performance.timeOrigin);
  const menuAnswered = await page.evaluate(() => {
    const menu = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
      (e) => new URL(e.name).pathname === '/api/platform-system/function/routes',
    );
    return menu ? performance.timeOrigin + menu.responseEnd : null;
  });
  expect(menuAnswered).not.toBeNull();
  expect(frameStarted).toBeLessThan(menuAnswered!);
  // Nothing is left out of sight: the frame shown is the one loaded ahead, in its place.
  await expect(page.locator('.subapp-prewarm')).toHaveCount(0);
  await expect(page.locator('.subapp-frame iframe[data-testid="frame-platform"]')).toBeVisible();
  const box = await page.locator('[data-testid="frame-platform"]').boundingBox();
  const main = await page.locator('.subapp-host').boundingBox();
  expect(box).toEqual(main);
  expect(errors).toEqual([]);
});
