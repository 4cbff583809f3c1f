import { expect, type Page } from '@playwright/test';

export const DEMO = { tenantCode: 'demo', account: 'admin', password: process.env.ADMIN_PASSWORD ?? 'Admin@2026' };

/** Offline apps are probed on purpose; the browser reports each refused connection on its own. */
const PROBE_NOISE = /net::ERR_CONNECTION_REFUSED|Failed to load resource/;
const SUBAPP_BASE = Number(process.env.E2E_SUBAPP_BASE ?? 14000);
/** Ports of apps this server does not serve (the platform and basic apps are the first two). */
const offlinePort = (url: string) => {
  const port = Number(/^https?:\/\/[^/:]+:(\d+)\//.exec(url)?.[1] ?? 0);
  return port >= SUBAPP_BASE + 2 && port <= SUBAPP_BASE + 14;
};

/** Collects what the page logs as errors, minus the refused probes of offline apps' ports. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    const url = msg.location().url ?? '';
    if (PROBE_NOISE.test(text) && offlinePort(url)) return;
    errors.push(`${text} @ ${url}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

export async function login(page: Page, lang = 'en') {
  await page.goto(`/${lang}/login`);
  await page.locator('input[name="tenantCode"]').fill(DEMO.tenantCode);
  await page.locator('input[name="account"]').fill(DEMO.account);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
}

export function token(page: Page): Promise<string | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('mes-portal:token') ?? 'null') as string | null);
}
