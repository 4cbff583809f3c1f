import { expect, test, type Page } from '@playwright/test';
import { login, token, watchConsole } from './support';

/** Raises an alarm the way another domain does: the API with a token that holds the raise code. */
async function raise(page: Page, number: string) {
  const bearer = await token(page);
  const factoryId = await page.evaluate(
    () =>
      JSON.parse(
        localStorage.getItem('mes-portal:factoryId') ?? sessionStorage.getItem('mes-portal:factoryId') ?? 'null',
      ) as string | null,
  );
  const res = await page.request.post('/api/platform-system/alarm/raise', {
    headers: { authorization: `Bearer ${bearer}`, 'x-factory-id': factoryId ?? '', 'accept-language': 'en' },
    data: {
      number,
      type: 'andon',
      sourceSystem: 'ANDON',
      description: `Line 3 stopped (${number})`,
      level: 'critical',
    },
  });
  expect(res.status()).toBe(200);
}

test.describe('alarms', () => {
  test('an alarm raised through the API appears within the polling interval, is counted and read aloud', async ({
    page,
  }) => {
    // Records what the page asks the browser to say, then lets the browser say it.
    await page.addInitScript(() => {
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      const synth = window.speechSynthesis;
      const original = synth.speak.bind(synth);
      synth.speak = (u: SpeechSynthesisUtterance) => {
        said.push(`${u.lang}|${u.text}`);
        original(u);
      };
    });
    const errors = watchConsole(page);
    // The bell's first answer sets where new alarms start: one raised before it is old news, not announced.
    const firstFeed = page.waitForResponse(
      (r) => r.url().includes('/api/platform-system/alarm/feed') && r.status() === 200,
    );
    await login(page, 'en');
    const bell = page.getByTestId('alarm-bell');
    await expect(bell).toBeVisible();
    const before = ((await (await firstFeed).json()) as { data: { unacknowledged: number } }).data.unacknowledged;
    const badge = page.locator('.arco-badge', { has: bell }).locator('.arco-badge-number');

    await raise(page, `E2E-${Date.now()}`);
    await expect(page.getByText(/New alarm \(Critical\)/)).toBeVisible({ timeout: 20_000 });
    await expect(badge).toHaveText(String(before + 1));
    const said = await page.evaluate(() => (window as unknown as { said: string[] }).said);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^en\|Critical alarm from ANDON: Line 3 stopped/);

    await bell.click();
    const item = page.locator('[data-testid^="alarm-E2E-"]').first();
    await item.getByRole('button', { name: 'Acknowledge' }).click();
    if (before === 0) await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveText(String(before));
    expect(errors).toEqual([]);
  });

  test('without speech synthesis the user is told to use a modern browser', async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as unknown as { speechSynthesis?: unknown }).speechSynthesis;
    });
    const firstFeed = page.waitForResponse(
      (r) => r.url().includes('/api/platform-system/alarm/feed') && r.status() === 200,
    );
    await login(page, 'en');
    await expect(page.getByTestId('alarm-bell')).toBeVisible();
    await firstFeed;
    await raise(page, `E2E-Q-${Date.now()}`);
    await expect(page.getByText('The browser lacks speech synthesis; use a modern browser.')).toBeVisible({
      timeout: 20_000,
    });
  });
});
