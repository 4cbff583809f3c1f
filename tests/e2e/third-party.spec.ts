/**
 * A third party's plain page joins the portal by bridge/README.md's steps alone, through the API and
 * with no SQL: the page is the quick start's, registered in the app registry, given a menu entry and a
 * button, and opened in the shell, where its request and its permission check work. A prefix the shell
 * does not route and a prefix another app holds are refused with a clear message. bridge:check passes
 * on the documented page and prints no colour codes into a pipe; bridge:host frames it unedited.
 */
import http from 'node:http';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { login, token } from './support';

const PORT = Number(process.env.E2E_PORT ?? 18080);
const SHELL = `http://localhost:${PORT}`;
const root = resolve(import.meta.dirname, '../..');

/** The README's quick start, as a vendor would write it. */
const PAGE = `<!doctype html><html><head>
<meta name="portal-shell-origin" content="${SHELL}">
<script src="${SHELL}/bridge/portal-bridge.js"></script>
<style>
  body[data-font-size="small"] { font-size: 12px; }
  body[data-font-size="medium"] { font-size: 14px; }
  body[data-font-size="large"] { font-size: 16px; }
</style>
</head><body><h1>Mould board</h1><p id="who"></p><p id="status">starting</p>
<script>
  PortalBridge.onContext(function (ctx) {
    document.documentElement.lang = ctx.language;
    document.body.dataset.fontSize = ctx.fontSize;
    document.getElementById('who').textContent = ctx.user ? ctx.user.account : '';
  });
  Promise.all([PortalBridge.request({ url: '/api/platform-system/notice/list' }), PortalBridge.hasPermission('mds:board:release')])
    .then(function (r) { document.getElementById('status').textContent = 'notices ' + r[0].totalNum + ', may release ' + r[1]; },
          function (e) { document.getElementById('status').textContent = 'failed ' + (e.code || '') + ' ' + e.message; });
</script></body></html>`;

let vendor: http.Server;
let VENDOR = '';

test.beforeAll(async () => {
  vendor = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE),
  );
  await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
  VENDOR = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((r) => vendor.close(r));
});

