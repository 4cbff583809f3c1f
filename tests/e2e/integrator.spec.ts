/**
 * The integrator kit in the browser (issue #10): the framework-free andon example uses every host
 * method through the script-tag bridge; routing across shell and app; pages of other origins and
 * other protocol versions. Fixture pages are served by this file on 127.0.0.1 and localhost of one
 * free port (two origins), or at the andon origin through page.route.
 */
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { login, openSettings, token, watchConsole, clickInPopup } from './support';
import { BRIDGE_VERSION, CHILD_CAPABILITIES, HOST_CAPABILITIES, SINCE } from '../../bridge/protocol';

const PORT = Number(process.env.E2E_PORT ?? 18080);
const SHELL = `http://localhost:${PORT}`;
const ANDON = `http://localhost:${Number(process.env.E2E_SUBAPP_BASE ?? 14000) + 8}`;
const PENPAL = fs.readFileSync(path.resolve(import.meta.dirname, '../../node_modules/penpal/dist/penpal.js'), 'utf8');

let fixtures: http.Server;
/** The fixture server's two origins. */
let LOOPBACK = '';
let LOCAL = '';

/** A hand-written child that speaks `version` with `capabilities` (what an app built against that version would send). */
function handWrittenChild(version: string, capabilities: readonly string[]): string {
  return `<!doctype html><html><body><p id="status">starting</p><ol id="log"></ol>
<script src="/__fixtures/penpal.js"></script>
<script>
  const hello = { protocol: 'mes-portal-bridge', version: ${JSON.stringify(version)}, capabilities: ${JSON.stringify(capabilities)} };
  const log = (m) => { const li = document.createElement('li'); li.textContent = m; document.getElementById('log').append(li); };
  const methods = {
    hello: () => hello,
    onContextChange: (ctx) => { document.documentElement.lang = ctx.language; log('context ' + ctx.language); },
    navigate: (path) => log('navigate ' + path),
    refresh: () => log('refresh'),
    logout: () => log('logout'),
  };
  if (hello.capabilities.includes('ping')) methods.ping = (t) => t;
  if (hello.capabilities.includes('setActive')) methods.setActive = (a) => log('active ' + a);
  if (hello.capabilities.includes('onThemeChange')) methods.onThemeChange = () => undefined;
  const connection = Penpal.connect({
    messenger: new Penpal.WindowMessenger({ remoteWindow: window.parent, allowedOrigins: [${JSON.stringify(SHELL)}] }),
    methods, timeout: 10000,
  });
  connection.promise.then(async (host) => {
    const shell = await host.hello(hello);
    const ctx = await host.getContext();
    const notices = await host.request({ url: '/api/platform-system/notice/list' });
    await host.notify({ type: 'success', message: 'child ' + hello.version + ' works' });
    document.getElementById('status').textContent = 'shell ' + shell.version + ', user ' + ctx.user.account + ', ' + notices.data.totalNum + ' notices';
  }, (e) => { document.getElementById('status').textContent = 'failed: ' + e.message; });
</script></body></html>`;
}

/** Serves a hand-written child at the andon origin (the registered one) for `route`. */
async function serveAtAndon(page: Page, route: string, html: string) {
  await page.route(`${ANDON}${route}`, (r) => r.fulfill({ contentType: 'text/html', body: html }));
  await page.route(`${ANDON}/__fixtures/penpal.js`, (r) => r.fulfill({ contentType: 'text/javascript', body: PENPAL }));
}

