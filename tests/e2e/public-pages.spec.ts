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
