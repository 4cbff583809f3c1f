import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

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

/** The demo company's plant most tests work in (the administrator has two and chooses one after login). */
export const DEMO_FACTORY = 'F001';

/**
 * Logs in (the demo administrator unless another account is given) and, when the account has
 * several factories and the page asks for one, enters `factory`.
 */
export async function login(page: Page, lang = 'en', account = DEMO.account, factory = DEMO_FACTORY) {
  await page.goto(`/${lang}/login`);
  await page.locator('input[name="tenantCode"]').fill(DEMO.tenantCode);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
  await enterFactory(page, factory);
}

/** After a login: chooses `factory` on the factory selection page when it is shown, and waits for the portal. */
export async function enterFactory(page: Page, factory = DEMO_FACTORY) {
  const select = page.getByTestId('factory-select');
  const switcher = page.getByTestId('factory-switcher');
  await expect(select.or(switcher).first()).toBeVisible();
  if (await select.isVisible()) {
    await select.getByTestId(`factory-${factory}`).click();
    await expect(switcher).toContainText(`(${factory})`);
  }
  // The landing path leads to the first screen once the menu has come; a click before that would race it.
  await expect(page).not.toHaveURL(/^[^?#]*\/\/[^/]+\/[^/]+\/?(?:factory\/?)?(?:[?#].*)?$/);
}

export function token(page: Page): Promise<string | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('mes-portal:token') ?? 'null') as string | null);
}

/**
 * Runs `fn` with the demo company's published process `key` unpublished (its records are then
 * decided directly), and publishes it again after.
 */
export async function withoutProcess(page: Page, key: string, fn: () => Promise<void>) {
  const headers = { authorization: `Bearer ${await token(page)}` };
  const models = await (await page.request.get(`/api/flow-system/model?keyword=${key}`, { headers })).json();
  const model = (models.data.records as { id: string; key: string }[]).find((m) => m.key === key)!;
  expect((await page.request.post(`/api/flow-system/model/${model.id}/unpublish`, { headers })).status()).toBe(200);
  try {
    await fn();
  } finally {
    expect(
      (await page.request.post(`/api/flow-system/model/${model.id}/publish`, { headers, data: {} })).status(),
    ).toBe(200);
  }
}

/**
 * Follows the header task counters' "open the list" button. The popover is still settling when it
 * first shows its button, so a click that lands beside it is tried again; the list must open.
 */
export async function openTaskList(page: Page, lang = 'en') {
  await expect(async () => {
    await page.getByTestId('task-open-list').click({ timeout: 2_000 });
    await expect(page).toHaveURL(new RegExp(`/${lang}/flow/task$`), { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Clicks an entry of a pop-up menu once the menu has finished sliding in. While its opening
 * animation runs over a sub-app's frame, Chromium may route the click to the frame beneath (found
 * with the tab menu: the click on "refresh" reached the frame and the menu stayed open, in 1 run of
 * 4), so the click waits for the animation's end and two painted frames.
 */
export async function clickInPopup(item: Locator) {
  const popup = item.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " arco-trigger ")][1]');
  await expect(popup).toHaveClass(/-(?:enter|appear)-done/);
  await item.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await item.click();
}

/**
 * Opens the settings drawer from the user menu and waits for `option` in it. Once in a while the
 * click on the menu's entry has landed on the page beneath (its popup closing at that instant) and
 * opened another screen instead: the opening is tried again until the drawer shows.
 */
export async function openSettings(page: Page, option: string) {
  const shown = page.getByTestId(option);
  await expect(async () => {
    await page.getByTestId('user-menu').click();
    await clickInPopup(page.getByTestId('menu-settings'));
    // The drawer slides in: the option is there before it can be clicked.
    await expect(shown).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  return shown;
}

/** Chooses a font size in the settings drawer and closes it again. */
export async function chooseFontSize(page: Page, size: 'small' | 'medium' | 'large') {
  const option = await openSettings(page, `font-${size}`);
  await option.click();
  await page.locator('.arco-drawer-close-icon').click();
  // Closed before the next round opens it again (a click during its closing was lost).
  await expect(option).toBeHidden();
}

/**
 * Watches the page's requests (its frames' included); the function returned resolves once none has
 * been in flight for `forMs`, or after `maxMs` at most.
 */
export function quietness(page: Page, forMs = 300, maxMs = 6_000) {
  let inFlight = 0;
  page.on('request', () => {
    inFlight += 1;
  });
  page.on('requestfinished', () => {
    inFlight -= 1;
  });
  page.on('requestfailed', () => {
    inFlight -= 1;
  });
  return async () => {
    let quietFor = 0;
    for (let waited = 0; waited < maxMs && quietFor < forMs; waited += 100) {
      await page.waitForTimeout(100);
      quietFor = inFlight <= 0 ? quietFor + 100 : 0;
    }
  };
}

/**
 * Resolves once the document of `where` (the page or a frame) has not changed for `forMs` (what
 * renders after an answer, and what mends the rendered markup after it, has run), or after `maxMs` at most.
 */
export async function settled(where: Page | FrameLocator, forMs = 200, maxMs = 5_000): Promise<void> {
  await where.locator('html').evaluate(
    (root, [quietMs, capMs]) =>
      new Promise<void>((resolve) => {
        let timer = setTimeout(done, quietMs);
        const cap = setTimeout(done, capMs);
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quietMs);
        });
        observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
        function done() {
          observer.disconnect();
          clearTimeout(timer);
          clearTimeout(cap);
          resolve();
        }
      }),
    [forMs, maxMs] as const,
  );
}
