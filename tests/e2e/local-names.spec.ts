/**
 * Data named in five languages shows in the user's language (issue 20, item 7): the Applications
 * screen names each app in Vietnamese for a Vietnamese user, the Menus screen names a parent in
 * Vietnamese, not in Chinese.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, token, watchConsole } from './support';
import { rowOf, search } from './screens';

async function open(page: Page, path: string, name: string) {
  await page.goto(`/vi/platform/${path}`);
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId(`page-${name}`)).toBeVisible();
  return frame;
}

async function apiGet<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: { authorization: `Bearer ${await token(page)}` } });
  return ((await res.json()) as { data: T }).data;
}

test("Applications and Menus name apps and parents in the user's language", async ({ page }) => {
  const errors = watchConsole(page);
  await login(page, 'vi');

  const apps = await open(page, 'app', 'app');
  await expect(rowOf(apps, 'platform').getByRole('cell', { name: 'Nền tảng', exact: true })).toBeVisible();
  await expect(rowOf(apps, 'basic').getByRole('cell', { name: 'Dữ liệu cơ bản', exact: true })).toBeVisible();

  type MenuRow = { id: string; code: string; nameZhCN: string; nameVi: string };
  const parent = (
    await apiGet<{ records: MenuRow[] }>(page, '/api/platform-system/menu?code=basic:packaging-rule&type=menu')
  ).records.find((m) => m.code === 'basic:packaging-rule')!;
  expect(parent.nameVi).not.toBe('');
  const menus = await open(page, 'menu', 'menu');
  await search(menus, 'code', 'basic:packaging-rule:add');
  const row = rowOf(menus, 'basic:packaging-rule:add');
  await expect(row.getByRole('cell', { name: `basic:packaging-rule ${parent.nameVi}`, exact: true })).toBeVisible();
  await expect(row).not.toContainText(parent.nameZhCN);
  expect(errors).toEqual([]);
});
