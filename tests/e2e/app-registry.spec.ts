/**
 * The app registry screen (issue 4): each registered app with its probed state (SPEC §3 `online`),
 * the server's probe of the app's URL as the portal's host sees it.
 */
import { expect, test } from '@playwright/test';
import { login, watchConsole } from './support';
import { openScreen, rowOf } from './screens';

test('the app registry shows the apps this server serves online and the others offline', async ({ page }) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  const frame = await openScreen(page, 'app', 'platform');
  const state = (code: string) => rowOf(frame, code).locator('[data-testid^="online-"]');
  await expect(state('platform')).toHaveAttribute('data-state', 'online');
  await expect(state('basic')).toHaveAttribute('data-state', 'online');
  await expect(state('mes')).toHaveAttribute('data-state', 'offline');
  await expect(state('mes')).toHaveText('Offline');
  expect(errors).toEqual([]);
});
