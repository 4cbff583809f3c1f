/**
 * Accessible (issue: accessibility sweep): axe-core over the login page and every menu entry, the
 * shell and the shown sub-app frame (another origin; axe follows it through Playwright), in the
 * light and the dark theme, finds nothing critical or serious. And a keyboard alone is enough to
 * log in, open a menu entry, search, fill a form and save.
 *
 * Per entry the shown frame is analysed; the shell around it at the first entry and again after the
 * last (every tab open), in each theme: it differs between entries only by the chosen entry and the
 * tabs. A11Y_VERBOSE=1 prints each page's time and findings as the sweep goes.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DEMO, DEMO_FACTORY, enterFactory, login, openSettings, quietness, settled, clickInPopup } from './support';

/** WCAG 2.0 and 2.1 A and AA, and axe's best practices (the menu, tab and label rules of the issue are among them). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The minified axe-core: it is put into the page, each frame and a blank page on every run, and half the size parses faster. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  page: string;
  rule: string;
  impact: string;
  target: string;
  summary: string;
}

/**
 * Runs axe over the page: the shell and the shown sub-app frame, or with `frame` only that frame
 * (an app's frame element; the shell around it is analysed on its own). Hidden frames hold other
 * entries' screens and are left to their own turn.
 */
async function scan(page: Page, where: string, findings: Finding[], frame?: string) {
  const started = Date.now();
  const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(TAGS);
  // Inside a frame, the screens the app keeps mounted but hidden (kept-alive tabs) are analysed in
  // their own turn, not again inside every later one: each would add its whole table to the walk.
  const frames = frame
    ? [frame]
    : await page
        .locator('.subapp-frame[data-shown="true"] iframe')
        .evaluateAll((els) => els.map((el) => `[data-testid="${el.getAttribute('data-testid')}"]`));
  if (frame) builder.include(frame);
  else builder.exclude('.subapp-frame[data-shown="false"]');
  for (const f of frames) builder.exclude([f, KEPT_HIDDEN]);
  const result = await builder.analyze();
  const before = findings.length;
  for (const v of result.violations) {
    if (v.impact !== 'critical' && v.impact !== 'serious') continue;
    for (const n of v.nodes) {
      findings.push({
        page: where,
        rule: v.id,
        impact: v.impact,
        target: JSON.stringify(n.target),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
      });
    }
  }
  if (process.env.A11Y_VERBOSE)
    console.log(`${where}: ${Date.now() - started} ms\n${report(findings.slice(before)).join('\n')}`);
}

/** A route a sub-app keeps mounted while another is shown (subapps/kit/SubAppRoot.tsx). */
const KEPT_HIDDEN = '.subapp-route[hidden]';

const report = (findings: Finding[]) =>
  findings.map((f) => `${f.page}  ${f.impact} ${f.rule}  ${f.target}  ${f.summary}`);

async function chooseTheme(page: Page, theme: 'light' | 'dark') {
  await (await openSettings(page, `theme-${theme}`)).click();
  await page.locator('.arco-drawer-close-icon').click();
  await expect(page.locator('.arco-drawer:visible')).toHaveCount(0);
}

/** Logs the administrator in and enters the plant; the login page and the plant selection are analysed on the way. */
async function logIn(page: Page, quiet: () => Promise<void>, findings: Finding[]) {
  await page.goto('/en/login');
  await expect(page.locator('input[name="tenantCode"]')).toBeVisible();
  await quiet();
  await scan(page, 'login (light)', findings);
  await page.locator('input[name="tenantCode"]').fill(DEMO.tenantCode);
  await page.locator('input[name="account"]').fill(DEMO.account);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId(`factory-${DEMO_FACTORY}`)).toBeVisible();
  await quiet();
  await scan(page, 'plant selection (light)', findings);
  await enterFactory(page);
  await expect(page.getByTestId('menu-/platform/dict')).toBeVisible();
}