/** An older shell (1.0.0, without `download`) written by hand, framing our current child script. */
const OLD_HOST = () => `<!doctype html><html><body>
<iframe id="app" src="${LOCAL}/new-child.html" style="width:600px;height:200px"></iframe>
<script src="/__fixtures/penpal.js"></script>
<script>
  const caps = ${JSON.stringify(HOST_CAPABILITIES.filter((c) => c !== 'download' && SINCE[c as Exclude<typeof c, 'hello'>] === '1.0.0'))};
  const context = { path: '/andon/board', previousPath: null, language: 'es', factoryId: null, orgCode: null, user: null, fontSize: 'large', permissions: [] };
  const methods = { hello: () => ({ protocol: 'mes-portal-bridge', version: '1.0.0', capabilities: caps }) };
  for (const c of caps) methods[c] = () => undefined;
  methods.getContext = () => context;
  methods.request = (config) => ({ code: 200, msg: 'ok', data: { url: config.url } });
  Penpal.connect({
    messenger: new Penpal.WindowMessenger({ remoteWindow: document.getElementById('app').contentWindow, allowedOrigins: [${JSON.stringify(LOCAL)}] }),
    methods, timeout: 10000,
  }).promise.catch(() => undefined);
</script></body></html>`;

/** Our standalone bridge script, in a child of the old host. */
const NEW_CHILD = () => `<!doctype html><html><body>
<script src="${SHELL}/bridge/portal-bridge.js"></script>
<script>
  PortalBridge.connect({ allowedOrigins: [${JSON.stringify(LOOPBACK)}], timeout: 5000, captureErrors: false }).then(async (b) => {
    const result = { version: b.hostHello.version, missing: b.missing, language: b.context.language };
    result.request = await b.request({ url: '/api/anything' });
    result.download = await b.download({ url: '/api/anything' }).then(() => 'done', (e) => e.name);
    result.upload = await b.request({ url: '/api/anything', files: { f: new Blob(['x']) } }).then(() => 'done', (e) => e.name);
    document.body.dataset.result = JSON.stringify(result);
  }, (e) => { document.body.dataset.result = JSON.stringify({ error: e.message }); });
</script></body></html>`;

/** A page of an unregistered origin that tries to connect to the shell above it. */
const FOREIGN = () => `<!doctype html><html><body>foreign
<script src="${SHELL}/bridge/portal-bridge.js"></script>
<script>
  PortalBridge.connect({ remoteWindow: window.top, allowedOrigins: [${JSON.stringify(SHELL)}], timeout: 3000, captureErrors: false })
    .then(() => { document.body.dataset.result = 'connected'; }, (e) => { document.body.dataset.result = 'refused: ' + (e.code || e.message); });
</script></body></html>`;

