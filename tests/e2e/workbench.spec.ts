/**
 * The workbench (issue 24): login lands on it; an administrator sees every card, a line clerk only the
 * cards their permissions fill; a star in the header keeps a screen among the favourites of this
 * factory, which open it from the workbench.
 */
import { expect, test } from '@playwright/test';
import { popupOption } from './screens';
import { login, watchConsole, clickInPopup } from './support';

test.describe('workbench', () => {
  test('an administrator lands on it, stars a screen, finds it with the recent ones, and opens it from there', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    await expect(page).toHaveURL(/\/en\/home$/);
    await expect(page.getByTestId('tab-/home')).toHaveText('Workbench');
    const bench = page.frameLocator('[data-testid="frame-platform"]').locator('[data-route="/home"]');
    for (const card of [
      'tasks',
      'notices',
      'alarms',
      'favourites',
      'recent',
      'frequent',
      'feedback',
      'applications',
      'apps',
    ]) {
      await expect(bench.getByTestId(`card-${card}`), card).toBeVisible();
    }
    // The figures are the ones the screens behind them show: the apps offline among the registry's.
    await expect(bench.getByTestId('apps-count')).toContainText(/\d+/);
    // The workbench has no star of its own.
    await expect(page.getByTestId('favourite-toggle')).toHaveCount(0);

    // Star the customers screen; the star says so.
    await page.getByTestId('menu-/basic/customer').click();
    await expect(page).toHaveURL(/\/en\/basic\/customer$/);
    const star = page.getByTestId('favourite-toggle');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await expect(star).toHaveAccessibleName('Add “Customers” to favourites');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');

    // Back on the workbench: among the favourites and the recent screens (a kept tab reads them again).
    await page.getByTestId('tab-/home').click();
    await expect(bench.getByTestId('card-favourites').getByTestId('favourites-link')).toHaveText(['Customers']);
    await expect(bench.getByTestId('card-recent').getByTestId('recent-link').first()).toHaveText('Customers');
    await bench.getByTestId('card-favourites').getByTestId('favourites-link').click();
    await expect(page).toHaveURL(/\/en\/basic\/customer$/);

    // Unstarred on the workbench, the header's star follows.
    await page.getByTestId('tab-/home').click();
    await expect(page).toHaveURL(/\/en\/home$/);
    await bench.getByTestId('favourite-remove').click();
    await expect(bench.getByTestId('card-favourites').getByTestId('favourites-link')).toHaveCount(0);
    await page.getByTestId('tab-/basic/customer').click();
    await expect(star).toHaveAttribute('aria-pressed', 'false');

    // Favourites belong to a factory: the second plant has none.
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('factory-switcher').click();
    await clickInPopup(popupOption(page, '(F002)'));
    await expect(page.getByTestId('factory-switcher')).toContainText('(F002)');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    // Left as found, for the next run: the first plant's star taken back.
    await page.getByTestId('factory-switcher').click();
    await clickInPopup(popupOption(page, '(F001)'));
    await expect(page.getByTestId('factory-switcher')).toContainText('(F001)');
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    expect(errors).toEqual([]);
  });

  test('a line clerk sees only the cards their role fills, in their language', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'vi', 'li.ming');
    await expect(page).toHaveURL(/\/vi\/home$/);
    const bench = page.frameLocator('[data-testid="frame-platform"]').locator('[data-route="/home"]');
    await expect(bench.getByTestId('card-notices')).toContainText('Thông báo chưa xử lý');
    for (const card of ['favourites', 'recent', 'frequent'])
      await expect(bench.getByTestId(`card-${card}`)).toBeVisible();
    for (const card of ['tasks', 'alarms', 'feedback', 'applications', 'apps'])
      await expect(bench.getByTestId(`card-${card}`), card).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
