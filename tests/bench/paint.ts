/**
 * Times taken inside the browser (issue 23): the page itself stamps the moment the login button is
 * pressed and the frame of the first screen the animation frame after its first row appears, so a
 * figure holds no polling delay of the test driver. Both stamps are `Date.now()` of one machine.
 */
import type { Browser, BrowserContext, Frame, Page } from '@playwright/test';

/** What shows the workbench painted: its notices card (every user has it) with its rows, or saying there are none. */
export const WORKBENCH_PAINTED = '[data-testid="card-notices"] :is(.workbench-rows li, .arco-empty)';

declare global {
  interface Window {
    __benchPressed?: number;
    __benchPainted?: number;
  }
}

/** Installs the stamps in every page and frame of `context`. */
export async function stampPaint(context: BrowserContext): Promise<void> {
  // Plain text: a function handed over would carry the TypeScript runner's helpers, undefined in the page.
  await context.addInitScript(`(() => {
    const selector = ${JSON.stringify(WORKBENCH_PAINTED)};
    document.addEventListener('click', (e) => {
      if (e.target && e.target.closest && e.target.closest('[data-testid="login-submit"]')) window.__benchPressed = Date.now();
    }, true);
    // The demo administrator works in two plants: with no stored choice the selection page comes
    // first, and its plant is chosen the moment it shows (the click belongs to the login).
    new MutationObserver((_m, observer) => {
      const plant = document.querySelector('[data-testid="factory-F001"]');
      if (plant) { observer.disconnect(); plant.click(); }
    }).observe(document, { childList: true, subtree: true });
    new MutationObserver((_m, observer) => {
      if (window.__benchPainted !== undefined || !document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => { if (window.__benchPainted === undefined) window.__benchPainted = Date.now(); });
    }).observe(document, { childList: true, subtree: true });
  })();`);
}

/** Milliseconds from the press of "log in" in `page` to the first screen painted in `frame`. */
export async function pressToPaint(page: Page, frame: Frame): Promise<number> {
  const painted = await frame
    .waitForFunction(() => window.__benchPainted, undefined, { timeout: 60_000 })
    .then((h) => h.jsonValue() as Promise<number>);
  const pressed = await page.evaluate(() => window.__benchPressed ?? NaN);
  return painted - pressed;
}

/** Forgets the stamps of an earlier login (a frame kept across logins keeps its window). */
export async function resetStamps(page: Page): Promise<void> {
  for (const f of page.frames())
    await f
      .evaluate(() => {
        delete window.__benchPressed;
        delete window.__benchPainted;
      })
      .catch(() => undefined);
}

/** A fresh context (cold cache, nothing stored) with the stamps installed. */
export async function benchContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await stampPaint(context);
  return context;
}
