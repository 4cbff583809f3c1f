import { expect, test } from '@playwright/test';
import { login, token } from './support';

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
    // The administrator of the demo company chooses a plant first; the portal's layout is loaded after.
    await page.getByTestId('factory-F001').click();
    await expect(page.getByTestId('chunk-error')).toContainText('A part of the page could not be loaded');
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});

test.describe('help and SOP', () => {
  const SOP = '5e0c0000-0000-4000-8000-000000000001';

  test('the public SOP page shows the document in the URL language, or says it is not maintained', async ({ page }) => {
    await page.goto(`/en/sop/${SOP}`);
    await expect(page.getByRole('heading', { name: 'Changing the label printer roll' })).toBeVisible();
    await page.goto(`/zh-CN/sop/${SOP}`);
    await expect(page.getByRole('heading', { name: '标签打印机换纸作业指导' })).toBeVisible();
    await page.goto(`/es/sop/${SOP}`);
    await expect(page.getByRole('heading', { name: 'Cambio del rollo de la impresora de etiquetas' })).toBeVisible();
    // A SOP written in English only.
    await login(page, 'en');
    const created = await page.request.post('/api/platform-system/help-doc', {
      headers: { authorization: `Bearer ${await token(page)}` },
      data: { kind: 'sop', language: 'en', title: `Torque check ${Date.now()}`, content: '<p>Check the torque.</p>' },
    });
    expect(created.status(), await created.text()).toBe(200);
    const key = ((await created.json()).data as { docKey: string }).docKey;
    await page.goto(`/es/sop/${key}`);
    await expect(page.getByText('El documento de ayuda o el SOP no está disponible en este idioma')).toBeVisible();
  });

  test("the help button shows the open screen's help, or that it is missing for the language", async ({ page }) => {
    await login(page, 'en');
    await page.getByTestId('menu-/platform/dict').click();
    await page.getByTestId('help-button').click();
    await expect(page.getByTestId('help-content')).toContainText('A type is unique within the tenant');
    await page.goto('/vi/platform/dict');
    await page.getByTestId('help-button').click();
    await expect(page.getByTestId('help-content')).toContainText('Mỗi loại là duy nhất trong khách thuê');
    // The demo has no help for the units screen in any language.
    await page.goto('/vi/basic/unit');
    await page.getByTestId('help-button').click();
    await expect(page.getByTestId('help-content')).toContainText('chưa được soạn cho ngôn ngữ này');
  });
});
