import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from './helpers';

/** The test provider's development screens: any login, any password, then consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const consent = page.getByRole('button', { name: 'Continue' });
  if (await consent.isVisible({ timeout: 3000 }).catch(() => false)) await consent.click();
}

test.describe('single sign-on (OpenID Connect, PKCE)', () => {
  test('a provider user matched to a portal account lands in the portal', async ({ page }) => {
    await page.goto('/en/login');
    const errors = watchConsole(page);
    await page.getByTestId('sso-start').click();
    await expect(page).toHaveURL(/localhost:\d+\/interaction\//);
    await signInAtProvider(page, 'admin');
    await expect(page).toHaveURL(/\/en\/platform\/dict$/);
    await expect(page.getByTestId('user-menu')).toHaveText('Administrator');
    // The token never travelled in a URL: the address bar holds no code any more.
    expect(page.url()).not.toContain('sso=');
    // The provider's own pages (fonts, favicon) are not ours to judge.
    const provider = `localhost:${Number(process.env.E2E_PORT ?? 18080) + 1}`;
    expect(errors.filter((e) => !e.includes('fonts.googleapis') && !e.includes(provider))).toEqual([]);
  });

  test('a provider user without a portal account is told so on the login page', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByTestId('sso-start').click();
    await signInAtProvider(page, 'stranger');
    await expect(page).toHaveURL(/\/en\/login/);
    await expect(page.getByTestId('sso-error')).toContainText('no matching account');
  });

  test('the start asks for S256 PKCE, state and nonce; a tampered callback is refused', async ({ request }) => {
    const start = await request.get('/api/auth/sso/start?tenantCode=demo&lang=en', { maxRedirects: 0 });
    expect(start.status()).toBe(302);
    const location = new URL(start.headers().location!);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(start.headers()['set-cookie']).toMatch(/portal_sso=[\w-]+; Path=\/api\/auth\/sso; HttpOnly; SameSite=Lax/);

    const tampered = await request.get(`/api/auth/sso/callback?code=abc&state=${location.searchParams.get('state')}x`, { maxRedirects: 0 });
    expect(tampered.status()).toBe(400);
    // The right state from another browser (no cookie) is refused too.
    const fresh = await request.get('/api/auth/sso/start?tenantCode=demo&lang=en', { maxRedirects: 0 });
    const state = new URL(fresh.headers().location!).searchParams.get('state');
    const otherBrowser = await request.get(`/api/auth/sso/callback?code=abc&state=${state}`, { maxRedirects: 0, headers: { cookie: '' } });
    expect(otherBrowser.status()).toBe(400);
    const replay = await request.post('/api/auth/sso/exchange', {
      headers: { authorization: `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}` },
      data: { code: 'x'.repeat(43) },
    });
    expect(replay.status()).toBe(400);
  });
});
