import { expect, test, type Page } from '@playwright/test';
import { enterFactory, watchConsole } from './support';

/** The test provider's development screens: any login, any password, then consent. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const consent = page.getByRole('button', { name: 'Continue' });
  if (await consent.isVisible({ timeout: 3000 }).catch(() => false)) await consent.click();
}

/**
 * Runs a login request through the provider with the browser context's cookies but without
 * following the last redirect: the callback URL (code and state) comes back unused.
 */
async function heldCallback(page: Page): Promise<URL> {
  const req = page.request;
  const start = await req.get('/api/auth/sso/start?tenantCode=demo&lang=en', { maxRedirects: 0 });
  expect(start.status()).toBe(302);
  let next = new URL(start.headers().location!);
  for (let hop = 0; hop < 12; hop++) {
    if (next.pathname === '/api/auth/sso/callback') return next;
    let res;
    if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
      // The provider's development screens: sign in with any password, then consent.
      const html = await (await req.get(next.href, { maxRedirects: 0 })).text();
      const form: Record<string, string> = html.includes('name="login"')
        ? { prompt: 'login', login: 'admin', password: 'any' }
        : { prompt: 'consent' };
      res = await req.post(next.href, { form, maxRedirects: 0 });
    } else res = await req.get(next.href, { maxRedirects: 0 });
    next = new URL(res.headers().location!, next);
  }
  throw new Error('the provider never redirected to the callback');
}

test.describe('single sign-on (OpenID Connect, PKCE)', () => {
  test('a provider user matched to a portal account lands in the portal', async ({ page }) => {
    await page.goto('/en/login');
    const errors = watchConsole(page);
    await page.getByTestId('sso-start').click();
    await expect(page).toHaveURL(/localhost:\d+\/interaction\//);
    await signInAtProvider(page, 'admin');
    await enterFactory(page);
    await expect(page).toHaveURL(/\/en\/home$/);
    await expect(page.getByTestId('user-menu')).toHaveText('系统管理员 Administrator');
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

  test('a replayed authorisation code is refused and opens no second session (T5.2)', async ({ page }) => {
    let first: URL | null = null;
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/sso/callback')) first = new URL(r.url());
    });
    await page.goto('/en/login');
    await page.getByTestId('sso-start').click();
    await signInAtProvider(page, 'admin');
    await enterFactory(page);
    await expect(page).toHaveURL(/\/en\/home$/);
    expect(first).not.toBeNull();
    const tokenAfterFirst = await page.evaluate(() => localStorage.getItem('mes-portal:token'));
    // A new login request in the same browser, held back before its own callback…
    const second = await heldCallback(page);
    // …answered with the first, already redeemed code.
    const replay = await page.request.get(
      `/api/auth/sso/callback?code=${first!.searchParams.get('code')}&state=${second.searchParams.get('state')}`,
      { maxRedirects: 0 },
    );
    expect(replay.status()).toBe(400);
    expect(await replay.text()).toContain('ssoError=auth.ssoFailed');
    expect(await page.evaluate(() => localStorage.getItem('mes-portal:token'))).toBe(tokenAfterFirst);
  });

  test('a code delivered with another login request (wrong PKCE verifier) is refused (T5.2)', async ({ page }) => {
    const a = await heldCallback(page);
    const b = await heldCallback(page);
    // Code of request A, state (and so verifier) of request B: the provider refuses the exchange.
    const mixed = await page.request.get(
      `/api/auth/sso/callback?code=${a.searchParams.get('code')}&state=${b.searchParams.get('state')}`,
      { maxRedirects: 0 },
    );
    expect(mixed.status()).toBe(400);
    expect(await mixed.text()).toContain('ssoError=auth.ssoFailed');
    // Request A's own state no longer matches this browser's cookie: refused as well.
    const stale = await page.request.get(
      `/api/auth/sso/callback?code=${a.searchParams.get('code')}&state=${a.searchParams.get('state')}`,
      { maxRedirects: 0 },
    );
    expect(stale.status()).toBe(400);
    expect(await stale.text()).toContain('ssoError=auth.ssoStateInvalid');
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

    const tampered = await request.get(`/api/auth/sso/callback?code=abc&state=${location.searchParams.get('state')}x`, {
      maxRedirects: 0,
    });
    expect(tampered.status()).toBe(400);
    // The right state from another browser (no cookie) is refused too.
    const fresh = await request.get('/api/auth/sso/start?tenantCode=demo&lang=en', { maxRedirects: 0 });
    const state = new URL(fresh.headers().location!).searchParams.get('state');
    const otherBrowser = await request.get(`/api/auth/sso/callback?code=abc&state=${state}`, {
      maxRedirects: 0,
      headers: { cookie: '' },
    });
    expect(otherBrowser.status()).toBe(400);
    const replay = await request.post('/api/auth/sso/exchange', {
      headers: { authorization: `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}` },
      data: { code: 'x'.repeat(43) },
    });
    expect(replay.status()).toBe(400);
  });
});
