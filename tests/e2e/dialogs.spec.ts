/**
 * A screen of another app as a dialog (issue 24, bridge 1.4.0): the plain-JavaScript andon app opens
 * the basic app's device list over the whole page, across origins; the row chosen there comes back to
 * the andon page; dismissing hands nothing back; a path outside the menu is refused with a reason.
 */
import { expect, test } from '@playwright/test';
import { login, watchConsole } from './support';

test.describe('dialogs across apps', () => {
  test("the andon page picks a device from the basic app's list, and a dismissed dialog hands nothing back", async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    await page.getByTestId('menu-/andon/board').click();
    const board = page.frameLocator('[data-testid="frame-andon"]');
    await expect(board.getByTestId('andon-status')).toContainText('Connected through the portal bridge 1.4.0');
    await expect(board.getByTestId('andon-device-chosen')).toHaveText('No device chosen');

    await board.getByTestId('andon-device').click();
    const dialog = page.getByTestId('portal-modal');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('.arco-modal-title')).toHaveText('Devices');
    // The dialog covers the page: its frame is wider than half the window and sits over the andon frame.
    const box = await dialog.locator('iframe').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan((page.viewportSize()?.width ?? 0) / 2);
    const devices = page.frameLocator('[data-testid="modal-frame-basic"]');
    const row = devices.getByTestId('resource-table').locator('tbody tr').filter({ hasText: 'DEV-0003' });
    // A plain click: the dialog fades out before its frame (another origin, another renderer) goes, so
    // the click has finished in that frame first. Torn down inside its own click, the frame once left
    // the click waiting for an answer that never came.
    await row.getByTestId('row-choose').click();
    await expect(dialog).toHaveCount(0);
    await expect(board.getByTestId('andon-device-chosen')).toHaveText('Device DEV-0003 Reflow oven chosen');
    // The tabs did not change: the dialog was no tab.
    await expect(page.getByTestId('tab-/basic/device')).toHaveCount(0);
    await expect(page).toHaveURL(/\/en\/andon\/board$/);

    // Opened again with a record half typed in it: dismissing asks first, as closing a tab does.
    await board.getByTestId('andon-device').click();
    await expect(devices.getByTestId('resource-table').locator('tbody tr').first()).toBeVisible();
    await devices.getByTestId('btn-add').click();
    await devices.getByTestId('form-code').fill('DEV-HALF');
    await dialog.locator('.arco-modal-close-icon').click();
    await expect(page.getByTestId('unsaved-question')).toContainText('Devices');
    await page.getByTestId('unsaved-keep').click();
    await expect(devices.getByTestId('form-code')).toHaveValue('DEV-HALF');
    // Thrown away on request: the dialog closes, and nothing comes back.
    await dialog.locator('.arco-modal-close-icon').click();
    await page.getByTestId('unsaved-discard').click();
    await expect(dialog).toHaveCount(0);
    await expect(board.getByTestId('andon-device-chosen')).toHaveText('No device chosen');

    // A path outside the user's menu is refused, with the reason.
    const andon = (await (await page.getByTestId('frame-andon').elementHandle())!.contentFrame())!;
    const refused = await andon.evaluate(() =>
      (window as unknown as { andon: { bridge: { openModal(p: string): Promise<unknown> } } }).andon.bridge
        .openModal('/platform/not-a-screen')
        .then(
          () => 'opened',
          (e: Error) => e.message,
        ),
    );
    expect(refused).toContain('Cannot open /platform/not-a-screen: it is not in your menu');
    await expect(dialog).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
