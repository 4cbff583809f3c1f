/**
 * Content administration (issue 9): notices published from the platform app reach the shell without
 * running what they carry, feedback handled by an administrator shows to its submitter, alarms
 * raised by another domain reach an open shell, and SOP documents get a public link.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { dialog, toast, popupOption } from './screens';
import { login, token, watchConsole, withoutProcess, clickInPopup } from './support';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

async function openContent(page: Page, path: string, testId: string): Promise<FrameLocator> {
  await page.goto(`/en${path}`);
  const frame = page.frameLocator('[data-testid="frame-platform"]');
  await expect(frame.getByTestId(testId)).toBeVisible();
  return frame;
}

async function api(page: Page, method: 'POST' | 'DELETE', url: string, data?: unknown) {
  const bearer = await token(page);
  const factoryId = await page.evaluate(
    () =>
      JSON.parse(
        localStorage.getItem('mes-portal:factoryId') ?? sessionStorage.getItem('mes-portal:factoryId') ?? 'null',
      ) as string | null,
  );
  return page.request.fetch(url, {
    method,
    data,
    headers: { authorization: `Bearer ${bearer}`, 'x-factory-id': factoryId ?? '', 'accept-language': 'en' },
  });
}

/** Whether anything the notice carried ran: a flag in any frame, or a dialog it opened. */
async function ranScript(page: Page, dialogs: string[]): Promise<boolean> {
  const flags = await Promise.all(
    page.frames().map((f) => f.evaluate(() => (window as unknown as { pwned?: number }).pwned ?? 0).catch(() => 0)),
  );
  return dialogs.length > 0 || flags.some((v) => v !== 0);
}

