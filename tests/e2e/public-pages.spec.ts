import { expect, test } from '@playwright/test';

test.describe('public pages', () => {
  test('the app download page shows a QR code of itself and reports a failed download', async ({ page }) => {
    await page.goto('/en/app/download');
    await expect(page.getByTestId('app-download')).toBeVisible();
    const qr = page.getByTestId('download-qr');
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    await expect(page.getByTestId('download-button')).toHaveText('Download 1.0.0');
    await page.getByTestId('download-button').click();
    await expect(page.getByText('App download failed, rescan the QR code')).toBeVisible();
  });
});

test.describe('chunk loading', () => {
  test('a chunk that cannot be loaded says so, with a reload', async ({ page }) => {
    await page.route(/\/assets\/Layout-[\w-]+\.js$/, (route) => route.abort('connectionrefused'));
    await page.goto('/en/login');
    await page.locator('input[name="tenantCode"]').fill('demo');
    await page.locator('input[name="account"]').fill('admin');
    await page.locator('input[name="password"]').fill(process.env.ADMIN_PASSWORD ?? 'Admin@2026');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('chunk-error')).toContainText('A part of the page could not be loaded');
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
