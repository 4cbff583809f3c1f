/**
 * The demo company of a fresh database (issue 21): each printed account logs in to its own menu and
 * factory; the line clerk is refused a screen outside his role and sees only the rows he made; the
 * quality engineer finds a release waiting and agrees to it; the factory switcher changes the rows.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { DEMO, login, openTaskList, token, watchConsole, clickInPopup } from './support';
import { openScreen, rowOf, toast, popupOption } from './screens';

const menuEntry = (page: Page, path: string) => page.getByTestId(`menu-${path}`);
const menuEntries = (page: Page) => page.locator('[data-testid^="menu-/"]');

/** Logs out as a user does, so nothing of the last session's page is still running at the next login. */
async function logOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await expect(page.getByTestId('logout')).toBeVisible();
  await clickInPopup(page.getByTestId('logout'));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-submit')).toBeVisible();
}

test.describe('demo company', () => {
  test("each demo account sees its own menu and factory, named in the reader's language", async ({ page }) => {
    const errors = watchConsole(page);
    // The administrator works in both plants and chooses one after login.
    await page.goto('/zh-CN/login');
    await page.locator('input[name="tenantCode"]').fill(DEMO.tenantCode);
    await page.locator('input[name="account"]').fill('admin');
    await page.locator('input[name="password"]').fill(DEMO.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('factory-select')).toBeVisible();
    await expect(page.getByTestId('factory-F001')).toContainText('苏州工厂 Suzhou Plant');
    await expect(page.getByTestId('factory-F002')).toContainText('河内工厂 Hanoi Plant');
    await page.getByTestId('factory-F002').click();
    await expect(page.getByTestId('factory-switcher')).toContainText('河内工厂 Hanoi Plant (F002)');
    await expect(page.getByTestId('user-menu')).toContainText('系统管理员');
    await expect(menuEntry(page, '/paas/tenant')).toBeAttached();
    await expect(page.getByTestId('org-switcher')).toBeVisible();

    // The factory administrator of Hanoi: that plant only, its screens but not the tenant's, notices in Vietnamese.
    await logOut(page);
    await login(page, 'vi', 'hanoi.admin');
    await expect(page.getByTestId('factory-switcher')).toContainText('(F002)');
    await expect(menuEntry(page, '/basic/line')).toBeAttached();
    await expect(menuEntry(page, '/platform/staff')).toBeAttached();
    await expect(menuEntry(page, '/paas/tenant')).toHaveCount(0);
    await expect(menuEntry(page, '/platform/user')).toHaveCount(0);
    const factories = await page.request.get('/api/platform-system/factory/getFactoryList', {
      headers: { authorization: `Bearer ${await token(page)}` },
    });
    expect(((await factories.json()).data.factoryList as { code: string }[]).map((f) => f.code)).toEqual(['F002']);
    await page.getByTestId('notice-bell').click();
    await expect(page.getByText('Nhà máy Hà Nội: bắt đầu ca đêm từ thứ Hai tới')).toBeVisible();
    await expect(page.getByText('Chào mừng đến với cổng thông tin sản xuất Huayuan')).toBeVisible();
    await page.keyboard.press('Escape');
    // As a reader would, wait for the drawer to be gone before reaching for the menu it covered.
    await expect(page.getByText('Nhà máy Hà Nội: bắt đầu ca đêm từ thứ Hai tới')).toBeHidden();

    // The quality engineer: the task list and documents, in Suzhou.
    await logOut(page);
    await login(page, 'en', 'wang.fang');
    await expect(page.getByTestId('factory-switcher')).toContainText('(F001)');
    await expect(menuEntry(page, '/flow/task')).toBeAttached();
    await expect(menuEntry(page, '/basic/document')).toBeAttached();
    await expect(menuEntry(page, '/basic/line')).toHaveCount(0);

    // The line clerk: the workbench and four screens.
    await logOut(page);
    await login(page, 'en', 'li.ming');
    await expect(page.getByTestId('factory-switcher')).toContainText('(F001)');
    await expect(menuEntries(page)).toHaveCount(5);
    for (const path of [
      '/home',
      '/basic/workstation',
      '/basic/process-station',
      '/basic/transport-shelf',
      '/basic/document',
    ]) {
      await expect(menuEntry(page, path)).toBeAttached();
    }
    expect(errors).toEqual([]);
  });

  test('the line clerk is refused a screen outside his role and sees only the rows he made', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en', 'li.ming');
    await page.goto('/en/platform/user');
    await expect(page).toHaveURL(/\/en\/403$/);
    await expect(page.getByTestId('error-403')).toBeVisible();

    const frame = await openScreen(page, 'workstation');
    await expect(rowOf(frame, 'ASM01-S01')).toBeVisible();
    await expect(rowOf(frame, 'ASM01-S02')).toBeVisible();
    await expect(frame.getByTestId('resource-table').locator('tbody tr')).toHaveCount(2);
    await expect(rowOf(frame, 'SMT01-PLACE')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the quality engineer finds a document release waiting and agrees to it', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en', 'wang.fang');
    // The seed leaves three approvals waiting for her; feedback sent by earlier suites may add to them.
    const count = async () =>
      (
        await (
          await page.request.get('/api/flow-system/task/count', {
            headers: { authorization: `Bearer ${await token(page)}` },
          })
        ).json()
      ).data as { pending: number };
    const before = (await count()).pending;
    expect(before).toBeGreaterThanOrEqual(3);
    await page.getByTestId('task-bell').click();
    await expect(page.getByTestId('task-counters')).toContainText(`Pending ${before}`);
    await openTaskList(page);
    const tasks: FrameLocator = page.frameLocator('[data-testid="frame-platform"]');
    const pending = tasks.getByTestId('task-table-pending');

    const title = 'WI-HN-101 A · 三相表包装作业指导 Three-phase meter packing';
    await pending.getByTestId(`task-open-${title}`).click();
    const drawer = tasks.getByTestId('task-drawer');
    await expect(drawer).toContainText('质量审核 Quality review');
    await expect(drawer).toContainText('WI-HN-101-A.pdf');
    await expect(tasks.getByTestId('flow-canvas')).toHaveAttribute('data-current', 'review');
    await tasks.getByTestId('task-opinion').fill('Packing steps checked');
    await tasks.getByTestId('task-agree').click();
    await expect(toast(page, 'Success')).toBeVisible();
    await expect(pending.getByTestId(`task-open-${title}`)).toHaveCount(0);
    expect((await count()).pending).toBe(before - 1);

    await tasks.getByRole('tab', { name: 'Finished' }).click();
    await tasks.getByTestId('task-table-finished').getByTestId(`task-open-${title}`).click();
    await expect(tasks.getByTestId('instance-status')).toContainText('Approved');
    await expect(tasks.getByTestId('flow-history')).toContainText('Packing steps checked');
    const documents = await page.request.get('/api/basic-system/document?keyword=WI-HN-101', {
      headers: { authorization: `Bearer ${await token(page)}` },
    });
    expect((await documents.json()).data.records).toMatchObject([
      { number: 'WI-HN-101', version: 'A', releaseStatus: 'released' },
    ]);
    expect(errors).toEqual([]);
  });

  test('the factory switcher changes the rows of a factory-scoped list', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    const frame = await openScreen(page, 'line');
    await expect(rowOf(frame, 'SMT-01')).toBeVisible();
    await expect(rowOf(frame, 'HN-SMT-01')).toHaveCount(0);
    await page.getByTestId('factory-switcher').click();
    await clickInPopup(popupOption(page, '(F002)'));
    await expect(rowOf(frame, 'HN-SMT-01')).toBeVisible();
    await expect(rowOf(frame, 'SMT-01')).toHaveCount(0);
    await expect(frame.getByTestId('resource-table').locator('tbody tr')).toHaveCount(3);
    expect(errors).toEqual([]);
  });

  test('a logout while calls are under way drops them: no refusal reaches the console and no error shows', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    // The workbench's next calls are held until the logout has ended the session on the server.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldCalls = 0;
    await page.route('**/api/**/workbench/**', async (route) => {
      heldCalls++;
      await held;
      await route.continue().catch(() => undefined);
    });
    // Counted from the reload: the page before it may have been making such calls still.
    heldCalls = 0;
    await page.reload();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect.poll(() => heldCalls).toBeGreaterThan(0);
    await logOut(page);
    release();
    // Long enough for a held call that was still sent to come back refused.
    await page.waitForTimeout(1000);
    await expect(page.locator('.arco-message')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