/** Every menu entry in turn, the frame it shows analysed (the shell with the first), then the shell with every tab open. */
async function everyEntry(page: Page, quiet: () => Promise<void>, findings: Finding[], theme: 'light' | 'dark') {
  const entries = await page
    .locator('[data-testid^="menu-/"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.slice('menu-'.length)));
  expect(entries.length).toBeGreaterThan(40);
  for (const path of entries) {
    await page.getByTestId(`menu-${path}`).click();
    await expect(page).toHaveURL(new RegExp(`/en${path}$`));
    const shown = page.locator('.subapp-frame:visible');
    await expect(shown).toHaveAttribute('data-health', 'connected');
    const frameEl = shown.locator('iframe');
    const frame = page.frameLocator(`[data-testid="frame-${await shown.getAttribute('data-app')}"]`);
    // The frame shows the theme (an Arco app colours its root; the plain one names the theme there).
    await expect
      .poll(() =>
        frame
          .locator('html')
          .evaluate((el) => el.getAttribute('data-portal-theme') ?? (el as HTMLElement).style.colorScheme),
      )
      .toBe(theme);
    await quiet();
    // Arco's markup is mended a moment after it renders (bridge/arco-a11y): analysed once it is.
    await Promise.all([settled(page), settled(frame)]);
    const first = path === entries[0];
    await scan(
      page,
      `${path} (${theme})`,
      findings,
      first ? undefined : `[data-testid="${await frameEl.getAttribute('data-testid')}"]`,
    );
  }
  await scan(page, `shell at ${entries[entries.length - 1]} (${theme})`, findings);
}

// Each theme is its own test: about 65 analyses of 1.5–4 s, and the walk between them, each.
test.describe('no critical or serious axe finding', () => {
  test.describe.configure({ timeout: 540_000 });

  test('on the login page, the plant selection and every menu entry, shell and frame, in the light theme', async ({
    page,
  }) => {
    const findings: Finding[] = [];
    const quiet = quietness(page);
    await logIn(page, quiet, findings);
    await everyEntry(page, quiet, findings, 'light');
    expect(report(findings), report(findings).join('\n')).toEqual([]);
  });

  test('on every menu entry, shell and frame, and the login page, in the dark theme', async ({ page }) => {
    const findings: Finding[] = [];
    const quiet = quietness(page);
    await login(page, 'en');
    await expect(page.getByTestId('menu-/platform/dict')).toBeVisible();
    await chooseTheme(page, 'dark');
    await everyEntry(page, quiet, findings, 'dark');

    // The login page in the dark theme (the settings outlive the session).
    await page.getByTestId('user-menu').click();
    await clickInPopup(page.getByTestId('logout'));
    await expect(page).toHaveURL(/\/login/);
    await expect(page.locator('body')).toHaveAttribute('arco-theme', 'dark');
    await quiet();
    await scan(page, 'login (dark)', findings);
    expect(report(findings), report(findings).join('\n')).toEqual([]);
  });
});

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would; at most `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40, key = 'Tab') {
  for (let i = 0; i < max; i++) {
    if (
      await target
        .evaluate((el) => el === el.ownerDocument.activeElement && el.ownerDocument.hasFocus())
        .catch(() => false)
    )
      return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

test('with the keyboard alone: log in, choose the plant, open a menu entry by search, add a record and find it in the list', async ({
  page,
}) => {
  const code = `KB-${Date.now().toString(36).toUpperCase()}`;
  await page.goto('/en/login');
  const tenant = page.locator('input[name="tenantCode"]');
  await expect(tenant).toBeVisible();
  await tabTo(page, tenant);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(DEMO.tenantCode);
  await page.keyboard.press('Tab');
  await expect(page.locator('input[name="account"]')).toBeFocused();
  await page.keyboard.type(DEMO.account);
  await page.keyboard.press('Tab');
  await expect(page.locator('input[name="password"]')).toBeFocused();
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');

  // The administrator has two plants: each is a stop of the Tab key, entered with Enter.
  const plant = page.getByTestId(`factory-${DEMO_FACTORY}`);
  await expect(plant).toBeVisible();
  await tabTo(page, plant);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('factory-switcher')).toContainText(`(${DEMO_FACTORY})`);

  // Ctrl+K searches the menu; Enter opens the entry found, and the focus goes to its screen.
  await page.keyboard.press('Control+K');
  await expect(page.getByTestId('search-input')).toBeFocused();
  await page.keyboard.type('Customers');
  await expect(page.getByTestId('search-result').first()).toHaveAttribute('data-path', '/basic/customer');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/basic\/customer$/);
  const basic = page.frameLocator('[data-testid="frame-basic"]');
  const screen = basic.locator('[data-route="/basic/customer"]');
  await expect(screen.getByTestId('resource-table')).toBeVisible();
  await expect(page.locator('[data-testid="frame-basic"]')).toBeFocused();

  // The screen's add key opens the form; its fields are filled one Tab after another; Tab on to Save and Enter.
  await page.keyboard.press('Alt+Shift+N');
  const form = basic.getByTestId('form-code');
  await expect(form).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Tab');
  await expect(basic.getByTestId('form-name')).toBeFocused();
  await page.keyboard.type(`Keyboard customer ${code}`);
  await tabTo(page, basic.getByTestId('dialog-ok'), 60);
  await page.keyboard.press('Enter');
  await expect(form).toBeHidden();

  // The new customer is in the list, and the screen's search finds it by its code.
  await expect(screen.getByTestId('resource-table')).toContainText(code);
  await tabTo(page, screen.getByTestId('search-code'), 60, 'Shift+Tab');
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
  const rows = screen.getByTestId('resource-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Keyboard customer ${code}`);
});
