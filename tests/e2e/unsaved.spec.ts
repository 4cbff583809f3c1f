/**
 * No lost edits (issue 24): a screen's form with changes not yet saved makes the shell ask, naming
 * the screen, before its tab closes, before logging out, switching language or leaving the page;
 * "keep editing" keeps the tab and what was typed, "discard" goes on; a form closed unchanged asks nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, watchConsole, clickInPopup } from './support';

async function closeByMenu(page: Page, path: string) {
  await page.getByTestId(`tab-${path}`).click({ button: 'right' });
  await clickInPopup(page.locator('[data-testid="tab-menu"]:visible').getByTestId('tab-action-close'));
}

test.describe('unsaved changes', () => {
  test('asks before a half-filled form is thrown away, and keeps it on request', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    await page.getByTestId('menu-/basic/customer').click();
    const basic = page.frameLocator('[data-testid="frame-basic"]');
    await expect(basic.locator('[data-route="/basic/customer"]').getByTestId('page-customer')).toBeVisible();

    // Opened and closed without a change: nothing to ask.
    await basic.getByTestId('btn-add').click();
    await expect(basic.getByTestId('form-code')).toBeVisible();
    await basic.getByTestId('dialog-cancel').click();
    await expect(basic.getByTestId('form-code')).toBeHidden();

    await basic.getByTestId('btn-add').click();
    await basic.getByTestId('form-code').fill('HALF-TYPED');
    const question = page.getByTestId('unsaved-question');

    // Closing its tab asks, naming the screen; keeping it keeps the tab and what was typed.
    await closeByMenu(page, '/basic/customer');
    await expect(question).toContainText('Customers');
    await expect(question).toContainText('not saved');
    await page.getByTestId('unsaved-keep').click();
    await expect(question).toBeHidden();
    await expect(page.getByTestId('tab-/basic/customer')).toBeVisible();
    await expect(basic.getByTestId('form-code')).toHaveValue('HALF-TYPED');

    // So do logging out and switching the language.
    await page.getByTestId('user-menu').click();
    await clickInPopup(page.getByTestId('logout'));
    await expect(question).toBeVisible();
    await page.getByTestId('unsaved-keep').click();
    await expect(page).toHaveURL(/\/en\/basic\/customer$/);
    await page.getByTestId('language-switch').click();
    await clickInPopup(page.getByTestId('lang-zh-CN'));
    await expect(question).toBeVisible();
    await page.getByTestId('unsaved-keep').click();
    await expect(page).toHaveURL(/\/en\/basic\/customer$/);

    // Leaving the page: the browser's own question.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toEqual(['beforeunload']);
    expect(page.isClosed()).toBe(false);
    await expect(basic.getByTestId('form-code')).toHaveValue('HALF-TYPED');

    // Discarding closes the tab; afterwards nothing is left to ask about.
    await closeByMenu(page, '/basic/customer');
    await page.getByTestId('unsaved-discard').click();
    await expect(page.getByTestId('tab-/basic/customer')).toHaveCount(0);
    await page.getByTestId('language-switch').click();
    await clickInPopup(page.getByTestId('lang-zh-CN'));
    await expect(page).toHaveURL(/\/zh-CN\//);
    await expect(question).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a saved form leaves nothing to ask about', async ({ page }) => {
    await login(page, 'en');
    await page.getByTestId('menu-/basic/product-series').click();
    const basic = page.frameLocator('[data-testid="frame-basic"]');
    await expect(
      basic.locator('[data-route="/basic/product-series"]').getByTestId('page-product-series'),
    ).toBeVisible();
    await basic.getByTestId('btn-add').click();
    const code = `UNS${Date.now().toString(36).toUpperCase()}`;
    await basic.getByTestId('form-code').fill(code);
    await basic.getByTestId('form-name').fill('Unsaved probe');
    await basic.getByTestId('dialog-ok').click();
    await expect(basic.getByTestId('form-code')).toBeHidden();
    await closeByMenu(page, '/basic/product-series');
    await expect(page.getByTestId('tab-/basic/product-series')).toHaveCount(0);
    await expect(page.getByTestId('unsaved-question')).toHaveCount(0);
  });
});