test.describe('content administration', () => {
  test('a notice carrying a script and an onerror handler reaches the user as text, and nothing runs', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await login(page, 'en');
    const frame = await openContent(page, '/system/notice', 'page-notice');
    const title = `Safety drill ${Date.now()}`;

    await frame.getByTestId('btn-add').click();
    await frame.getByTestId('form-title').fill(title);
    await frame.getByTestId('form-content-source').click();
    await frame
      .getByTestId('form-content-html')
      .fill(
        '<p>Assemble at gate 2</p><img src=x onerror="window.pwned=1;alert(\'xss\')"><script>window.pwned=1;alert("xss")</script>',
      );
    // Back to the editing view: the draft shown there is inert too.
    await frame.getByTestId('form-content-source').click();
    await expect(frame.getByTestId('form-content')).toContainText('Assemble at gate 2');
    await dialog(frame).getByTestId('dialog-ok').click();
    await expect(toast(page, 'Success')).toBeVisible();
    const row = frame.locator('tr', { hasText: title });
    await expect(row).toContainText('Everyone');

    // The user sees it in the shell's notices; handling it counts on the administrator's list.
    await page.getByTestId('notice-bell').click();
    const item = page.locator('[data-testid^="notice-"]', { hasText: title });
    await expect(item).toContainText('Assemble at gate 2');
    await item.getByRole('button', { name: 'Mark as handled' }).click();
    await expect(item).toContainText('Handled');
    // The handled button is gone with the focus it held, so the drawer is closed by its close icon.
    await page.locator('.arco-drawer:visible .arco-drawer-close-icon').click();
    await expect(page.locator('.arco-drawer-mask')).toBeHidden();
    await frame.locator('button[type="submit"]').click();
    // The read count, after the selection box and the title, level, audience, publish and expiry columns.
    await expect(row.locator('td').nth(6)).toHaveText('1');
    expect(await ranScript(page, dialogs)).toBe(false);

    // Other suites count the demo notices: this one goes again.
    const id = await page.evaluate(async (t) => {
      const bearer = JSON.parse(localStorage.getItem('mes-portal:token') ?? 'null') as string;
      const res = await fetch('/api/platform-system/notice/list?limit=100', {
        headers: { authorization: `Bearer ${bearer}` },
      });
      return ((await res.json()) as { data: { records: { id: string; title: string }[] } }).data.records.find(
        (n) => n.title === t,
      )?.id;
    }, title);
    expect((await api(page, 'DELETE', `/api/platform-system/notice/${id}`)).status()).toBe(200);
    // Parsing the draft to make it inert meets the handler, and the page's script policy reports it
    // blocked (T2.9): the browser saying nothing ran, not an error of the page. A sub-app's policy
    // also names the shell's build files (issue 23).
    expect(
      errors.filter(
        (e) =>
          !/violates the following Content Security Policy directive 'script-src 'self'( http:\/\/localhost:\d+\/assets\/)?'.*The action has been blocked/.test(
            e,
          ),
      ),
    ).toEqual([]);
  });

  test('feedback handled by the administrator shows as processed with the opinion to its submitter', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    // The demo company handles feedback through its process; this test handles it directly.
    await withoutProcess(page, 'feedback', async () => {
      const description = `Scanner at station 4 beeps twice (${Date.now()})`;
      await page.getByTestId('user-menu').click();
      await clickInPopup(page.getByTestId('menu-feedback'));
      await page.getByTestId('feedback-description').fill(description);
      await page
        .locator('.arco-modal input[type="file"]')
        .setInputFiles({ name: 'station4.png', mimeType: 'image/png', buffer: PNG });
      await page.locator('.arco-modal').getByRole('button', { name: 'OK' }).click();
      await expect(page.locator('.arco-modal')).toBeHidden();

      const frame = await openContent(page, '/system/feedback', 'page-feedback');
      const row = frame.locator('tr', { hasText: description });
      await expect(row).toContainText('Unprocessed');
      // The picture shows as a thumbnail.
      await expect(row.locator('img')).toHaveCount(1);
      await row.getByTestId('row-handle').click();
      await frame.getByTestId('handle-opinion').fill('Firmware updated on station 4');
      await dialog(frame).getByTestId('handle-ok').click();
      await expect(row).toContainText('Processed');
      await expect(row).toContainText('Firmware updated on station 4');

      await page.getByTestId('user-menu').click();
      await clickInPopup(page.getByTestId('menu-feedback'));
      const mine = page.getByTestId('my-feedback').locator('.arco-list-item', { hasText: description });
      await expect(mine).toContainText('Processed');
      await expect(mine).toContainText('Opinion: Firmware updated on station 4');
      expect(errors).toEqual([]);
    });
  });

  test('an alarm raised through the API appears in the open shell within the polling interval, is counted and acknowledged on the list', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    const frame = await openContent(page, '/system/alarm', 'page-alarm');
    const badge = page.locator('.arco-badge', { has: page.getByTestId('alarm-bell') }).locator('.arco-badge-number');
    const before = (await badge.count()) ? Number(await badge.textContent()) : 0;

    const number = `ADM-${Date.now()}`;
    const raised = await api(page, 'POST', '/api/platform-system/alarm/raise', {
      number,
      type: 'andon',
      sourceSystem: 'ANDON',
      projectCode: 'P-7',
      projectName: 'Line 7',
      description: 'Line 7 conveyor stopped',
      level: 'warning',
    });
    expect(raised.status()).toBe(200);
    await expect(badge).toHaveText(String(before + 1), { timeout: 20_000 });

    const row = frame.locator('tr', { hasText: number });
    // Searched again when the first search shows no row: seen once in CI on a loaded machine, not reproduced
    // in ten runs here. The row must still be found by its number within 30 s.
    await expect(async () => {
      await frame.getByTestId('search-keyword').fill(number);
      await frame.locator('button[type="submit"]').click();
      await expect(row).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row).toContainText('P-7');
    await expect(row).toContainText('Line 7');
    await expect(row).toContainText('Warning');
    await row.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(row).toContainText('Acknowledged');
    if (before === 0) await expect(badge).toHaveCount(0, { timeout: 20_000 });
    else await expect(badge).toHaveText(String(before), { timeout: 20_000 });
    expect(errors).toEqual([]);
  });

  test('an SOP document written in the editor opens on its public link in each language', async ({ page, context }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    const frame = await openContent(page, '/system/help-doc', 'page-help-doc');
    const title = `Cleaning the print head ${Date.now()}`;

    await frame.getByTestId('btn-add').click();
    const modal = dialog(frame);
    await modal.locator('.arco-select').first().click();
    await clickInPopup(popupOption(frame, 'SOP'));
    await frame.getByTestId('form-title').fill(title);
    await frame.getByTestId('form-content').click();
    await frame.getByTestId('form-content').pressSequentially('Switch the printer off first.');
    await modal.getByRole('button', { name: 'Heading' }).click();
    await modal.getByTestId('dialog-ok').click();
    await expect(toast(page, 'Success')).toBeVisible();
    // The demo company's help documents fill the first pages: find this one by its title.
    await frame.getByTestId('page-help-doc').getByTestId('search-keyword').fill(title.slice(-13));
    await frame.getByTestId('page-help-doc').getByRole('button', { name: 'Search' }).click();

    const row = frame.locator('tr', { hasText: title });
    const href = (await row.getByTestId('sop-link-en').getAttribute('href'))!;
    expect(href).toMatch(/^http:\/\/localhost:\d+\/en\/sop\/[0-9a-f-]{36}$/);
    await row.getByRole('button', { name: 'Add a language' }).click();
    // The translation: Chinese, the same document key.
    await modal.locator('.arco-select').nth(1).click();
    await clickInPopup(popupOption(frame, '简体中文'));
    await frame.getByTestId('form-title').fill(`打印头清洁 ${title.slice(-13)}`);
    await modal.getByTestId('dialog-ok').click();
    await expect(frame.locator('tr', { hasText: '打印头清洁' }).getByTestId('sop-link-zh-CN')).toHaveAttribute(
      'href',
      href.replace('/en/', '/zh-CN/'),
    );

    const visitor = await context.browser()!.newContext();
    const pub = await visitor.newPage();
    await pub.goto(href);
    await expect(pub.getByRole('heading', { name: title })).toBeVisible();
    await expect(pub.getByRole('heading', { name: 'Switch the printer off first.' })).toBeVisible();
    await pub.goto(href.replace('/en/', '/zh-CN/'));
    await expect(pub.getByRole('heading', { name: /打印头清洁/ })).toBeVisible();
    await visitor.close();
    expect(errors).toEqual([]);
  });
  test('a course added on the courses screen is listed with its link, a script link is refused, and the course is edited and deleted', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    const frame = await openContent(page, '/system/course', 'page-course');
    const title = `Scanning basics ${Date.now()}`;
    await frame.getByTestId('btn-add').click();
    await frame.getByTestId('form-title').fill(title);
    await frame.getByTestId('form-url').fill('javascript:alert(1)');
    await dialog(frame).getByTestId('dialog-ok').click();
    await expect(dialog(frame)).toContainText('Link is not in the right format');
    await frame.getByTestId('form-url').fill('https://example.com/scanning');
    await dialog(frame).getByTestId('dialog-ok').click();
    await expect(toast(page, 'Success')).toBeVisible();
    await expect(
      frame.locator('tr', { hasText: title }).getByRole('link', { name: 'https://example.com/scanning' }),
    ).toHaveAttribute('href', 'https://example.com/scanning');

    // Edit: the dialog opens on the course's own values; the saved change shows in its row.
    await frame.locator('tr', { hasText: title }).getByRole('button', { name: 'Edit' }).click();
    await expect(frame.getByTestId('form-url')).toHaveValue('https://example.com/scanning');
    await expect(frame.getByTestId('form-title')).toHaveValue(title);
    await frame.getByTestId('form-url').fill('/help/scanning');
    await dialog(frame).getByTestId('dialog-ok').click();
    await expect(frame.locator('tr', { hasText: title }).getByRole('link', { name: '/help/scanning' })).toBeVisible();

    // Delete asks first; cancelling keeps the row, confirming removes it.
    await frame.locator('tr', { hasText: title }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(frame.locator('tr', { hasText: title })).toHaveCount(1);
    await frame.locator('tr', { hasText: title }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect(frame.locator('tr', { hasText: title })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
