/**
 * Shortcuts while the focus is inside a frame (issue 24): the shell's keys (search, next and previous
 * tab, close tab, help, the shortcut list) work whether the focus is in the shell or in a sub-app,
 * React or plain JavaScript; a screen's own shortcut is listed and works.
 */
import { expect, test } from '@playwright/test';
import { login, watchConsole } from './support';

test.describe('keyboard shortcuts', () => {
  test("the shell's keys work from inside a sub-app's frame, and a screen's own key is listed and works", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    // Two apps: the dictionaries (platform, beside the workbench where login lands) and the customers (basic).
    await page.getByTestId('menu-/platform/dict').click();
    await expect(page).toHaveURL(/\/en\/platform\/dict$/);
    await page.getByTestId('menu-/basic/customer').click();
    await expect(page).toHaveURL(/\/en\/basic\/customer$/);
    const basic = page.frameLocator('[data-testid="frame-basic"]');
    const customers = basic.locator('[data-route="/basic/customer"]');
    await expect(customers.getByTestId('page-customer')).toBeVisible();

    // Ctrl+K typed in a search field of the customers screen opens the shell's search.
    await customers.getByTestId('search-code').click();
    await page.keyboard.press('Control+K');
    await expect(page.getByTestId('search-panel')).toBeVisible();
    await expect(page.getByTestId('search-input')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('search-panel')).toBeHidden();

    // `?` outside a field lists the shell's keys and the screen's own.
    await customers.getByTestId('resource-table').locator('th').first().click();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    await page.keyboard.press('Shift+Slash');
    const list = page.getByTestId('shortcut-list');
    await expect(list).toBeVisible();
    await expect(list).toContainText('Ctrl+K');
    await expect(list).toContainText('Search menus and records');
    await expect(list).toContainText('Alt+PageDown');
    await expect(page.getByTestId('shortcut-list-app')).toContainText('Alt+Shift+N');
    await expect(page.getByTestId('shortcut-list-app')).toContainText('Add a record');
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();

    // The screen's own key opens its add form; typed into the form, `?` is only a character.
    await customers.getByTestId('search-code').click();
    await page.keyboard.press('Alt+Shift+N');
    // The form's dialog covers the frame (it is not inside the route's element).
    const code = basic.getByTestId('form-code');
    await expect(code).toBeVisible();
    await code.click();
    await page.keyboard.type('A?');
    await expect(code).toHaveValue('A?');
    await expect(list).toBeHidden();
    await basic.getByTestId('dialog-cancel').click();
    await expect(code).toBeHidden();

    // F1 opens the help of the screen shown.
    await customers.getByTestId('search-code').click();
    await page.keyboard.press('F1');
    await expect(page.getByTestId('help-content')).toBeVisible();
    // The focus follows into the drawer, so that Escape closes it.
    await expect(page.getByTestId('help-content')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('help-content')).toBeHidden();

    // Alt+PageUp and Alt+PageDown go round the tabs, from inside either app.
    await customers.getByTestId('search-code').click();
    await page.keyboard.press('Alt+PageUp');
    await expect(page).toHaveURL(/\/en\/platform\/dict$/);
    const platform = page.frameLocator('[data-testid="frame-platform"]');
    await platform.locator('[data-route="/platform/dict"]').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Alt+PageDown');
    await expect(page).toHaveURL(/\/en\/basic\/customer$/);

    // Alt+Shift+W closes the shown tab; its neighbour is shown.
    // The keys are held until the tab is gone, as a hand does: the frame that had the focus goes
    // with the tab, and a key released into a frame the browser is removing may never be answered.
    await customers.getByTestId('search-code').click();
    await page.keyboard.down('Alt');
    await page.keyboard.down('Shift');
    await page.keyboard.down('W');
    await expect(page.getByTestId('tab-/basic/customer')).toHaveCount(0);
    await expect(page.getByTestId('frame-basic')).toHaveCount(0);
    await page.keyboard.up('W');
    await page.keyboard.up('Shift');
    await page.keyboard.up('Alt');
    await expect(page).toHaveURL(/\/en\/platform\/dict$/);

    // The same keys with the focus in the shell itself.
    await page.getByTestId('tab-/platform/dict').click();
    await page.keyboard.press('Shift+Slash');
    await expect(list).toBeVisible();
    await page.keyboard.press('Escape');
    // The customers screen has no help document: its 404 is the drawer's "not written yet".
    expect(errors.filter((e) => !e.includes('/route/help/doc/content?path=%2Fbasic%2Fcustomer'))).toEqual([]);
  });

  test("a plain JavaScript app's page hands the shell's keys over too", async ({ page }) => {
    await login(page, 'en');
    await page.getByTestId('menu-/andon/board').click();
    const board = page.frameLocator('[data-testid="frame-andon"]');
    await expect(board.getByTestId('andon-status')).toContainText('Connected through the portal bridge');
    await board.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+K');
    await expect(page.getByTestId('search-panel')).toBeVisible();
  });
});
