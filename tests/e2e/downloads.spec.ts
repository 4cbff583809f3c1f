/**
 * What the browser downloads (issue 23). The login page downloads the login and nothing after it —
 * no layout, no sub-app, no texts of another language, no styles of components it does not show —
 * and a language chosen on it brings that language's texts. Sub-apps on their own origins load the
 * build's shared files from the shell's origin, so the browser holds one copy for all of them.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { login } from './support';
import { openScreen } from './screens';

interface Fetched {
  name: string;
  body: string;
  gzipped: number;
}

function record(page: Page): Fetched[] {
  const fetched: Fetched[] = [];
  page.on('response', async (res) => {
    const path = new URL(res.url()).pathname;
    if (!path.startsWith('/assets/')) return;
    const bytes = await res.body().catch(() => Buffer.alloc(0));
    fetched.push({
      name: path.split('/').pop()!,
      body: bytes.toString('utf8'),
      gzipped: gzipSync(bytes, { level: 9 }).length,
    });
  });
  return fetched;
}

const PLACEHOLDERS = {
  en: 'Enter the tenant code',
  es: 'Introduzca el código de inquilino',
  vi: 'Nhập mã khách thuê',
  'zh-TW': '請輸入租戶編碼',
  'zh-CN': '请输入租户编码',
};
/** A text only the code of the platform app's screens after the workbench holds (subapps/platform/overrides/dict.tsx). */
const DICT_SCREEN = 'dict-items';
const carrying = (files: Fetched[], text: string) => files.filter((f) => f.body.includes(text)).map((f) => f.name);

/** Waits until two looks a second apart find the same files fetched. */
async function settled(files: unknown[]): Promise<void> {
  let seen = -1;
  await expect
    .poll(
      () => {
        const still = files.length === seen;
        seen = files.length;
        return still;
      },
      { intervals: [1_000], timeout: 30_000 },
    )
    .toBe(true);
}

test('the login page downloads the login only, in its own language', async ({ page }) => {
  const fetched = record(page);
  await page.goto('/en/login');
  await expect(page.locator('input[name="tenantCode"]')).toHaveAttribute('placeholder', PLACEHOLDERS.en);
  await page.waitForLoadState('networkidle');

  expect(
    fetched
      .map((f) => f.name)
      .filter((n) => /^(Layout|basic|platform|FactorySelectPage|ErrorPage|SopPage|AppDownloadPage)-/.test(n)),
  ).toEqual([]);
  // No schema library: the login calls the contract by its routes (scripts/contract-routes.ts).
  expect(fetched.map((f) => f.name).filter((n) => n.startsWith('zod-'))).toEqual([]);
  expect(carrying(fetched, PLACEHOLDERS.en).length).toBeGreaterThan(0);
  // Not even the fallback language: it comes only if a text is missing, and none is.
  for (const lang of ['es', 'vi', 'zh-TW', 'zh-CN'] as const)
    expect(carrying(fetched, PLACEHOLDERS[lang]), lang).toEqual([]);
  // The budget: at most 150 KiB of JavaScript, gzipped, for the whole login page (single sign-on offered, as here).
  const js = [
    ...new Map(fetched.filter((f) => f.name.endsWith('.js')).map((f) => [f.name, f.gzipped])).values(),
  ].reduce((n, b) => n + b, 0);
  expect(js / 1024).toBeLessThanOrEqual(150);
  // Styles of what the page shows (inputs, buttons) and not of a table it does not have.
  const css = fetched.filter((f) => f.name.endsWith('.css'));
  expect(carrying(css, '.arco-input-group').length).toBeGreaterThan(0);
  expect(carrying(css, '.arco-btn-primary').length).toBeGreaterThan(0);
  expect(carrying(css, '.arco-table-th')).toEqual([]);

  // Choosing Vietnamese brings its texts, and the page shows them.
  fetched.length = 0;
  await page.goto('/vi/login');
  await expect(page.locator('input[name="tenantCode"]')).toHaveAttribute('placeholder', PLACEHOLDERS.vi);
  await page.waitForLoadState('networkidle');
  expect(carrying(fetched, PLACEHOLDERS.vi).length).toBeGreaterThan(0);
});

test('every sub-app loads the shared files from the shell origin, where the shell already fetched them', async ({
  page,
  baseURL,
}) => {
  const shellOrigin = new URL(baseURL!).origin;
  const assets: { origin: string; path: string; frame: string }[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/assets/'))
      assets.push({ origin: u.origin, path: u.pathname, frame: new URL(r.frame().url()).origin });
  });
  await login(page, 'en');
  await openScreen(page, 'dict', 'platform');
  await openScreen(page, 'unit', 'basic');
  const fromFrames = assets.filter((a) => a.frame !== shellOrigin);
  // Both apps asked for files, each from its own page on its own origin …
  expect(new Set(fromFrames.map((a) => a.frame)).size).toBeGreaterThanOrEqual(2);
  // … and every one of them from the shell's origin, none from an app's.
  expect(fromFrames.filter((a) => a.origin !== shellOrigin)).toEqual([]);
  // React and Arco, asked for by the shell, are the same URLs the apps use.
  const shellFiles = new Set(assets.filter((a) => a.frame === shellOrigin).map((a) => a.path));
  expect(fromFrames.filter((a) => shellFiles.has(a.path)).length).toBeGreaterThan(0);
});

test("the workbench paints with its own code; the app's other screens follow when the browser is idle and then open without fetching code", async ({
  page,
  baseURL,
}) => {
  const shellOrigin = new URL(baseURL!).origin;
  const fetched: (Fetched & { frame: string })[] = [];
  page.on('response', async (res) => {
    if (!new URL(res.url()).pathname.startsWith('/assets/')) return;
    const frame = new URL(res.frame().url()).origin;
    const bytes = await res.body().catch(() => Buffer.alloc(0));
    fetched.push({
      name: new URL(res.url()).pathname.split('/').pop()!,
      body: bytes.toString('utf8'),
      gzipped: gzipSync(bytes, { level: 9 }).length,
      frame,
    });
  });
  await login(page, 'en');
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('card-notices')).toBeVisible();
  const atPaint = [...fetched];
  const fromApp = atPaint.filter((f) => f.frame !== shellOrigin);
  const shellHeld = new Set(atPaint.filter((f) => f.frame === shellOrigin).map((f) => f.name));
  // The dictionaries screen's code (its details panel's) is not part of the first paint …
  expect(carrying(fromApp, DICT_SCREEN)).toEqual([]);
  // … and what the app asked for beyond the shell's files is within the 60 KiB.
  const own = new Map(
    fromApp.filter((f) => f.name.endsWith('.js') && !shellHeld.has(f.name)).map((f) => [f.name, f.gzipped]),
  );
  expect([...own.values()].reduce((n, b) => n + b, 0) / 1024).toBeLessThanOrEqual(60);

  // Idle, the app fetches its other screens by itself.
  await expect
    .poll(
      () =>
        carrying(
          fetched.filter((f) => f.frame !== shellOrigin),
          DICT_SCREEN,
        ).length,
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  // Until no file has arrived for a second (the header's polling and the apps loaded ahead keep the
  // network itself busy, so "network idle" may never come under load).
  await settled(fetched);
  const before = fetched.length;
  await page.getByTestId('menu-/platform/dict').click();
  await expect(frame.getByTestId('page-dict')).toBeVisible();
  expect(
    fetched
      .slice(before)
      .filter((f) => f.name.endsWith('.js'))
      .map((f) => f.name),
  ).toEqual([]);
});
