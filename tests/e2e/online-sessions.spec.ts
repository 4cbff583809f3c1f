/**
 * Online sessions in the browser (issue 26): an administrator ends another user's session from the
 * list under Logs, and that user's page returns to login at its next call; a user ends their own
 * other session from the personal centre, with the same effect.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, enterFactory, login, token, clickInPopup } from './support';
import { confirmInShell } from './screens';

async function loginAs(browser: Browser, account: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/en/login');
  await page.locator('input[name="tenantCode"]').fill(DEMO.tenantCode);
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(DEMO.password);
  await page.getByTestId('login-submit').click();
  await enterFactory(page);
  return page;
}

test('an administrator ends another session, which is logged out; a user ends their own other session', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await login(page, 'en');
  const account = `sess.e2e.${Date.now().toString(36)}`;
  const created = await page.request.post('/api/platform-system/app-user', {
    headers: { authorization: `Bearer ${await token(page)}` },
    data: { account, nickname: account, password: DEMO.password, type: 'admin' },
  });
  expect(created.status()).toBe(200);

  const first = await loginAs(browser, account);
  const second = await loginAs(browser, account);

  // The administrator's list shows the user's two sessions; one is ended.
  await page.goto('/en/log/online-session');
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('page-online-session')).toBeVisible();
  // The administrator's own session is marked, and offers no button that would log them out.
  const mine = frame.getByTestId('sessions-table').locator('tbody tr', { hasText: 'Current' }).first();
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('button')).toHaveCount(0);
  // Scrolled to its right end, the table shows its last column whole beside the fixed actions column.
  await frame
    .getByTestId('sessions-table')
    .locator('.arco-table-content-inner')
    .evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
  const factory = await frame.getByRole('columnheader', { name: 'Factory' }).boundingBox();
  const actions = await frame.getByRole('columnheader', { name: 'Actions' }).boundingBox();
  expect(factory!.x + factory!.width).toBeLessThanOrEqual(actions!.x + 1);
  await frame.getByTestId('search-keyword').fill(account);
  await frame.getByTestId('btn-search').click();
  const rows = frame.getByTestId('sessions-table').locator('tbody tr', { hasText: account });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Account');
  await expect(rows.first()).toContainText(/Chrome|Chromium/);
  const ownSessions = await first.request.get('/api/platform-system/user/session', {
    headers: { authorization: `Bearer ${await token(first)}` },
  });
  const firstId = ((await ownSessions.json()).data.records as { id: string; current: boolean }[]).find(
    (s) => s.current,
  )!.id;
  await frame.getByTestId(`end-session-${firstId}`).click();
  await confirmInShell(page, new RegExp(account));
  await expect(rows).toHaveCount(1);

  // Its next call answers 401 and the shell returns to login.
  await first.getByTestId('user-menu').click();
  await clickInPopup(first.getByTestId('menu-profile'));
  await expect(first).toHaveURL(/\/en\/login/);
  await expect(second.getByTestId('user-menu')).toBeVisible();

  // The user logs in again there and ends the other session from the personal centre.
  await first.locator('input[name="tenantCode"]').fill(DEMO.tenantCode);
  await first.locator('input[name="account"]').fill(account);
  await first.locator('input[name="password"]').fill(DEMO.password);
  await first.getByTestId('login-submit').click();
  await enterFactory(first);
  await first.getByTestId('user-menu').click();
  await clickInPopup(first.getByTestId('menu-profile'));
  const own = first.getByTestId('own-sessions');
  await expect(own.getByTestId('own-session')).toHaveCount(2);
  await expect(own.locator('[data-current="true"]')).toContainText('This device');
  await own.locator('[data-current="false"]').getByRole('button', { name: 'End' }).click();
  await expect(own.getByTestId('own-session')).toHaveCount(1);
  await second.reload();
  await expect(second).toHaveURL(/\/en\/login/);
});
