/**
 * SECURITY-TESTS T2.9 (script policy) in Chromium: a script injected into the markup of the shell's
 * or any sub-app's page, or into its DOM later, does not run, while the page's own scripts do; and a
 * working session across the shell, the platform and basic sub-apps and the andon example meets no
 * refusal of its own resources.
 */
import { expect, test, type Page } from '@playwright/test';
import { login } from './support';

const PORT = Number(process.env.E2E_PORT ?? 18080);
const SUBAPP_BASE = Number(process.env.E2E_SUBAPP_BASE ?? 14000);
const SHELL = `http://localhost:${PORT}`;

/** Records every CSP violation of every frame, before any script of the page runs (Playwright's own script is not subject to the page's policy). */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__violations.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile ?? ''}`);
    });
  });
}
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);

/** The markup an attacker managed to store in a page: an inline script, an inline handler, a javascript: URL. */
const INJECTED = `<script>window.__injected = 'inline script';</script>
<img src="/nonexistent.png" onerror="window.__injected = 'inline handler'">
<script src="data:text/javascript,window.__injected='data script'"></script>`;

const pages = [
  {
    name: 'shell (public login page)',
    url: `${SHELL}/en/login`,
    ran: (p: Page) => expect(p.locator('input[name="account"]')).toBeVisible(),
  },
  {
    name: 'platform sub-app',
    url: `http://localhost:${SUBAPP_BASE}/platform/dict`,
    ran: (p: Page) =>
      expect.poll(() => p.evaluate(() => document.getElementById('root')?.childElementCount ?? 0)).toBeGreaterThan(0),
  },
  {
    name: 'basic sub-app',
    url: `http://localhost:${SUBAPP_BASE + 1}/basic/unit`,
    ran: (p: Page) =>
      expect.poll(() => p.evaluate(() => document.getElementById('root')?.childElementCount ?? 0)).toBeGreaterThan(0),
  },
  // Outside the shell the andon board says it cannot connect: its own script ran to say so.
  {
    name: 'andon example',
    url: `http://localhost:${SUBAPP_BASE + 8}/andon/board`,
    ran: (p: Page) => expect(p.getByTestId('andon-message')).not.toBeEmpty(),
  },
];

// A page answered through Playwright's route (to store the attacker's markup in it) has no address
// of its own, so Chromium takes it for a public one, and refuses it the loopback shell origin that
// the real page, served from loopback itself, loads its shared files from (issue 23).
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      '--disable-features=LocalNetworkAccessChecks',
    ],
  },
});

test.describe('script policy (T2.9)', () => {
  for (const target of pages) {
    test(`${target.name}: an injected inline script does not run, the page's own scripts do`, async ({ page }) => {
      await recordViolations(page);
      let served = '';
      // The real answer with its real headers, the attacker's markup stored into its body.
      await page.route(target.url, async (route) => {
        const res = await route.fetch();
        served = res.headers()['content-security-policy'] ?? '';
        const body = (await res.text()).replace(/<head>/i, `<head>${INJECTED}`);
        await route.fulfill({ response: res, body });
      });
      await page.goto(target.url);
      expect(served).toMatch(/script-src 'self'/);
      expect(/(?:^|; )script-src ([^;]*)/.exec(served)?.[1] ?? '').not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
      await target.ran(page);
      // Later injections into the DOM fare no better.
      await page.evaluate(() => {
        document.body.insertAdjacentHTML(
          'beforeend',
          '<img src="/nonexistent-2.png" onerror="window.__injected = \'dom handler\'"><a id="js-link" href="javascript:window.__injected=\'javascript url\'">x</a>',
        );
        const s = document.createElement('script');
        s.textContent = "window.__injected = 'dom script'";
        document.body.append(s);
      });
      await page.evaluate(() => (document.getElementById('js-link') as HTMLAnchorElement).click());
      await expect
        .poll(async () => (await violations(page)).filter((v) => v.startsWith('script-src')).length)
        .toBeGreaterThanOrEqual(4);
      expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected ?? null)).toBeNull();
    });
  }

  test('a working session across the shell, platform, basic and andon meets no refusal of its own resources', async ({
    page,
  }) => {
    await recordViolations(page);
    await login(page, 'en');
    await page.getByTestId('menu-/platform/dict').click();
    await expect(page.frameLocator('[data-testid="frame-platform"]').locator('table').first()).toBeVisible({
      timeout: 20_000,
    });
    await page.getByTestId('menu-/basic/unit').click();
    await expect(page.frameLocator('[data-testid="frame-basic"]').getByTestId('page-unit')).toBeVisible({
      timeout: 20_000,
    });
    await page.getByTestId('menu-/andon/board').click();
    await expect(page.frameLocator('[data-testid="frame-andon"]').getByTestId('andon-status')).toContainText(
      'Connected through the portal bridge',
      { timeout: 20_000 },
    );
    const all: string[] = [];
    for (const frame of page.frames())
      all.push(
        ...(await frame
          .evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])
          .catch(() => [])),
      );
    expect(all).toEqual([]);
  });
});
