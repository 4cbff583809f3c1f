/**
 * Materials end to end (issue 7): a class tree whose levels follow the parents, and a material
 * created through its tabs, the basic information saved before the other tabs open (SPEC §5).
 */
import { expect, test } from '@playwright/test';
import { choose, dialog, openScreen, rowOf, toast } from './screens';
import { login, watchConsole } from './support';

test.describe('materials', () => {
  test('a class tree and a material through all its tabs', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    let frame = await openScreen(page, 'material-class');
    await frame.getByTestId('btn-add').click();
    await frame.getByTestId('form-code').fill('E2E-SENS');
    await frame.getByTestId('form-name').fill('E2E sensors');
    await choose(frame, 'form-parentId', 'Electronic components', 'Electronic');
    await frame.getByTestId('dialog-ok').click();
    await expect(dialog(frame)).toBeHidden();
    await expect(rowOf(frame, 'E2E-SENS')).toContainText('Electronic components');
    // Level 2 under a top class (the server sets it).
    await expect(rowOf(frame, 'E2E-SENS').locator('td').filter({ hasText: /^2$/ })).toHaveCount(1);
    // The tree view draws it under its parent, one step in.
    await frame.getByTestId('view-tree').click();
    const tree = frame.getByTestId('resource-tree');
    await expect(tree.locator('tr', { hasText: 'E2E-SENS' }).locator('.arco-table-cell-indent')).toHaveAttribute(
      'style',
      /padding-left: [1-9]/,
    );
    await expect(tree.locator('tr', { hasText: 'Electronic components' }).first()).toHaveClass(
      /arco-table-row-expanded/,
    );

    frame = await openScreen(page, 'material');
    await frame.getByTestId('btn-add').click();
    // Only the basic information before the first save.
    await expect(frame.getByTestId('form-tab-packing')).toBeVisible();
    await frame.getByTestId('form-tab-packing').click();
    await expect(dialog(frame)).toContainText('Save the basic information first');
    await frame.getByTestId('form-tab-basic').click();
    await frame.getByTestId('form-code').fill('E2E-TEMP-01');
    await frame.getByTestId('form-name').fill('E2E temperature sensor');
    await choose(frame, 'form-type', 'Raw material');
    await choose(frame, 'form-classId', 'E2E sensors', 'E2E');
    await choose(frame, 'form-basicUnitId', 'Piece', 'Piece');
    await frame.getByTestId('dialog-ok').click();
    await expect(toast(page, 'the other tabs are open now')).toBeVisible();
    await expect(dialog(frame)).toContainText('Edit Material');

    // Packing: a gross weight below the net weight is refused, on that field.
    await frame.getByTestId('form-tab-packing').click();
    await frame.getByTestId('form-netWeight').fill('2');
    await frame.getByTestId('form-grossWeight').fill('1.5');
    await frame.getByTestId('dialog-ok').click();
    await expect(dialog(frame)).toContainText('Gross weight cannot be less than the net weight');
    await frame.getByTestId('form-grossWeight').fill('2.4');
    await frame.getByTestId('form-tab-quality').click();
    await choose(frame, 'form-controlMode', 'By serial number');
    await frame.getByTestId('form-tab-storage').click();
    await frame.getByTestId('form-productionDateFormat').fill('YYYYMMDD');
    await frame.getByTestId('dialog-ok').click();
    await expect(dialog(frame)).toBeHidden();
    await expect(rowOf(frame, 'E2E-TEMP-01')).toContainText('By serial number');

    await rowOf(frame, 'E2E-TEMP-01').getByTestId('row-edit').click();
    await frame.getByTestId('form-tab-packing').click();
    await expect(frame.getByTestId('form-grossWeight')).toHaveValue('2.4');
    const expected = /status of 403 .* @ http:\/\/localhost:\d+\/$/;
    expect(errors.filter((e) => !expected.test(e))).toEqual([]);
  });
});
