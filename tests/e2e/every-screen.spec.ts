/**
 * Every menu entry opens without a failed request (issue 20, item 4): a user who does nothing
 * wrong never causes a 4xx or 5xx answer or a console error, opening each screen and its add
 * dialog (which loads the options of its selects).
 */
import { expect, test } from '@playwright/test';
import { login, quietness } from './support';

/** Buttons that open a screen's add (or upload) dialog. */
const ADD = '[data-testid="btn-add"], [data-testid$="-add"], [data-testid="bom-new"], [data-testid="document-upload"]';

test('opening every menu entry and its add dialog answers no 4xx or 5xx and logs no console error', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  let screen = 'login';
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${screen}: ${r.status()} ${r.request().method()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${screen}: console: ${m.text()} @ ${m.location().url}`);
  });
  page.on('pageerror', (e) => problems.push(`${screen}: pageerror: ${e.message}`));
  // Quiet for 600 ms, 15 s at most.
  const quiet = quietness(page, 600, 15_000);
  await login(page, 'en');
  await expect(page.getByTestId('menu-/platform/dict')).toBeVisible();
  await quiet();

  const entries = await page
    .locator('[data-testid^="menu-/"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')!.slice('menu-'.length)));
  expect(entries.length).toBeGreaterThan(40);
  for (const path of entries) {
    screen = path;
    await page.getByTestId(`menu-${path}`).click();
    await expect(page).toHaveURL(new RegExp(`/en${path}$`));
    const shown = page.locator('.subapp-frame:visible');
    await expect(shown).toHaveAttribute('data-health', 'connected');
    await quiet();
    const frame = page.frameLocator(`[data-testid="frame-${await shown.getAttribute('data-app')}"]`);
    // A frame of the kit's screens moves to the route through the bridge: the screen it shows is the
    // one asked for before its button is looked for (an example app without the kit has none).
    const route = frame.locator(`.subapp-route[data-route="${path}"]:not([hidden])`);
    if (await frame.locator('.subapp-route').count()) await expect(route).toBeVisible();
    const add = route.locator(ADD).first();
    if ((await add.count()) && (await add.isEnabled())) {
      await add.click();
      const dialog = frame.locator('.arco-modal:visible, .arco-drawer:visible');
      await expect(dialog).toHaveCount(1);
      await quiet();
      await dialog.locator('.arco-modal-close-icon, .arco-drawer-close-icon').first().click();
      await expect(dialog).toHaveCount(0);
    }
  }
  expect(problems).toEqual([]);
});