async function api<T = any>(
  request: APIRequestContext,
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<{ status: number; body: { code: number; msg: string; data: T } }> {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${await token(page)}`, 'accept-language': 'en' },
    data,
  });
  return { status: res.status(), body: await res.json() };
}

test('a vendor page registered, given a menu entry and opened through the API alone', async ({ page, request }) => {
  test.setTimeout(120_000);
  await login(page, 'en');
  const APP = '/api/platform-system/app';
  const vendorApp = {
    appType: 'vendor-mds',
    appName: 'Moulds',
    nameZhCN: '模具管理',
    nameEn: 'Moulds',
    url: VENDOR,
    prefixPath: 'moulds',
    status: 'enabled',
  };

  // Step 1: the registry. A prefix the shell does not route, then one the default moulds app holds.
  const unrouted = await api(request, page, 'POST', APP, vendorApp);
  expect(unrouted.status).toBe(400);
  expect(unrouted.body.msg).toContain('"moulds" is not a route prefix of the shell');
  expect(unrouted.body.msg).toContain('mds');
  const held = await api(request, page, 'POST', APP, { ...vendorApp, prefixPath: 'mds' });
  expect(held.status).toBe(409);
  expect(held.body.msg).toBe('The prefix "mds" is already served by the enabled app mds');

  const seeded = (
    await api<{ records: { id: string; appType: string }[] }>(request, page, 'GET', `${APP}?size=100`)
  ).body.data.records.find((a) => a.appType === 'mds');
  expect(seeded).toBeDefined();
  expect(
    (await api(request, page, 'POST', `${APP}/${seeded!.id}/state`, { field: 'status', value: 'disabled' })).status,
  ).toBe(200);
  const made = await api<{ id: string }>(request, page, 'POST', APP, { ...vendorApp, prefixPath: 'mds' });
  expect(made.status, made.body.msg).toBe(200);

  const ids: string[] = [];
  try {
    // Step 2: a menu entry under a catalogue, and a button the page checks.
    const catalogue = (
      await api<{ records: { id: string }[] }>(request, page, 'GET', '/api/platform-system/menu?type=catalogue&size=1')
    ).body.data.records[0];
    const entry = await api<{ id: string }>(request, page, 'POST', '/api/platform-system/menu', {
      type: 'menu',
      code: 'mds-board-vendor',
      nameZhCN: '模具看板',
      nameEn: 'Mould board',
      path: '/mds/board',
      perms: 'mds:board:view',
      parentId: catalogue?.id,
    });
    expect(entry.status, entry.body.msg).toBe(200);
    ids.push(entry.body.data.id);
    const button = await api<{ id: string }>(request, page, 'POST', '/api/platform-system/menu', {
      type: 'button',
      code: 'mds-board-release',
      nameZhCN: '放行',
      nameEn: 'Release',
      perms: 'mds:board:release',
      parentId: entry.body.data.id,
    });
    expect(button.status, button.body.msg).toBe(200);
    ids.unshift(button.body.data.id);

    // Step 3: opened in the shell (administrators see every entry). The shell's frame-src follows the registry within 5 s.
    await page.waitForTimeout(5_500);
    await page.goto('/en/mds/board');
    await expect(
      page.getByRole('menuitem', { name: 'Mould board' }).or(page.getByText('Mould board').first()).first(),
    ).toBeVisible();
    const frame = page.frameLocator(`iframe[src^="${VENDOR}"]`);
    await expect(frame.locator('#who')).toHaveText('admin');
    await expect(frame.locator('#status')).toHaveText(/^notices \d+, may release true$/);
  } finally {
    for (const id of ids) await api(request, page, 'DELETE', '/api/platform-system/menu', { ids: [id] });
    await api(request, page, 'DELETE', APP, { ids: [made.body.data.id] });
    await api(request, page, 'POST', `${APP}/${seeded!.id}/state`, { field: 'status', value: 'enabled' });
  }
});

test('bridge:check passes on the documented page and prints plain text into a pipe', async () => {
  test.setTimeout(90_000);
  const out = await new Promise<string>((done, fail) => {
    execFile(
      process.execPath,
      [resolve(root, 'scripts/bridge-check.mjs'), `${VENDOR}/mds/board`],
      { cwd: root, env: { ...process.env, FORCE_COLOR: '' } },
      (err, stdout, stderr) => (err ? fail(new Error(`${err.message}\n${stdout}\n${stderr}`)) : done(stdout)),
    );
  });
  expect(out).not.toContain('\x1b[');
  expect(out).toMatch(/✔ onContextChange \(font size\)/);
  expect(out).toMatch(/✔ onContextChange \(language\)/);
  expect(out).toContain('result: the app speaks the bridge');
});

test('bridge:host frames the page without editing it: its proxy makes the page trust the host', async ({ page }) => {
  test.setTimeout(90_000);
  const port = 15000 + Math.floor(Math.random() * 2000);
  const fixtures = join(mkdtempSync(join(tmpdir(), 'bridge-host-')), 'fixtures.json');
  writeFileSync(
    fixtures,
    JSON.stringify({
      'GET /api/platform-system/notice/list': {
        code: 200,
        msg: 'ok',
        data: { records: [], handledNum: 0, unHandleNum: 3, totalNum: 3 },
      },
    }),
  );
  const host = spawn(
    process.execPath,
    [
      resolve(root, 'scripts/bridge-host.mjs'),
      `${VENDOR}/mds/board`,
      '--port',
      String(port),
      '--perm',
      'mds:board:release',
      '--fixtures',
      fixtures,
    ],
    { cwd: root, stdio: 'pipe' },
  );
  try {
    await expect
      .poll(
        async () =>
          await fetch(`http://localhost:${port}/`)
            .then((r) => r.status)
            .catch(() => 0),
        { timeout: 60_000 },
      )
      .toBe(200);
    await page.goto(`http://localhost:${port}/`);
    const frame = page.frameLocator(`iframe[src^="http://localhost:${port + 1}"]`);
    await expect(frame.locator('#who')).toHaveText('dev');
    await expect(frame.locator('#status')).toHaveText('notices 3, may release true');
  } finally {
    host.kill();
  }
});
