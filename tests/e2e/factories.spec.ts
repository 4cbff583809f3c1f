/**
 * Factory selection and the factory switcher (issues 4 and 5): a user of several factories chooses
 * one after login; switching in the header fetches the menu for the new factory and the open
 * sub-app lists that factory's rows, in the same tab.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, login, token, watchConsole, clickInPopup } from './support';
import { rowOf, popupOption } from './screens';

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown, factoryId?: string): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${await token(page)}`, 'accept-language': 'en' };
  if (factoryId) headers['x-factory-id'] = factoryId;
  const res =
    method === 'GET' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

async function loginAs(page: Page, tenantCode: string) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/en/login');
  await page.locator('input[name="tenantCode"]').fill(tenantCode);
  await page.locator('input[name="account"]').fill('admin');
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('a user of two factories chooses one, and switching reloads the menu and the sub-app data', async ({ page }) => {
  const errors = watchConsole(page);
  // A tenant of its own, so that the demo tenant keeps its single factory for the other tests.
  await login(page, 'en');
  const tenantCode = `fs${Date.now().toString(36)}`;
  await api(page, 'POST', '/api/platform-system/tenant', {
    code: tenantCode,
    name: `Two factories ${tenantCode}`,
    adminAccount: 'admin',
    adminPassword: DEMO.password,
  });

  await loginAs(page, tenantCode);
  await api(page, 'POST', '/api/platform-system/factory', { code: 'F002', name: 'Second Works', sort: 2 });
  const { factoryList } = await api<{ factoryList: { id: string; code: string }[] }>(
    page,
    'GET',
    '/api/platform-system/factory/getFactoryList',
  );
  const first = factoryList.find((f) => f.code === 'F001')!.id;
  const second = factoryList.find((f) => f.code === 'F002')!.id;
  await api(page, 'POST', '/api/basic-system/workshop', { code: 'WS-ONE', name: 'Pressing hall' }, first);
  await api(page, 'POST', '/api/basic-system/workshop', { code: 'WS-TWO', name: 'Paint hall' }, second);

  // Logging in again with no factory chosen: the selection page, then the first factory.
  await loginAs(page, tenantCode);
  await expect(page).toHaveURL(/\/en\/factory$/);
  await expect(page.getByTestId('factory-F002')).toContainText('Second Works');
  await page.getByTestId('factory-F001').click();
  await expect(page.getByTestId('factory-switcher')).toContainText('(F001)');

  await page.goto('/en/basic/workshop');
  const frame = page.frameLocator('[data-testid="frame-basic"]');
  await expect(frame.getByTestId('page-workshop')).toBeVisible();
  await expect(rowOf(frame, 'WS-ONE')).toBeVisible();
  await expect(rowOf(frame, 'WS-TWO')).toHaveCount(0);

  // Switch in the header: the menu is fetched for the new factory, the open screen lists its rows.
  const menu = page.waitForRequest(
    (r) => r.url().includes('/api/platform-system/function/routes') && r.url().includes(`factoryId=${second}`),
  );
  await page.getByTestId('factory-switcher').click();
  await clickInPopup(popupOption(page, '(F002)'));
  await menu;
  await expect(rowOf(frame, 'WS-TWO')).toBeVisible();
  await expect(rowOf(frame, 'WS-ONE')).toHaveCount(0);
  await expect(page).toHaveURL(/\/en\/basic\/workshop$/);
  const basic = page.frames().find((f) => /:\d+\/basic\//.test(f.url()));
  await expect.poll(() => basic?.evaluate(() => window.portalBridge?.context.factoryId)).toBe(second);

  // The choice survives a reload.
  await page.reload();
  await expect(page.getByTestId('factory-switcher')).toContainText('(F002)');
  await expect(rowOf(frame, 'WS-TWO')).toBeVisible();
  expect(errors).toEqual([]);
});
