import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serverLogFile } from './global-setup';
import { enterFactory, login, token, watchConsole } from './support';

const root = resolve(import.meta.dirname, '../..');

/** The newest SMS code the log driver wrote for a number. */
function codeFromLog(mobile: string): string | null {
  const lines = readFileSync(serverLogFile(root), 'utf8').trim().split('\n').reverse();
  for (const line of lines) {
    try {
      const entry = JSON.parse(line) as { sms?: { mobile: string; code: string } };
      if (entry.sms?.mobile === mobile) return entry.sms.code;
    } catch {
      /* not JSON */
    }
  }
  return null;
}

async function openUserMenu(page: Page, item: string) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(item).click();
}

test.describe('account and settings', () => {
  test('logs in by mobile with the code the log driver wrote', async ({ page, request }) => {
    await login(page, 'en');
    const mobile = `139${String(Date.now()).slice(-8)}`;
    const set = await request.post('/api/platform-system/user/updateUser', {
      headers: { authorization: `Bearer ${await token(page)}` },
      data: { nickname: '系统管理员 Administrator', mobile },
    });
    expect(set.status()).toBe(200);
    await openUserMenu(page, 'logout');
    await expect(page).toHaveURL(/\/en\/login$/);

    const errors = watchConsole(page);
    await page.getByTestId('tab-mobile').click();
    await page.locator('input[name="mobile"]').fill('12345');
    await page.getByTestId('sms-send').click();
    await expect(page.getByText('Enter a valid 11-digit mobile number')).toBeVisible();
    await page.locator('input[name="mobile"]').fill(mobile);
    await page.getByTestId('sms-send').click();
    await expect(page.getByTestId('sms-send')).toContainText('Resend in');
    await expect.poll(() => codeFromLog(mobile)).toMatch(/^\d{6}$/);
    await page.locator('input[name="smsCode"]').fill(codeFromLog(mobile)!);
    await page.getByTestId('mobile-login-submit').click();
    await enterFactory(page);
    await expect(page).toHaveURL(/\/en\/home$/);
    expect(errors).toEqual([]);
  });

  test('the font size setting reaches the shell and the sub-app inside its iframe', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    const frame = page.frameLocator('[data-testid="frame-platform"]');
    await expect(frame.getByTestId('page-workbench')).toBeVisible();
    await expect(frame.locator('body')).toHaveAttribute('data-font-size', 'small');
    await openUserMenu(page, 'menu-settings');
    await page.getByTestId('font-large').click();
    await expect(page.locator('.portal-layout')).toHaveClass(/font-large/);
    await expect(frame.locator('body')).toHaveAttribute('data-font-size', 'large');
    await expect(frame.locator('.subapp')).toHaveClass(/font-large/);
    // The organisation chosen in the header reaches the sub-app's context as well.
    await expect(page.getByTestId('org-switcher')).toContainText('Huayuan Metering (Suzhou)');
    // The platform app's frame, loaded at the workbench where login landed.
    const platform = page.frames().find((f) => /:\d+\/home\b/.test(f.url()));
    await expect.poll(() => platform?.evaluate(() => window.portalBridge?.context.orgCode)).toBe('ORG001');
    expect(errors).toEqual([]);
  });

  test('feedback refuses a 4 MB picture and a program renamed to .png, and takes a real one', async ({ page }) => {
    await login(page, 'en');
    await openUserMenu(page, 'menu-feedback');
    await page.getByTestId('feedback-description').fill('The label printer on line 2 skips every tenth label.');
    const input = page.locator('.arco-modal input[type="file"]');
    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(4 * 1024 * 1024, 1) });
    await expect(page.getByText('A picture may be at most 3 MB')).toBeVisible();
    await input.setInputFiles({
      name: 'setup.png',
      mimeType: 'image/png',
      buffer: Buffer.from('MZ\x90\x00\x03 a Windows program'),
    });
    await page.locator('.arco-modal').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Pictures must be jpg, gif, png or bmp').first()).toBeVisible();

    // A real PNG (1×1 pixel) goes through, and the modal closes.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .locator('.arco-upload-list-item .arco-upload-list-item-picture-mask, .arco-upload-list-item')
      .first()
      .hover();
    await page
      .locator('.arco-modal .arco-upload-list-item')
      .first()
      .locator('.arco-icon-delete')
      .click({ force: true });
    await input.setInputFiles({ name: 'line2.png', mimeType: 'image/png', buffer: png });
    await page.locator('.arco-modal').getByRole('button', { name: 'OK' }).click();
    await expect(page.locator('.arco-modal')).toBeHidden();
  });

  test('change password checks the rules before it asks the server', async ({ page }) => {
    await login(page, 'en');
    await openUserMenu(page, 'menu-password');
    await page.getByTestId('old-password').fill('Admin@2026');
    await page.getByTestId('new-password').fill('abc');
    await page.getByTestId('confirm-password').fill('abd');
    await page.locator('.arco-modal').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('New password must be 6–16 digits, letters or . _ ~ ! @ # $ ^ & *')).toBeVisible();
    await expect(page.getByText('Confirm password does not match the new password')).toBeVisible();
  });

  test('the personal centre shows the staff record of the factory, and saves the fields the user may change', async ({
    page,
  }) => {
    await login(page, 'en');
    await openUserMenu(page, 'menu-profile');
    const staff = page.getByTestId('profile-staff');
    // The demo administrator is staff member S0001 of General Management (the demo company's organisation).
    await expect(staff).toContainText('S0001');
    await expect(staff).toContainText('General Management');
    await page.getByTestId('profile-extension').fill('1');
    await page.locator('.arco-drawer').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Extension must be 2 to 10 digits')).toBeVisible();
    await page.getByTestId('profile-extension').fill('8123');
    await page.locator('.arco-drawer').getByRole('button', { name: 'OK' }).click();
    await expect(page.locator('.arco-drawer')).toBeHidden();
    await openUserMenu(page, 'menu-profile');
    await expect(page.getByTestId('profile-extension')).toHaveValue('8123');
  });
});
