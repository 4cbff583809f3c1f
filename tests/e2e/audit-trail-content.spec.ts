/**
 * The History action of a hand-written screen end to end (issue 25): a notice changed by its
 * administrator shows its changed fields before → after on the notice screen, with the screen's own
 * labels and level names, in English and in Chinese.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, login, token, watchConsole } from './support';

async function api(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const res = await page.request.fetch(url, {
    method,
    data,
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()).data as { id: string };
}

async function noticeHistory(page: Page, lang: string, title: string) {
  await page.goto(`/${lang}/system/notice`);
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId('page-notice')).toBeVisible();
  await frame.locator('tr', { hasText: title }).getByTestId('row-history').click();
  const drawer = frame.getByTestId('history-drawer');
  await expect(drawer.getByTestId('history-entry')).toHaveCount(2);
  return drawer.getByTestId('history-entry').first();
}

test('a changed notice shows what changed, before → after, on the notice screen in English and Chinese', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await login(page, 'en');
  // Published far ahead: the notice never reaches a reader's bell, whose counts other specs check.
  const later = '2099-01-01T00:00:00Z';
  const { id } = await api(page, 'POST', '/api/platform-system/notice', {
    title: 'E2E history notice',
    content: '<p>Drill</p>',
    level: 'info',
    publishAt: later,
  });
  await api(page, 'PUT', `/api/platform-system/notice/${id}`, {
    title: 'E2E history notice v2',
    content: '<p>Drill</p>',
    level: 'urgent',
    publishAt: later,
  });

  const edit = await noticeHistory(page, 'en', 'E2E history notice v2');
  await expect(edit).toHaveAttribute('data-action', 'update');
  await expect(edit.getByTestId('history-who')).toHaveText(DEMO.account);
  await expect(edit.locator('[data-field="title"] td')).toHaveText([
    'Title',
    'E2E history notice',
    'E2E history notice v2',
  ]);
  await expect(edit.locator('[data-field="level"] td')).toHaveText(['Level', 'Normal', 'Urgent']);

  const zh = await noticeHistory(page, 'zh-CN', 'E2E history notice v2');
  await expect(zh.getByTestId('history-action')).toHaveText('修改');
  await expect(zh.locator('[data-field="level"] td')).toHaveText(['级别', '普通', '紧急']);
  expect(errors).toEqual([]);
});