test.beforeAll(async () => {
  fixtures = http.createServer((req, res) => {
    const pages: Record<string, () => string> = {
      '/old-host.html': OLD_HOST,
      '/new-child.html': NEW_CHILD,
      '/foreign.html': FOREIGN,
    };
    const url = (req.url ?? '/').split('?')[0]!;
    if (url === '/__fixtures/penpal.js')
      return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(PENPAL);
    const page = pages[url];
    if (!page) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page());
  });
  await new Promise<void>((resolve) => fixtures.listen(0, '127.0.0.1', resolve));
  const port = (fixtures.address() as AddressInfo).port;
  LOOPBACK = `http://127.0.0.1:${port}`;
  LOCAL = `http://localhost:${port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => fixtures.close(resolve));
});

interface Alarm {
  id: string;
  number: string;
  description: string;
}

/** Raises an alarm in the user's current factory, as another domain would (the API, a token with the raise code). */
async function raise(page: Page, level: 'info' | 'warning' | 'critical', what: string): Promise<Alarm> {
  const bearer = await token(page);
  const factoryId = await page.evaluate(
    () => JSON.parse(localStorage.getItem('mes-portal:factoryId') ?? 'null') as string | null,
  );
  const number = `E2E-${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const res = await page.request.post('/api/platform-system/alarm/raise', {
    headers: { authorization: `Bearer ${bearer}`, 'x-factory-id': factoryId ?? '' },
    data: { number, type: 'andon', sourceSystem: 'LINE-3', description: `${what} at line 3 (${number})`, level },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Alarm }).data;
}

/** The andon frame (a Frame, for evaluate) once its page is there. */
async function andonFrame(page: Page): Promise<Frame> {
  await expect(page.getByTestId('frame-andon')).toBeVisible();
  const handle = await page.getByTestId('frame-andon').elementHandle();
  const frame = await handle!.contentFrame();
  return frame!;
}

async function openBoard(page: Page, before: (page: Page) => Promise<unknown> = async () => undefined) {
  await login(page, 'en');
  await before(page);
  await page.getByTestId('menu-/andon/board').click();
  await expect(page).toHaveURL(/\/en\/andon\/board$/);
  const board = page.frameLocator('[data-testid="frame-andon"]');
  await expect(board.getByTestId('andon-status')).toContainText(
    `Connected through the portal bridge ${BRIDGE_VERSION}`,
  );
  return board;
}

test.describe('integrator kit: the andon example (no React)', () => {
  test('serves the shell with a frame-src derived from the registry', async ({ request }) => {
    const res = await request.get('/en/login');
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(new RegExp(`frame-src [^;]*${ANDON.replace(/[.:/]/g, '\\$&')}`));
    expect(csp).not.toContain('127.0.0.1');
    expect(csp).toContain("object-src 'none'");
    const andon = await request.get(`${ANDON}/andon/board`);
    expect(andon.headers()['content-security-policy']).toContain(`frame-ancestors ${SHELL}`);
    expect(await andon.text()).toContain(`<meta name="portal-shell-origin" content="${SHELL}">`);
  });

  test('context, permissions, API calls, confirm, toast, title, download, errors and tabs from a plain page', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    let stop!: Alarm;
    let jam!: Alarm;
    const board = await openBoard(page, async (p) => {
      stop = await raise(p, 'critical', 'Stop');
      jam = await raise(p, 'warning', 'Jam');
    });

    // getContext and hasPermission: the user, and the buttons the admin may use.
    await expect(board.getByTestId('andon-who')).toContainText('Administrator');
    await expect(board.getByTestId('andon-export')).toBeVisible();
    // request: the factory's open alarms came through the shell.
    const row = (a: Alarm) => board.getByTestId('andon-alarm').filter({ hasText: a.number });
    await expect(row(stop)).toContainText('Critical');
    await expect(row(jam)).toContainText('Warning');
    await expect(page.locator('.portal-tabs')).toContainText('Andon board');
    // The app's own route: only the critical ones.
    await board.getByTestId('andon-route-critical').click();
    await expect(page).toHaveURL(/\/en\/andon\/board\/critical$/);
    await expect(row(jam)).toHaveCount(0);
    await expect(row(stop)).toHaveCount(1);
    await board.getByTestId('andon-route-all').click();

    // confirm drawn by the shell over the whole page; cancel keeps the alarm open.
    await row(stop).getByTestId('andon-handle').click();
    const dialog = page.locator('.arco-modal');
    await expect(dialog).toContainText('Acknowledge the alarm');
    await expect(dialog).toContainText(stop.description);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(stop)).toHaveCount(1);
    // OK: a POST through the bridge, then a toast drawn by the shell; the alarm leaves the board.
    await row(stop).getByTestId('andon-handle').click();
    await page.locator('.arco-modal').getByRole('button', { name: 'OK' }).click();
    await expect(page.locator('.arco-message')).toContainText('is acknowledged');
    await expect(row(stop)).toHaveCount(0);

    // download: the shell fetches the file with its token and saves it.
    const download = page.waitForEvent('download');
    await board.getByTestId('andon-export').click();
    expect((await download).suggestedFilename()).toBe('andon-alarms.json');

    // reportError: an uncaught error of the page reaches the shell's log.
    const frame = await andonFrame(page);
    await frame.evaluate(() => {
      setTimeout(() => {
        throw new Error('andon broke on purpose');
      }, 0);
    });
    await expect.poll(() => warnings.some((w) => w.includes('andon broke on purpose'))).toBe(true);

    // setTitle: the tab follows what the page shows.
    await row(jam).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/en/andon/board/alarm/${jam.id}$`));
    await expect(page.locator('.portal-tabs')).toContainText(`Alarm ${jam.number}`);

    // navigate with newTab: another app's page opens in a shell tab; the board waits hidden (setActive).
    await board.getByTestId('andon-back').click();
    await board.getByTestId('andon-notices').click();
    await expect(page).toHaveURL(/\/en\/system\/notice$/);
    await expect(page.getByTestId('frame-platform')).toBeVisible();
    await expect(board.getByTestId('andon-status')).toHaveAttribute('data-active', 'false');
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/andon\/board$/);
    await expect(board.getByTestId('andon-status')).toHaveAttribute('data-active', 'true');

    // onContextChange: language and font size follow the shell.
    await page.getByTestId('language-switch').click();
    await clickInPopup(page.getByTestId('lang-zh-CN'));
    await expect(board.locator('h1')).toHaveText('安灯看板');
    await (await openSettings(page, 'font-large')).click();
    await expect(board.locator('body')).toHaveAttribute('data-font-size', 'large');
    await page.keyboard.press('Escape');

    // closeTab: the board's tab closes; the shell shows the neighbour.
    await board.getByTestId('andon-close').click();
    await expect(page.getByTestId('frame-andon')).toHaveCount(0);
    await expect(page).not.toHaveURL(/andon/);

    expect(errors.filter((e) => !e.includes('andon broke on purpose'))).toEqual([]);
  });

  test('a deep link opens the tab and the app route; Back and Forward work across shell and app', async ({ page }) => {
    await login(page, 'en');
    const alarm = await raise(page, 'info', 'Deep');

    await page.goto(`/en/andon/board/alarm/${alarm.id}`);
    const board = page.frameLocator('[data-testid="frame-andon"]');
    await expect(board.getByTestId('andon-detail')).toBeVisible();
    await expect(board.locator('#detail-title')).toHaveText(alarm.description);
    await expect(board.locator('#detail-number')).toHaveText(alarm.number);
    await expect(page.getByTestId('frame-andon')).toHaveAttribute('src', `${ANDON}/andon/board/alarm/${alarm.id}`);

    // A link inside the app: the shell pushes the route.
    await board.getByTestId('andon-back').click();
    await expect(page).toHaveURL(/\/en\/andon\/board$/);
    await expect(board.getByTestId('andon-list')).toBeVisible();
    // Another app in between.
    await page.getByTestId('menu-/platform/dict').click();
    await expect(page).toHaveURL(/\/en\/platform\/dict$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/en\/andon\/board$/);
    await expect(board.getByTestId('andon-list')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/en/andon/board/alarm/${alarm.id}$`));
    await expect(board.getByTestId('andon-detail')).toBeVisible();
    await page.goForward();
    await expect(board.getByTestId('andon-list')).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(/\/en\/platform\/dict$/);

    // routeChanged: an unknown route of the app is replaced (no extra history entry) by the board.
    await page.goto('/en/andon/board/no-such-view');
    await expect(board.getByTestId('andon-message')).toContainText('no such page');
    await expect(page).toHaveURL(/\/en\/andon\/board$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/platform\/dict$/);
  });

  test('the shell reconnects by itself when the app reloads', async ({ page }) => {
    const infos: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'info') infos.push(m.text());
    });
    const board = await openBoard(page, (p) => raise(p, 'warning', 'Reload'));
    const frame = await andonFrame(page);
    await frame.evaluate(() => location.reload());
    await expect.poll(() => infos.some((i) => i.includes('Andon loaded a new page: reconnecting'))).toBe(true);
    await expect(page.locator('[data-app="andon"]')).toHaveAttribute('data-health', 'connected');
    await expect(board.getByTestId('andon-alarm').first()).toBeVisible();
    // The new page receives what the shell tells it.
    await page.getByTestId('language-switch').click();
    await clickInPopup(page.getByTestId('lang-es'));
    await expect(board.locator('h1')).toHaveText('Tablero Andon');
  });
});

