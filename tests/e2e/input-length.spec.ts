/**
 * A length cap never changes what the user typed (issue 20, item 5): a 12-digit mobile number
 * stays 12 digits in the field and is refused with the SPEC §5 message, in the users screen
 * (the kit's generated form) and in the personal centre; nothing is saved.
 */
import { expect, test } from '@playwright/test';
import { login, token, watchConsole, clickInPopup } from './support';
import { dialog } from './screens';

const TWELVE = '138001380001';

test('a 12-digit mobile number is refused with the SPEC §5 message, not cut to 11 and saved', async ({ page }) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  await page.goto('/en/platform/user');
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('page-app-user')).toBeVisible();
  const account = `len${Date.now().toString(36)}`;
  await frame.getByTestId('btn-add').click();
  await frame.getByTestId('form-account').fill(account);
  await frame.getByTestId('form-nickname').fill('Length check');
  await frame.getByTestId('form-password').fill('Secret@123');
  await frame.getByTestId('form-mobile').fill(TWELVE);
  await expect(frame.getByTestId('form-mobile')).toHaveValue(TWELVE);
  await frame.getByTestId('dialog-ok').click();
  await expect(dialog(frame)).toContainText('Mobile must be an 11-digit mobile number');
  await expect(frame.getByTestId('form-mobile')).toHaveValue(TWELVE);

  // Nothing was written.
  const found = await page.request.get(`/api/platform-system/app-user?account=${account}`, {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  expect((await found.json()).data.total).toBe(0);

  // With the number corrected the same form saves it as typed.
  await frame.getByTestId('form-mobile').fill('13800138000');
  await frame.getByTestId('dialog-ok').click();
  await expect(dialog(frame)).toHaveCount(0);
  const saved = await page.request.get(`/api/platform-system/app-user?account=${account}`, {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  expect((await saved.json()).data.records[0].mobile).toBe('13800138000');
  expect(errors).toEqual([]);
});

test('the personal centre keeps all 12 digits typed and refuses them', async ({ page }) => {
  await login(page, 'en');
  await page.getByTestId('user-menu').click();
  await clickInPopup(page.getByTestId('menu-profile'));
  const mobile = page.locator('.arco-drawer:visible .arco-form-item', { hasText: 'Mobile number' }).locator('input');
  await mobile.fill(TWELVE);
  await expect(mobile).toHaveValue(TWELVE);
  await page.locator('.arco-drawer:visible').getByRole('button', { name: 'OK' }).click();
  await expect(page.locator('.arco-drawer:visible')).toContainText('Mobile number must be an 11-digit mobile number');
  await expect(mobile).toHaveValue(TWELVE);
});

test("a number out of range is refused as typed, not clamped: a BOM line's loss rate of 150 %", async ({ page }) => {
  await login(page, 'en');
  await page.goto('/en/basic/bom');
  const frame = page.frameLocator('[data-testid="frame-basic"]');
  await frame.getByTestId('bom-new').click();
  await frame.getByTestId('bom-dosage').fill('1');
  await frame.getByTestId('bom-lossRate').fill('150');
  await frame.getByTestId('bom-line-ok').click();
  await expect(dialog(frame)).toContainText('Loss rate (%) is too large');
  await expect(frame.getByTestId('bom-lossRate')).toHaveValue('150');
});
