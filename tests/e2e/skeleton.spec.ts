import { expect, test } from '@playwright/test';
import { login, quietness, token, watchConsole, clickInPopup } from './support';

test.describe('walking skeleton', () => {
  test('/ lands on the login page in the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    const errors = watchConsole(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/zh-CN\/login$/);
    await expect(page.getByTestId('login-submit')).toHaveText(/登\s*录/);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a wrong password keeps the user on the login page with a message', async ({ page }) => {
    await page.goto('/en/login');
    await page.locator('input[name="tenantCode"]').fill('demo');
    await page.locator('input[name="account"]').fill('admin');
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.locator('.arco-message')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/login$/);
  });

  test('login, menu, dictionaries in the platform iframe, add one, switch language', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    // The first allowed menu path, the workbench, opens in its own tab.
    await expect(page).toHaveURL(/\/en\/home$/);
    await expect(page.getByTestId('menu-/platform/dict')).toBeVisible();
    await expect(page.getByTestId('menu-/basic/customer')).toBeAttached();

    const iframe = page.getByTestId('frame-platform');
    await expect(iframe).toHaveAttribute(
      'src',
      new RegExp(`^http://localhost:${process.env.E2E_SUBAPP_BASE ?? 14000}/home`),
    );
    await expect(iframe).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads',
    );
    const frame = page.frameLocator('[data-testid="frame-platform"]');
    await expect(frame.getByTestId('page-workbench')).toBeVisible();
    await page.getByTestId('menu-/platform/dict').click();
    await expect(page).toHaveURL(/\/en\/platform\/dict$/);
    await expect(frame.getByTestId('page-dict')).toBeVisible();

    const type = `e2e_${Date.now()}`;
    await frame.getByTestId('btn-add').click();
    await frame.getByTestId('form-name').fill('Defect reasons');
    await frame.getByTestId('form-type').fill(type);
    await frame.getByRole('button', { name: 'OK' }).click();
    await expect(frame.getByRole('cell', { name: type })).toBeVisible();

    // A required field left empty is refused in the form, naming the field.
    await frame.getByTestId('btn-add').click();
    await frame.getByRole('button', { name: 'OK' }).click();
    await expect(frame.getByText('Name is required')).toBeVisible();
    await frame.getByRole('button', { name: 'Cancel' }).click();

    // Switching the shell's language changes the texts inside the iframe.
    await expect(frame.getByTestId('btn-add')).toHaveText('Add');
    await page.getByTestId('language-switch').click();
    await clickInPopup(page.getByTestId('lang-zh-CN'));
    await expect(page).toHaveURL(/\/zh-CN\/platform\/dict$/);
    await expect(frame.getByTestId('btn-add')).toHaveText(/新\s*增/);
    await expect(page.getByTestId('menu-/platform/dict')).toContainText('字典');
    expect(errors).toEqual([]);
  });

  test('the menu follows a language switch whose texts arrive late', async ({ page }) => {
    await login(page, 'en');
    await page.getByTestId('menu-/platform/dict').click();
    await expect(page.getByTestId('menu-/platform/dict')).toContainText('Dictionaries');
    // The new language's texts come slowly, as on a busy line; the menu, asked for meanwhile, must come in the new language.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByTestId('language-switch').click();
    await clickInPopup(page.getByTestId('lang-zh-CN'));
    await expect(page).toHaveURL(/\/zh-CN\/platform\/dict$/);
    await expect(page.getByTestId('menu-/platform/dict')).toContainText('字典');
  });

  test('an unknown path shows 404', async ({ page }) => {
    await login(page, 'en');
    await page.goto('/en/no-such-place');
    await expect(page).toHaveURL(/\/en\/404$/);
    await expect(page.getByTestId('error-404')).toBeVisible();
    await page.goto('/not-a-language/anything');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('the landing path goes to the first allowed path, a path outside the menu to the 403 page (SPEC §6)', async ({
    page,
  }) => {
    await login(page, 'en');
    await page.getByTestId('menu-/platform/dict').click();
    await expect(page).toHaveURL(/\/en\/platform\/dict$/);
    await page.goto('/en');
    await expect(page).toHaveURL(/\/en\/home$/);
    await page.goto('/en/platform/not-in-any-menu');
    await expect(page).toHaveURL(/\/en\/403$/);
    await expect(page.getByTestId('error-403')).toBeVisible();
  });

  test('without a token a protected path goes to login', async ({ page }) => {
    await page.goto('/en/platform/dict');
    await expect(page).toHaveURL(/\/en\/login$/);
  });

  test('after the server revokes the token, the next call returns the user to login', async ({ page, request }) => {
    // The page shows before its first list call goes out: revoke only after that call was answered.
    const listed = page.waitForResponse((r) => r.url().includes('/api/platform-system/dict?'));
    // The header's own first calls are answered too: revoked before they went out, one of them
    // would be the call that ends the session.
    const header = [
      '/api/flow-system/task/count',
      '/api/platform-system/notice/list?limit=50',
      '/api/platform-system/alarm/feed',
    ].map((part) => page.waitForResponse((r) => r.url().includes(part)));
    const quiet = quietness(page, 1_000, 20_000);
    await login(page, 'en');
    await page.getByTestId('menu-/platform/dict').click();
    await expect(page).toHaveURL(/\/en\/platform\/dict$/);
    const frame = page.frameLocator('[data-testid="frame-platform"]');
    await expect(frame.getByTestId('page-dict')).toBeVisible();
    await listed;
    await Promise.all(header);
    // So are the calls nobody asked for on this screen: the workbench left behind finishing its cards,
    // and the apps loaded ahead once the first screen was shown, which start a second after it.
    await expect.poll(() => page.locator('.subapp-frame').count()).toBeGreaterThan(1);
    await quiet();
    const current = await token(page);
    expect(current).toBeTruthy();
    const res = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${current}` } });
    expect(res.status()).toBe(200);
    // The next call, made by the sub-app through the bridge, answers 401.
    await frame.getByTestId('btn-search').click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByText('Your session has ended')).toBeVisible();
    expect(await token(page)).toBeNull();
  });
});
