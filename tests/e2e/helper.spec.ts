/**
 * Helper screens (issue 12): the languages a tenant offers and its own words for shipped texts,
 * reaching the shell and a sub-app's iframe without a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { login, token, watchConsole } from './helpers';

const toast = (page: Page, text: string | RegExp) => page.locator('.arco-message').filter({ hasText: text });

test.describe('helper screens', () => {
  test('a language disabled is no longer offered and refused; own words show in the shell and the iframe at once', async ({ page, request }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    await page.goto('/en/helper/language');
    const frame = page.frameLocator('[data-testid="frame-platform"]');
    await expect(frame.getByTestId('page-helper-language')).toBeVisible();

    // Disable Vietnamese: the switch stops offering it and a Vietnamese link is refused.
    await frame.getByTestId('language-vi').click();
    await frame.getByTestId('languages-save').click();
    await expect(toast(page, 'Success')).toBeVisible();
    await page.getByTestId('language-switch').click();
    await expect(page.getByTestId('lang-es')).toBeVisible();
    await expect(page.getByTestId('lang-vi')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/vi/platform/dict');
    await expect(toast(page, '当前系统未配置该语言')).toBeVisible();
    await expect(page).toHaveURL(/\/zh-CN\/platform\/dict$/);

    // Enable it again: offered at once.
    await page.goto('/en/helper/language');
    await frame.getByTestId('language-vi').click();
    await frame.getByTestId('languages-save').click();
    await expect(toast(page, 'Success')).toBeVisible();
    await page.getByTestId('language-switch').click();
    await expect(page.getByTestId('lang-vi')).toBeVisible();
    await page.keyboard.press('Escape');

    // Own words: the shell's "Notices" and the apps' "Search" button, changed without a reload.
    const marker = await page.evaluate(() => { (window as unknown as { marker: number }).marker = 42; return 42; });
    await expect(page.getByTestId('notice-bell')).toHaveAttribute('aria-label', 'Notices');
    await frame.getByTestId('translation-keyword').fill('Notices');
    await frame.getByTestId('translation-search').click();
    await frame.getByTestId('text-shell-notice.title-en').click();
    await frame.getByTestId('translation-text').fill('Bulletins');
    await frame.locator('.arco-modal:visible').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('notice-bell')).toHaveAttribute('aria-label', 'Bulletins');

    await frame.getByTestId('translation-keyword').fill('search');
    await frame.getByTestId('translation-search').click();
    await frame.getByTestId('text-common-search-en').click();
    await frame.getByTestId('translation-text').fill('Find');
    await frame.locator('.arco-modal:visible').getByRole('button', { name: 'OK' }).click();
    await expect(frame.getByTestId('translation-search')).toHaveText('Find');
    // A broken placeholder is refused with the reason.
    await frame.getByTestId('translation-keyword').fill('Pending {{count}}');
    await frame.getByTestId('translation-search').click();
    await frame.getByTestId('text-shell-task.pending-en').click();
    await frame.getByTestId('translation-text').fill('Waiting');
    await frame.locator('.arco-modal:visible').getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'The text must keep the placeholders of the original (task.pending)')).toBeVisible();
    await frame.locator('.arco-modal:visible').getByRole('button', { name: 'Cancel' }).click();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(marker);

    // Another sub-app opened now gets the words too; removing them brings the shipped texts back.
    await page.goto('/en/basic/unit');
    const basic = page.frameLocator('[data-testid="frame-basic"]');
    await expect(basic.getByTestId('btn-search')).toHaveText('Find');
    const auth = { authorization: `Bearer ${await token(page)}` };
    for (const [namespace, key] of [['shell', 'notice.title'], ['common', 'search']]) {
      expect((await request.put('/api/platform-system/translation', { headers: auth, data: { namespace, key, language: 'en', value: '' } })).status()).toBe(200);
    }
    await page.reload();
    await expect(page.getByTestId('notice-bell')).toHaveAttribute('aria-label', 'Notices');
    await expect(basic.getByTestId('btn-search')).toHaveText('Search');
    // The browser logs the refusal provoked on purpose; nothing else.
    const provoked = /status of 400 .*\/api\/platform-system\/translation$/;
    expect(errors.filter((e) => !provoked.test(e))).toEqual([]);
  });
});
