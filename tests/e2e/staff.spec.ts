/**
 * General staff accounts are managed with the staff (issue 4, SPEC §6): an account made from a staff
 * record, its temporary password shown once, and the staff member logging in with it.
 */
import { expect, test } from '@playwright/test';
import { login, token, watchConsole } from './support';
import { openScreen, rowOf, search } from './screens';

test('an account made from a staff record lets the staff member log in', async ({ page, browser }) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  const stamp = Date.now().toString(36);
  const code = `ST${stamp}`.toUpperCase();
  const res = await page.request.post('/api/cloudbase-system/staff', {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: { code, name: `Mei ${stamp}` },
  });
  expect(res.status(), await res.text()).toBe(200);

  const frame = await openScreen(page, 'staff', 'platform');
  await search(frame, 'code', code);
  await expect(rowOf(frame, code)).toBeVisible();
  await rowOf(frame, code).getByTestId(`row-account-${code}`).click();
  const dialog = frame.locator('.arco-modal:visible');
  await expect(dialog.getByTestId('account-input')).toHaveValue(code.toLowerCase());
  await dialog.getByTestId('account-input').fill('bad account');
  await dialog.getByTestId('account-ok').click();
  await expect(dialog).toContainText('Account');
  await dialog.getByTestId('account-input').fill(`mei${stamp}`);
  await dialog.getByTestId('account-ok').click();
  const temporary = (await dialog.getByTestId('temp-password').locator('code').textContent())?.trim() ?? '';
  expect(temporary).toMatch(/^[A-Za-z0-9]{12}$/);
  await dialog.getByTestId('account-ok').click();
  await expect(dialog).toHaveCount(0);
  // Linked now: the row offers no second account and shows the linked one.
  await expect(rowOf(frame, code).getByTestId(`row-account-${code}`)).toHaveCount(0);
  await expect(rowOf(frame, code)).toContainText(`mei${stamp}`);

  const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const staffPage = await other.newPage();
  await staffPage.goto('/en/login');
  await staffPage.locator('input[name="tenantCode"]').fill('demo');
  await staffPage.locator('input[name="account"]').fill(`mei${stamp}`);
  await staffPage.locator('input[name="password"]').fill(temporary);
  await staffPage.getByTestId('login-submit').click();
  await expect(staffPage).not.toHaveURL(/\/login/);
  await expect(staffPage.getByTestId('factory-switcher')).toContainText('(F001)');
  await other.close();
  expect(errors).toEqual([]);
});
