/**
 * SECURITY-TESTS T3.6 in the browser: when the server revokes the session, the next call returns
 * the shell to login, and every connected sub-app is told exactly once (even when several calls
 * answer 401). The platform and andon apps are replaced by small bridge children at their own
 * origins that report each `logout` to a counter in this file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { login, token } from './support';

const PORT = Number(process.env.E2E_PORT ?? 18080);
const SHELL = `http://localhost:${PORT}`;
const BASE = Number(process.env.E2E_SUBAPP_BASE ?? 14000);
const APPS = {
  platform: { origin: `http://localhost:${BASE}`, route: '/home' },
  andon: { origin: `http://localhost:${BASE + 8}`, route: '/andon/board' },
};
const PENPAL = fs.readFileSync(path.resolve(import.meta.dirname, '../../node_modules/penpal/dist/penpal.js'), 'utf8');

const logouts = new Map<string, number>();

const child = (name: string) => `<!doctype html><html><body><p id="status">starting</p>
<script src="/__fixtures/penpal.js"></script>
<script>
  const methods = {
    hello: () => ({ protocol: 'mes-portal-bridge', version: '1.0.0', capabilities: ['onContextChange', 'navigate', 'refresh', 'logout'] }),
    onContextChange: () => undefined, navigate: () => undefined, refresh: () => undefined,
    // The shell waits (briefly) for the answer before it leaves the page.
    logout: () => fetch('/__fixtures/logout?app=${name}', { keepalive: true }).then(() => undefined),
  };
  Penpal.connect({ messenger: new Penpal.WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [${JSON.stringify(SHELL)}] }), methods, timeout: 10000 })
    .promise.then(async (host) => {
      await host.hello(methods.hello());
      window.portalHost = host;
      document.getElementById('status').textContent = 'connected';
    });
</script></body></html>`;

async function replaceApps(page: Page) {
  for (const [name, app] of Object.entries(APPS)) {
    await page.route(`${app.origin}${app.route}`, (r) => r.fulfill({ contentType: 'text/html', body: child(name) }));
    // Counted here, at the app's own origin (a fulfilled page may not call loopback servers).
    await page.route(`${app.origin}/__fixtures/logout?*`, (r) => {
      const seen = new URL(r.request().url()).searchParams.get('app') ?? '?';
      logouts.set(seen, (logouts.get(seen) ?? 0) + 1);
      return r.fulfill({ status: 204 });
    });
    await page.route(`${app.origin}/__fixtures/penpal.js`, (r) =>
      r.fulfill({ contentType: 'text/javascript', body: PENPAL }),
    );
  }
}

test('a revoked session returns the shell to login and tells every sub-app exactly once (T3.6)', async ({
  page,
  request,
}) => {
  await replaceApps(page);
  await login(page, 'en');
  for (const [name, app] of Object.entries(APPS)) {
    await page.getByTestId(`menu-${app.route}`).click();
    await expect(page.frameLocator(`[data-testid="frame-${name}"]`).locator('#status')).toHaveText('connected');
  }
  const current = await token(page);
  expect((await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${current}` } })).status()).toBe(
    200,
  );
  logouts.clear();
  // Both apps call the API at once: two 401s, one ending.
  const frames = await Promise.all(
    Object.keys(APPS).map(
      async (name) => (await (await page.getByTestId(`frame-${name}`).elementHandle())!.contentFrame())!,
    ),
  );
  await Promise.all(
    frames.map((f) =>
      f
        .evaluate(() => {
          void (window as unknown as { portalHost: { request(c: object): Promise<unknown> } }).portalHost
            .request({ url: '/api/platform-system/notice/list' })
            .catch(() => undefined);
        })
        .catch(() => undefined),
    ),
  );
  await expect(page).toHaveURL(/\/en\/login$/);
  await expect(page.getByText('Your session has ended')).toBeVisible();
  await expect.poll(() => Object.fromEntries(logouts), { timeout: 5000 }).toEqual({ platform: 1, andon: 1 });
  // Nothing more arrives later.
  await page.waitForTimeout(1000);
  expect(Object.fromEntries(logouts)).toEqual({ platform: 1, andon: 1 });
});
