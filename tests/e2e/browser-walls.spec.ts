/**
 * The browser boundary (SECURITY-TESTS T2.2–T2.4): every iframe sandboxed without top navigation
 * and on its own origin; a foreign page nested in a registered app that forges the bridge's
 * handshake and calls gets no effect in the shell; a foreign page cannot frame the shell. Fixture
 * pages are served by this file on 127.0.0.1 (the shell runs on localhost: another origin).
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { login } from './support';

const PORT = Number(process.env.E2E_PORT ?? 18080);
const SHELL = `http://localhost:${PORT}`;
const PENPAL = fs.readFileSync(path.resolve(import.meta.dirname, '../../node_modules/penpal/dist/penpal.js'), 'utf8');

let fixtures: http.Server;
let FOREIGN = '';

/** Frames the shell's pages, as a clickjacking page would. */
const FRAMER = () => `<!doctype html><html><body>
<iframe id="root" src="${SHELL}/" style="width:400px;height:300px"></iframe>
<iframe id="login" src="${SHELL}/en/login" style="width:400px;height:300px"></iframe>
</body></html>`;

/**
 * Nested inside a registered app, it forges what a bridge child sends — a penpal handshake and
 * method calls (navigate, notify, setTitle) — straight at the shell window, then as a real penpal
 * child that claims the shell as its parent.
 */
const FORGER = () => `<!doctype html><html><body>forger
<script src="/penpal.js"></script>
<script>
  const shell = window.top;
  const channel = 'forged';
  const send = (m) => shell.postMessage(Object.assign({ namespace: 'penpal', channel }, m), '*');
  send({ type: 'SYN', participantId: 'forger' });
  send({ type: 'ACK1', methodPaths: [] });
  send({ type: 'ACK2' });
  for (const [name, args] of [['navigate', ['/platform/dict']], ['notify', [{ type: 'error', message: 'FORGED-NOTICE' }]], ['setTitle', ['FORGED-TITLE']]]) {
    send({ type: 'CALL', id: name, methodPath: [name], args });
  }
  Penpal.connect({ messenger: new Penpal.WindowMessenger({ remoteWindow: shell, allowedOrigins: [${JSON.stringify(SHELL)}] }), methods: {}, timeout: 3000 })
    .promise.then(async (remote) => {
      document.body.dataset.result = 'connected';
      await remote.navigate('/platform/dict');
    }, (e) => { document.body.dataset.result = 'refused: ' + (e.code || e.message); });
</script></body></html>`;

test.beforeAll(async () => {
  fixtures = http.createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0]!;
    if (url === '/penpal.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(PENPAL);
    const page = ({ '/framer.html': FRAMER, '/forger.html': FORGER } as Record<string, () => string>)[url];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page());
  });
  await new Promise<void>((resolve) => fixtures.listen(0, '127.0.0.1', resolve));
  FOREIGN = `http://127.0.0.1:${(fixtures.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => fixtures.close(resolve));
});

test.describe('the browser boundary', () => {
  test('every app frame is sandboxed, may not navigate the shell, and lives on another origin (T2.3)', async ({
    page,
  }) => {
    await login(page, 'en');
    await page.getByTestId('menu-/platform/dict').click();
    await expect(page.getByTestId('frame-platform')).toBeVisible();
    await page.getByTestId('menu-/basic/unit').click();
    await expect(page.getByTestId('frame-basic')).toBeVisible();
    const frames = await page.evaluate(() =>
      [...document.querySelectorAll('iframe')].map((f) => ({ src: f.src, sandbox: f.getAttribute('sandbox') })),
    );
    expect(frames.length).toBeGreaterThanOrEqual(2);
    for (const f of frames) {
      expect(f.sandbox, f.src).not.toBeNull();
      const tokens = f.sandbox!.split(/\s+/);
      expect(
        tokens.some((t) => t.startsWith('allow-top-navigation')),
        f.src,
      ).toBe(false);
      if (tokens.includes('allow-same-origin')) expect(new URL(f.src).origin, f.src).not.toBe(new URL(SHELL).origin);
    }
  });

  // Our apps frame only their own origin (T2.9), so the foreign page could not even be nested in
  // one; a registered third-party app has a policy of its own and may frame anything. The basic app
  // stands for such an app here: the pages' policies are set aside, the bridge's checks are what is tested.
  test.describe('in an app that frames anything', () => {
    test.use({ bypassCSP: true });

    test('a foreign page nested in an app that forges the handshake and calls changes nothing in the shell (T2.2)', async ({
      page,
    }) => {
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      await login(page, 'en');
      await page.getByTestId('menu-/basic/unit').click();
      await expect(page).toHaveURL(/\/en\/basic\/unit$/);
      const title = await page.title();
      await expect(page.frameLocator('[data-testid="frame-basic"]').locator('table').first()).toBeVisible({
        timeout: 20_000,
      });
      const basic = await (await page.getByTestId('frame-basic').elementHandle())!.contentFrame();
      expect(basic).toBeTruthy();
      await basic!.evaluate((url) => {
        const f = document.createElement('iframe');
        f.src = url;
        document.body.append(f);
      }, `${FOREIGN}/forger.html`);
      const forger = () => page.frames().find((f) => f.url().startsWith(FOREIGN));
      await expect
        .poll(() => forger()?.evaluate(() => document.body.dataset.result ?? null) ?? null, { timeout: 10_000 })
        .toMatch(/^refused: CONNECTION_TIMEOUT/);
      // Nothing the forged calls asked for happened.
      await expect(page).toHaveURL(/\/en\/basic\/unit$/);
      expect(await page.title()).toBe(title);
      await expect(page.getByText('FORGED-NOTICE')).toHaveCount(0);
      expect(warnings.some((w) => w.includes('refused a connection') && w.includes(FOREIGN))).toBe(true);
    });
  });

  test('a foreign page cannot frame the shell or its login page (T2.4)', async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors|Refused to (display|frame)/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${FOREIGN}/framer.html`);
    await expect.poll(() => refused.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    for (const id of ['root', 'login']) {
      const frame = await (await page.locator(`#${id}`).elementHandle())!.contentFrame();
      // A blocked frame holds the browser's error page, never the shell's document.
      const shown = await frame!.evaluate(() => document.body?.innerText ?? '').catch(() => '');
      expect(shown).not.toMatch(/log ?in|登录|tenant/i);
      expect(await frame!.locator('input[name="password"]').count()).toBe(0);
    }
  });
});
