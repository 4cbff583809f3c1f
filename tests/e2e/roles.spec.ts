/**
 * Roles end to end (issue 4): an administrator creates a role, gives it a subset of menus and
 * buttons in the permission tree, assigns it to a new user; that user sees exactly that menu and
 * those buttons, and cannot open the rest.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, token } from './support';

const dialog = (page: Page) =>
  page.frameLocator('[data-testid="frame-platform"]').locator('.arco-modal:visible').last();

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const headers = { authorization: `Bearer ${await token(page)}`, 'accept-language': 'en' };
  const res =
    method === 'GET' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

test('a role with a subset of menus and buttons gives its user exactly those', async ({ page }) => {
  await login(page, 'en');
  const stamp = Date.now().toString(36);
  const code = `e2e-${stamp}`;

  // The role, through the screen.
  await page.goto('/en/platform/role');
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('page-role')).toBeVisible();
  await frame.getByTestId('btn-add').click();
  await frame.getByTestId('form-code').fill(code);
  await frame.getByTestId('form-name').fill(`Unit clerk ${stamp}`);
  await frame.getByTestId('dialog-ok').click();
  const row = frame
    .getByTestId('resource-table')
    .locator('tr', { has: frame.getByRole('cell', { name: code, exact: true }) });
  await expect(row).toBeVisible();

  // Its permissions: the units menu with its add and export buttons, nothing else.
  await row.getByTestId(`row-assign-${code}`).click();
  const tree = dialog(page).getByTestId('perm-tree');
  await expect(tree).toBeVisible();
  for (const perms of ['basic:unit:add', 'basic:unit:export']) {
    await tree
      .locator('.arco-tree-node', { has: frame.getByTestId(`perm-node-${perms}`) })
      .locator('.arco-checkbox')
      .click();
  }
  await dialog(page).getByTestId('perm-save').click();
  await expect(dialog(page)).toHaveCount(0);

  // A new user with that role, in the demo factory.
  const roles = await api<{ records: { id: string; code: string }[] }>(
    page,
    'GET',
    `/api/platform-system/role?code=${code}`,
  );
  const factories = await api<{ factoryList: { id: string }[] }>(
    page,
    'GET',
    '/api/platform-system/factory/getFactoryList',
  );
  const account = `clerk${stamp}`;
  await api(page, 'POST', '/api/platform-system/app-user', {
    account,
    nickname: 'Clerk',
    password: 'Clerk.2026',
    roles: [roles.records[0]!.id],
    factories: [factories.factoryList[0]!.id],
  });

  // That user sees the units menu only, with add and export but not edit, delete or import.
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/en/login');
  await page.locator('input[name="tenantCode"]').fill('demo');
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill('Clerk.2026');
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('menu-/basic/unit')).toBeAttached();
  await expect(page.locator('[data-testid^="menu-/"]')).toHaveCount(1);

  await page.getByTestId('menu-/basic/unit').click();
  const basic = page.frameLocator('[data-testid="frame-basic"]');
  await expect(basic.getByTestId('page-unit')).toBeVisible();
  await expect(basic.getByTestId('btn-add')).toBeVisible();
  await expect(basic.getByTestId('btn-export')).toBeVisible();
  for (const hidden of ['btn-edit', 'btn-delete', 'btn-import', 'row-edit', 'row-delete'])
    await expect(basic.getByTestId(hidden)).toHaveCount(0);

  // A screen outside the role's menu does not open: the 403 page says so (SPEC §6).
  await page.goto('/en/platform/user');
  await expect(page).toHaveURL(/\/en\/403$/);
  await expect(page.getByTestId('error-403')).toBeVisible();
  await expect(page.frameLocator('[data-testid="frame-platform"]').getByTestId('page-app-user')).toHaveCount(0);
});
