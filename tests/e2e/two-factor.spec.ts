/**
 * Two-factor login in the browser (issue 26): a user enrols in the personal centre by the QR code's
 * secret and a code, sees the ten recovery codes once, and from then on logs in with a code after
 * the password (computed here from the secret, as an authenticator app would).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { totpCode } from '../../server/auth/totp';
import { DEMO, enterFactory, clickInPopup } from './support';

const BASIC = `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`;

/** A new administrator of the demo company, so no other test's account is touched. */
async function newUser(request: APIRequestContext, account: string): Promise<void> {
  const login = await request.post('/api/auth/login', {
    headers: { authorization: BASIC },
    data: { tenantCode: DEMO.tenantCode, account: DEMO.account, password: DEMO.password },
  });
  const token = (await login.json()).data.token as string;
  const created = await request.post('/api/platform-system/app-user', {
    headers: { authorization: `Bearer ${token}` },
    data: { account, nickname: account, password: DEMO.password, type: 'admin' },
  });
  expect(created.status()).toBe(200);
}

async function fillLogin(page: Page, account: string) {
  await page.goto('/en/login');
  await page.locator('input[name="tenantCode"]').fill(DEMO.tenantCode);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
}

/** Waits until the authenticator shows the next code (a code is taken once). */
async function nextStep(page: Page) {
  await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 1_000);
}

test('enrol in two-factor login in the personal centre, then log in with a code', async ({ page, request }) => {
  test.setTimeout(150_000);
  const account = `tf.e2e.${Date.now().toString(36)}`;
  await newUser(request, account);
  await fillLogin(page, account);
  await enterFactory(page);

  await page.getByTestId('user-menu').click();
  await clickInPopup(page.getByTestId('menu-profile'));
  const section = page.getByTestId('two-factor-section');
  await expect(section.getByTestId('two-factor-state')).toHaveAttribute('data-state', 'off');
  await section.getByTestId('two-factor-setup').click();
  await expect(section.getByRole('img', { name: 'QR code for the authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // A wrong code is refused on its field.
  const wrong = String((Number(totpCode(secret)) + 7) % 1_000_000).padStart(6, '0');
  await section.getByTestId('two-factor-code').fill(wrong);
  await section.getByTestId('two-factor-confirm').click();
  await expect(section.getByText('Code is wrong or already used')).toBeVisible();
  await section.getByTestId('two-factor-code').fill(totpCode(secret));
  await section.getByTestId('two-factor-confirm').click();
  await expect(section.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await section.getByTestId('two-factor-codes-done').click();
  await expect(section.getByTestId('two-factor-state')).toHaveAttribute('data-state', 'on');
  await expect(section).toContainText('10 recovery codes left');

  // The done button has gone, so the focus has left the drawer; Escape still closes it.
  await page.keyboard.press('Escape');
  await expect(section).toBeHidden();
  await page.getByTestId('user-menu').click();
  await clickInPopup(page.getByTestId('logout'));
  await expect(page).toHaveURL(/\/en\/login/);

  // The password alone no longer opens the portal.
  await fillLogin(page, account);
  await expect(page.getByTestId('login-second-step')).toBeVisible();
  await expect(page).toHaveURL(/\/en\/login/);
  await nextStep(page);
  await page.getByTestId('second-step-code').fill(totpCode(secret));
  await page.getByTestId('second-step-submit').click();
  await enterFactory(page);
  await expect(page.getByTestId('user-menu')).toHaveText(account);
});