/** The notices the shell's user sees (the demo company's, for the chosen plant and language), as the child counts them. */
async function noticeCount(page: Page): Promise<number> {
  const factoryId = await page.evaluate(
    () =>
      JSON.parse(
        localStorage.getItem('mes-portal:factoryId') ?? sessionStorage.getItem('mes-portal:factoryId') ?? 'null',
      ) as string | null,
  );
  const res = await page.request.get('/api/platform-system/notice/list', {
    headers: {
      authorization: `Bearer ${await token(page)}`,
      'accept-language': 'en',
      ...(factoryId ? { 'x-factory-id': factoryId } : {}),
    },
  });
  return (await res.json()).data.totalNum as number;
}

test.describe('integrator kit: origins and versions', () => {
  // Our apps frame only their own origin (T2.9), so a foreign page could not even be nested in one;
  // a registered third-party app has a policy of its own and may frame anything. The andon app stands
  // for such an app here: the pages' policies are set aside, the bridge's checks are what is tested.
  test.describe('in an app that frames anything', () => {
    test.use({ bypassCSP: true });

    test('a page from an unregistered origin that tries to connect is refused and logged', async ({ page }) => {
      const warnings: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'warning') warnings.push(m.text());
      });
      const board = await openBoard(page);
      const andon = await andonFrame(page);

      // Nested in a registered app, it posts its handshake to the shell: refused, logged, never connected.
      await andon.evaluate((url) => {
        const f = document.createElement('iframe');
        f.src = url;
        document.body.append(f);
      }, `${LOOPBACK}/foreign.html`);
      await expect
        .poll(
          () =>
            page
              .frames()
              .find((f) => f.url().startsWith(LOOPBACK))
              ?.evaluate(() => document.body.dataset.result ?? null) ?? null,
          { timeout: 10_000 },
        )
        .toMatch(/^refused: CONNECTION_TIMEOUT/);
      expect(warnings).toContainEqual(
        `[shell] bridge: refused a connection: ${LOOPBACK} is not an app frame of the portal`,
      );
      // The registered app is unaffected.
      await expect(board.getByTestId('andon-status')).toContainText('Connected');
    });
  });

  test("an unregistered origin as the app frame itself is not even loaded: the shell's frame-src refuses it", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await openBoard(page);
    const andon = await andonFrame(page);
    await andon.evaluate((url) => {
      location.href = url;
    }, `${LOOPBACK}/foreign.html`);
    await expect.poll(() => errors.some((e) => e.includes('frame-src') && e.includes(LOOPBACK))).toBe(true);
  });

  test('a child built against protocol 1.0.0 still works with this shell', async ({ page }) => {
    const infos: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'info') infos.push(m.text());
    });
    await serveAtAndon(
      page,
      '/andon/board/compat',
      handWrittenChild('1.0.0', ['onContextChange', 'navigate', 'refresh', 'logout']),
    );
    await login(page, 'en');
    await page.goto('/en/andon/board/compat');
    const child = page.frameLocator('[data-testid="frame-andon"]');
    await expect(child.locator('#status')).toHaveText(
      `shell ${BRIDGE_VERSION}, user admin, ${await noticeCount(page)} notices`,
    );
    await expect(page.locator('.arco-message')).toContainText('child 1.0.0 works');
    await expect(page.locator('[data-app="andon"]')).toHaveAttribute('data-health', 'connected');
    expect(infos.some((i) => i.includes('speaks bridge 1.0.0') && i.includes('does not offer: setActive, ping'))).toBe(
      true,
    );
    // What the shell tells it still arrives.
    await page.getByTestId('language-switch').click();
    await clickInPopup(page.getByTestId('lang-vi'));
    await expect(child.locator('#log')).toContainText('context vi');
  });

  test('a child of a newer minor version works with this shell, and with an older shell reports what is missing', async ({
    page,
  }) => {
    await serveAtAndon(
      page,
      '/andon/board/compat',
      handWrittenChild('1.9.0', [...CHILD_CAPABILITIES, 'onThemeChange']),
    );
    await login(page, 'en');
    await page.goto('/en/andon/board/compat');
    await expect(page.frameLocator('[data-testid="frame-andon"]').locator('#status')).toHaveText(
      `shell ${BRIDGE_VERSION}, user admin, ${await noticeCount(page)} notices`,
    );

    // Our own script as the newer side, framed by a hand-written 1.0.0 shell that lacks `download` and what came after 1.0.0.
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto(`${LOOPBACK}/old-host.html`);
    const child = page.frameLocator('#app');
    await expect(child.locator('body')).toHaveAttribute('data-result', /.+/);
    const result = JSON.parse((await child.locator('body').getAttribute('data-result'))!) as Record<string, unknown>;
    expect(result).toEqual({
      version: '1.0.0',
      missing: [
        'download',
        'shortcut',
        'setShortcuts',
        'setDirty',
        'openModal',
        'closeModal',
        'request.files',
        'request.timeout',
        'context.theme',
      ],
      language: 'es',
      request: { url: '/api/anything' },
      download: 'BridgeUnsupportedError',
      upload: 'BridgeUnsupportedError',
    });
    expect(
      warnings.some(
        (w) =>
          w.includes('speaks bridge 1.0.0') &&
          w.includes(
            'not available: download, shortcut, setShortcuts, setDirty, openModal, closeModal, request.files, request.timeout, context.theme',
          ),
      ),
    ).toBe(true);
  });

  test('a child of another major version is a clear error in the shell', async ({ page }) => {
    await serveAtAndon(page, '/andon/board/compat', handWrittenChild('2.0.0', [...CHILD_CAPABILITIES]));
    await login(page, 'en');
    await page.goto('/en/andon/board/compat');
    await expect(page.getByTestId('app-incompatible')).toContainText(
      `The app speaks bridge protocol 2.0.0, the portal ${BRIDGE_VERSION}`,
    );
    await expect(page.frameLocator('[data-testid="frame-andon"]').locator('#status')).toHaveCount(0);
  });

  test('health: offline with a retry, and a legacy page without the bridge still shows with a notice', async ({
    page,
  }) => {
    await login(page, 'en');
    // Offline: nothing answers at the app's URL.
    await page.route(`${ANDON}/**`, (r) => r.abort('connectionrefused'));
    await page.goto('/en/andon/board');
    await expect(page.getByTestId('app-offline')).toContainText('The app "Andon alerts" is offline');
    await page.unroute(`${ANDON}/**`);
    // A legacy page that never speaks the bridge.
    await page.route(`${ANDON}/andon/board`, (r) =>
      r.fulfill({ contentType: 'text/html', body: '<p id="legacy">legacy board</p>' }),
    );
    await page.getByTestId('app-retry').click();
    await expect(page.frameLocator('[data-testid="frame-andon"]').locator('#legacy')).toHaveText('legacy board');
    await expect(page.getByTestId('app-noBridge')).toContainText('is not connected to the portal', { timeout: 15_000 });
    await expect(page.getByTestId('frame-andon')).toBeVisible();
    // Reconnect loads the real page again.
    await page.unroute(`${ANDON}/andon/board`);
    await page.getByTestId('app-retry').click();
    await expect(page.frameLocator('[data-testid="frame-andon"]').getByTestId('andon-status')).toContainText(
      'Connected',
    );
    await expect(page.getByTestId('app-noBridge')).toHaveCount(0);
  });
});
