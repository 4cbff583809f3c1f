/**
 * API keys in the browser (issue 26): an administrator creates a key on its screen and sees the
 * secret once; a machine calls the API with it (allowed its one permission, refused another); the
 * key is revoked from the list and its next call answers 401.
 */
import { expect, test } from '@playwright/test';
import { login } from './support';
import { choose, confirmInShell } from './screens';

const CONFIG = '/api/platform-system/config-item';

test('creates a key whose secret shows once, calls the API with it, and revokes it', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'en');
  const name = `e2e gateway ${Date.now().toString(36)}`;
  await page.goto('/en/platform/api-key');
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('page-api-key')).toBeVisible();

  await frame.getByTestId('api-key-add').click();
  await frame.getByTestId('api-key-name').fill(name);
  await choose(frame, 'api-key-permissions', /\(platform:config-item:view\)/, 'platform:config-item:view');
  // A lifetime past the limit is refused as typed, naming the field, not clamped to the limit and saved.
  const days = frame.getByTestId('api-key-days');
  await days.fill('99999');
  await frame.getByTestId('api-key-save').click();
  await expect(frame.locator('.arco-form-message')).toContainText('Valid for (days) is too large');
  await expect(days).toHaveValue('99999');
  await expect(frame.getByTestId('api-key-secret')).toHaveCount(0);
  await days.fill('30');
  await frame.getByTestId('api-key-save').click();
  const shown = frame.getByTestId('api-key-secret');
  await expect(shown).toContainText(/mes_[A-Za-z0-9_-]{43}/);
  const secret = /mes_[A-Za-z0-9_-]{43}/.exec((await shown.textContent()) ?? '')![0];
  await frame.getByTestId('api-key-done').click();

  // The list shows the key by its first characters, never the secret.
  const row = frame.getByTestId('api-keys-table').locator('tbody tr', { hasText: name });
  await expect(row).toContainText(secret.slice(0, 8));
  await expect(row.getByTestId('api-key-state')).toHaveText('Active');
  await expect(frame.locator('body')).not.toContainText(secret);

  const withKey = { headers: { authorization: `Bearer ${secret}` } };
  expect((await page.request.get(CONFIG, withKey)).status()).toBe(200);
  expect((await page.request.get('/api/platform-system/role', withKey)).status()).toBe(403);

  await row.getByTestId(`api-key-revoke-${name}`).click();
  await confirmInShell(page, new RegExp(name));
  await expect(row.getByTestId('api-key-state')).toHaveText('Revoked');
  await expect.poll(async () => (await page.request.get(CONFIG, withKey)).status()).toBe(401);
});
