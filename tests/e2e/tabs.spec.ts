import { expect, test, type Page } from '@playwright/test';
import { login, watchConsole, clickInPopup } from './support';

const DICT = '/platform/dict';
const STATS = '/system/visit-statistics';

async function openTab(page: Page, path: string) {
  await page.getByTestId(`menu-${path}`).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Through the tab's own context menu, once the menu of an action before has gone (it fades out, still clickable for a moment). */
async function tabAction(page: Page, path: string, action: string) {
  const open = page.locator('[data-testid="tab-menu"]:visible');
  await expect(open).toHaveCount(0);
  await page.getByTestId(`tab-${path}`).click({ button: 'right' });
  await expect(open).toHaveCount(1);
  await clickInPopup(open.getByTestId(`tab-action-${action}`));
  await expect(open).toHaveCount(0);
}

test.describe('tabs', () => {
  test('a kept tab returns with its half-filled form; a tab that is not kept starts afresh', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    await openTab(page, DICT);
    const frame = page.frameLocator('[data-testid="frame-platform"]');
    const search = frame.locator('[data-route="/platform/dict"]').getByTestId('search-name');
    await search.fill('half typed');
    // What was typed is in the form before the tab is left: a loss after this line is the kept tab's.
    await expect(search).toHaveValue('half typed');
    await openTab(page, STATS);
    await expect(frame.getByTestId('page-visit-statistics')).toBeVisible();
    await expect(search).toBeHidden();

    await page.getByTestId(`tab-${DICT}`).click();
    await expect(search).toBeVisible();
    await expect(search).toHaveValue('half typed');

    await tabAction(page, DICT, 'keepAlive');
    await expect(page.getByTestId(`tab-${DICT}`)).toHaveAttribute('data-keep-alive', 'false');
    await openTab(page, STATS);
    await page.getByTestId(`tab-${DICT}`).click();
    await expect(search).toBeVisible();
    await expect(search).toHaveValue('');
    expect(errors).toEqual([]);
  });

  test("a kept tab of another app is shown by the click itself, the menu's selection with it", async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    await openTab(page, '/basic/unit');
    await expect(page.frameLocator('[data-testid="frame-basic"]').getByTestId('page-unit')).toBeVisible();
    for (const [path, app] of [
      ['/home', 'platform'],
      ['/basic/unit', 'basic'],
    ] as const) {
      // Read before the browser draws again: a switch rendered as a transition shows frames later.
      const shown = await page.evaluate(
        async ({ path, app }) => {
          document.querySelector<HTMLElement>(`[data-testid="tab-${path}"]`)!.click();
          await Promise.resolve();
          const frame = document.querySelector<HTMLElement>(`[data-testid="frame-${app}"]`)!;
          const item = document.querySelector(`[data-testid="menu-${path}"]`);
          return {
            frame: frame.checkVisibility({ visibilityProperty: true }),
            menu: path === '/home' || (item?.classList.contains('arco-menu-selected') ?? false),
            url: location.pathname,
          };
        },
        { path, app },
      );
      expect(shown).toEqual({ frame: true, menu: true, url: `/en${path}` });
    }
    expect(errors).toEqual([]);
  });

  test('refresh reloads the page; close others and close to the right; the tabs survive a reload', async ({ page }) => {
    await login(page, 'en');
    await openTab(page, DICT);
    const frame = page.frameLocator('[data-testid="frame-platform"]');
    const search = frame.locator('[data-route="/platform/dict"]').getByTestId('search-name');
    await search.fill('to be refreshed');
    await tabAction(page, DICT, 'refresh');
    await expect(search).toHaveValue('');

    await openTab(page, STATS);
    await openTab(page, '/basic/unit');
    // The workbench, where login landed, and the three opened.
    await expect(page.locator('[data-testid^="tab-/"]')).toHaveCount(4);

    await page.reload();
    await expect(page.locator('[data-testid^="tab-/"]')).toHaveCount(4);
    await expect(page).toHaveURL(/\/basic\/unit$/);

    await tabAction(page, STATS, 'closeRight');
    await expect(page.locator('[data-testid^="tab-/"]')).toHaveCount(3);
    await expect(page).toHaveURL(new RegExp(`${STATS}$`));

    await tabAction(page, DICT, 'closeOthers');
    await expect(page.locator('[data-testid^="tab-/"]')).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`${DICT}$`));
  });
});
