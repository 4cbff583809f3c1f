/**
 * Helper screens (issue 12): the languages a tenant offers and its own words for shipped texts,
 * reaching the shell and a sub-app's iframe without a reload.
 */
import { createServer } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { toast, popupOption } from './screens';
import { login, token, watchConsole, withoutProcess, clickInPopup } from './support';

test.describe('helper screens', () => {
  test('a language disabled is no longer offered and refused; own words show in the shell and the iframe at once', async ({
    page,
    request,
  }) => {
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
    const marker = await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
      return 42;
    });
    await expect(page.getByTestId('notice-bell')).toHaveAttribute('aria-label', 'Notices');
    await frame.getByTestId('translation-keyword').fill('Notices');
    await frame.getByTestId('btn-search').click();
    await frame.getByTestId('text-shell-notice.title-en').click();
    await frame.getByTestId('translation-text').fill('Bulletins');
    await frame.locator('.arco-modal:visible').getByRole('button', { name: 'OK' }).click();
    await expect(page.getByTestId('notice-bell')).toHaveAttribute('aria-label', 'Bulletins');

    await frame.getByTestId('translation-keyword').fill('search');
    await frame.getByTestId('btn-search').click();
    await frame.getByTestId('text-common-search-en').click();
    await frame.getByTestId('translation-text').fill('Find');
    await frame.locator('.arco-modal:visible').getByRole('button', { name: 'OK' }).click();
    await expect(frame.getByTestId('btn-search')).toHaveText('Find');
    // A broken placeholder is refused with the reason.
    await frame.getByTestId('translation-keyword').fill('Pending {{count}}');
    await frame.getByTestId('btn-search').click();
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
    for (const [namespace, key] of [
      ['shell', 'notice.title'],
      ['common', 'search'],
    ]) {
      expect(
        (
          await request.put('/api/platform-system/translation', {
            headers: auth,
            data: { namespace, key, language: 'en', value: '' },
          })
        ).status(),
      ).toBe(200);
    }
    await page.reload();
    await expect(page.getByTestId('notice-bell')).toHaveAttribute('aria-label', 'Notices');
    await expect(basic.getByTestId('btn-search')).toHaveText('Search');
    // The browser logs the refusal provoked on purpose; nothing else.
    const provoked = /status of 400 .*\/api\/platform-system\/translation$/;
    expect(errors.filter((e) => !provoked.test(e))).toEqual([]);
  });
});

test.describe('menu applications', () => {
  async function apply(page: Page, title: string, suffix: string) {
    const frame = page.frameLocator('[data-testid="frame-platform"]');
    await frame.getByTestId('apply-add').click();
    await frame.getByTestId('apply-app').fill('platform');
    await frame.getByTestId('apply-title').fill(title);
    const rows = frame.getByTestId('apply-rows').locator('tbody tr');
    const fill = async (n: number, values: Record<string, string>) => {
      for (const [field, value] of Object.entries(values))
        await rows.nth(n).locator(`[data-testid$="-${field}"]`).fill(value);
    };
    await fill(0, { code: `catalogue:lab-${suffix}`, nameZh: '实验室', nameEn: `Laboratory ${suffix}` });
    await frame.getByTestId('apply-add-row').click();
    await fill(1, {
      code: `system:lab-${suffix}`,
      nameZh: '检验报告',
      nameEn: `Lab reports ${suffix}`,
      path: `/system/lab-${suffix}`,
      perms: `system:lab-${suffix}:view`,
    });
    await frame.getByTestId('apply-add-row').click();
    await rows.nth(2).locator('.arco-select').nth(1).click();
    await clickInPopup(popupOption(frame, 'Button'));
    await fill(2, {
      code: `system:lab-${suffix}:sign`,
      nameZh: '签发',
      nameEn: 'Sign',
      perms: `system:lab-${suffix}:sign`,
    });
    await frame.locator('.arco-modal:visible').getByRole('button', { name: 'OK' }).click();
    await expect(toast(page, 'Success')).toBeVisible();
    return frame;
  }

  test('three entries approved appear in the menu; an application rejected changes nothing', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    await page.goto('/en/helper/apply-menu');
    // The demo company reviews applications through its process; this test decides them directly.
    await withoutProcess(page, 'menu-application', async () => {
      let frame = await apply(page, 'Lab reports A', 'a');
      await frame.getByTestId('application-Lab reports A').click();
      await expect(frame.getByTestId('entry-system:lab-a:sign')).toHaveAttribute('data-diff', 'new');
      await expect(frame.getByTestId('entry-catalogue:lab-a')).toContainText('new');
      await frame.getByTestId('application-approve').click();
      await expect(toast(page, 'Success')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('menuitem', { name: 'Lab reports a' })).toBeAttached();

      frame = await apply(page, 'Lab reports B', 'b');
      await frame.getByTestId('application-Lab reports B').click();
      await frame.getByTestId('application-reject').click();
      await expect(toast(page, 'Reason is required')).toBeVisible();
      await frame.getByTestId('review-reason').fill('Belongs to the QMS app');
      await frame.getByTestId('application-reject').click();
      await expect(frame.getByTestId('application-table')).toContainText('Belongs to the QMS app');
      await page.reload();
      await expect(page.getByText('Laboratory b')).toHaveCount(0);
      await expect(page.getByText('Laboratory a')).toBeAttached();
      const provoked = /status of 400 .*\/api\/platform-system\/menu-application\/[\w-]+\/reject$/;
      expect(errors.filter((e) => !provoked.test(e))).toEqual([]);
    });
  });
});

test.describe('services', () => {
  test('the services page shows an app stopped during the test as offline', async ({ page }) => {
    // A team's app on the warehouse app's registered port: a page joined by the portal's bridge script.
    const port = Number(process.env.E2E_SUBAPP_BASE ?? 14000) + 4;
    const app = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'x-app-version': '3.1.4' });
      res.end('<!doctype html><html><head><script src="/portal-bridge.js"></script></head><body>WMS</body></html>');
    });
    await new Promise<void>((done) => app.listen(port, done));
    const errors = watchConsole(page);
    await login(page, 'en');
    await page.goto('/en/helper/services');
    const frame = page.frameLocator('[data-testid="frame-platform"]');
    await frame.getByTestId('services-probe').click();
    const wms = frame.getByTestId('state-wms');
    await expect(wms).toHaveAttribute('data-state', 'online');
    await expect(frame.getByTestId('services-table').locator('tr', { has: wms })).toContainText('3.1.4');
    await expect(frame.getByTestId('state-platform')).toHaveAttribute('data-state', 'online');

    await new Promise<void>((done) => {
      app.close(() => done());
      app.closeAllConnections();
    });
    await frame.getByTestId('services-probe').click();
    await expect(wms).toHaveAttribute('data-state', 'offline');
    await expect(wms).toHaveText('Offline');
    await expect(frame.getByTestId('state-platform')).toHaveAttribute('data-state', 'online');
    expect(errors).toEqual([]);
  });
});
