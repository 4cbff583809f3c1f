/**
 * The first seconds after login (issue 20, items 2 and 3): the shell says only what it has
 * established. While the app registry and the availability probe have not answered, the screen
 * is loading (never "No app serves this page") and no menu entry is tagged offline; apps the
 * user's menu does not reach are not probed, so a shell load logs no console error.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support';

/** Records whether an element ever appeared, however briefly, from the first script of each page on. */
async function watchFor(page: Page, selectors: Record<string, string>) {
  await page.addInitScript((watched: Record<string, string>) => {
    const seen: Record<string, string> = {};
    (window as unknown as { seenOnce: Record<string, string> }).seenOnce = seen;
    const check = () => {
      for (const [name, selector] of Object.entries(watched)) {
        const el = document.querySelector(selector);
        if (el && !seen[name]) seen[name] = el.textContent ?? '';
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  }, selectors);
}
const seenOnce = (page: Page) =>
  page.evaluate(() => (window as unknown as { seenOnce: Record<string, string> }).seenOnce);

async function submitLogin(page: Page, lang: string) {
  await page.goto(`/${lang}/login`);
  await page.locator('input[name="tenantCode"]').fill(DEMO.tenantCode);
  await page.locator('input[name="account"]').fill(DEMO.account);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  // The demo administrator has several plants: the first page after login asks for one.
  const select = page.getByTestId('factory-select');
  await expect(select.or(page.getByTestId('factory-switcher')).first()).toBeVisible();
  if (await select.isVisible()) await select.getByTestId('factory-F001').click();
}

test('until the registry and the probe answer, the landing screen is loading: no "no app" error, no offline tags', async ({
  page,
}) => {
  await watchFor(page, { unknown: '[data-testid="app-unknown"]', offline: '.menu-offline' });
  // A slow registry answer, as on a loaded server: the real answer, two seconds late.
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/platform-system/platFactoryApp*', async (route) => {
    await released;
    await route.continue();
  });
  await submitLogin(page, 'en');
  await expect(page).toHaveURL(/\/en\/home$/);
  await expect(page.getByTestId('menu-/platform/dict')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(await seenOnce(page)).toEqual({});
  await expect(page.getByTestId('apps-loading')).toBeVisible();
  release();
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('page-workbench')).toBeVisible();
  await expect(page.getByTestId('apps-loading')).toHaveCount(0);
  expect(await seenOnce(page)).toEqual({});
  // Every entry's label is whole: nothing tagged, nothing cut.
  await expect(page.locator('.menu-offline')).toHaveCount(0);
});

test('a shell load logs no console error: apps no menu entry reaches are not probed', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} @ ${msg.location().url}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  await submitLogin(page, 'en');
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('page-workbench')).toBeVisible();
  // Open an entry of the other app too, then reload: each load probes again.
  await page.getByTestId('menu-/basic/customer').click();
  await expect(page.frameLocator('[data-testid="frame-basic"]').getByTestId('page-customer')).toBeVisible();
  await page.reload();
  await expect(page.frameLocator('[data-testid="frame-basic"]').getByTestId('page-customer')).toBeVisible();
  // Refused connections are reported at once; leave the probes time to have been made.
  await page.waitForTimeout(1000);
  expect(errors).toEqual([]);
});
