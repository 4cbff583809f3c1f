/**
 * The dark theme (issue 24): light, dark or the system's, chosen in the settings, switches the
 * shell and every sub-app together through the bridge context: an Arco sub-app (basic) and the
 * plain-JavaScript example (andon), which the standalone bridge hands the theme's variables.
 * Measured on the rendered colours, not on class names.
 */
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { login, openSettings, watchConsole, clickInPopup } from './support';
import { BRIDGE_VERSION } from '../../bridge/protocol';

/** The painted background behind an element (its own, else the first opaque ancestor's), as a 0–255 lightness. */
const lightness = (l: Locator) =>
  l.evaluate((start) => {
    for (let el: Element | null = start; el; el = el.parentElement) {
      const m = /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/.exec(getComputedStyle(el).backgroundColor);
      if (m && Number(m[4] ?? 1) > 0.5) return Math.round((Number(m[1]) + Number(m[2]) + Number(m[3])) / 3);
    }
    return 255; // nothing painted: the browser's white canvas
  });
/** The text colour of an element as a 0–255 lightness. */
const textLightness = (l: Locator) =>
  l.evaluate((el) => {
    const [r, g, b] = (getComputedStyle(el).color.match(/[\d.]+/g) ?? []).map(Number);
    return Math.round(((r ?? 0) + (g ?? 0) + (b ?? 0)) / 3);
  });

const firstCell = (frame: FrameLocator) => frame.getByTestId('resource-table').locator('tbody td').nth(1);

async function chooseTheme(page: Page, theme: 'light' | 'dark' | 'system') {
  await (await openSettings(page, `theme-${theme}`)).click();
  await page.locator('.arco-drawer-close-icon').click();
  // Closed before the next round opens it again (a click during its closing is lost).
  await expect(page.locator('.arco-drawer:visible')).toHaveCount(0);
}

async function shades(page: Page, basic: FrameLocator, andon: FrameLocator) {
  return {
    header: await lightness(page.locator('.portal-header')),
    menu: await lightness(page.getByTestId('menu-/basic/customer')),
    tabs: await lightness(page.locator('.portal-tabs')),
    cell: await lightness(firstCell(basic)),
    cellText: await textLightness(firstCell(basic)),
    andonBody: await lightness(andon.locator('body')),
    andonBar: await lightness(andon.locator('.bar')),
  };
}

const DARK = 80;
const LIGHT = 200;

test('light, dark and the system theme switch the shell, an Arco sub-app and the plain-JavaScript app together', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  await page.goto('/en/basic/customer');
  const basic = page.frameLocator('[data-testid="frame-basic"]');
  await expect(firstCell(basic)).not.toBeEmpty();
  await page.getByTestId('menu-/andon/board').click();
  const andon = page.frameLocator('[data-testid="frame-andon"]');
  await expect(andon.getByTestId('andon-status')).toContainText(BRIDGE_VERSION);
  // Back on the customers: the andon frame stays mounted (hidden) and must follow as well.
  await page.getByTestId('menu-/basic/customer').click();
  await expect(firstCell(basic)).toBeVisible();

  await chooseTheme(page, 'dark');
  await expect.poll(() => lightness(firstCell(basic))).toBeLessThan(DARK);
  const dark = await shades(page, basic, andon);
  expect(dark.header).toBeLessThan(DARK);
  expect(dark.menu).toBeLessThan(DARK);
  expect(dark.tabs).toBeLessThan(DARK);
  expect(dark.cellText).toBeGreaterThan(LIGHT);
  expect(dark.andonBody).toBeLessThan(DARK);
  expect(dark.andonBar).toBeLessThan(DARK);
  await expect(andon.locator('html')).toHaveAttribute('data-portal-theme', 'dark');

  await chooseTheme(page, 'light');
  await expect.poll(() => lightness(firstCell(basic))).toBeGreaterThan(LIGHT);
  const light = await shades(page, basic, andon);
  expect(light.header).toBeGreaterThan(LIGHT);
  expect(light.menu).toBeGreaterThan(LIGHT);
  expect(light.cellText).toBeLessThan(DARK);
  expect(light.andonBody).toBeGreaterThan(LIGHT);
  await expect(andon.locator('html')).toHaveAttribute('data-portal-theme', 'light');

  // Following the system: the operating system's switch reaches every part while the page is open.
  await chooseTheme(page, 'system');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => lightness(firstCell(basic))).toBeLessThan(DARK);
  await expect.poll(() => lightness(andon.locator('body'))).toBeLessThan(DARK);
  expect(await lightness(page.locator('.portal-header'))).toBeLessThan(DARK);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => lightness(firstCell(basic))).toBeGreaterThan(LIGHT);
  await expect.poll(() => lightness(andon.locator('body'))).toBeGreaterThan(LIGHT);

  // The choice is kept: a user who chose dark sees a dark login page after logging out.
  await chooseTheme(page, 'dark');
  await page.getByTestId('user-menu').click();
  await clickInPopup(page.getByTestId('logout'));
  await expect(page).toHaveURL(/\/login/);
  expect(await lightness(page.locator('.login-card'))).toBeLessThan(DARK);
  expect(await textLightness(page.locator('.login-title'))).toBeGreaterThan(LIGHT);
  await page.reload();
  await expect(page.locator('.login-card')).toBeVisible();
  expect(await lightness(page.locator('.login-card'))).toBeLessThan(DARK);
  expect(errors).toEqual([]);
});
