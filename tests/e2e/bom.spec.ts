/**
 * BOM end to end (issue 7): a two-level BOM built on the screen, its explosion with loss, and a line
 * that would make a cycle refused on the component field, naming the path.
 */
import { expect, test } from '@playwright/test';
import { choose, dialog, openScreen } from './screens';
import { login, watchConsole } from './support';

test.describe('BOM', () => {
  test('build a two-level BOM, explode it, and see a cycle refused', async ({ page }) => {
    const errors = watchConsole(page);
    await login(page, 'en');
    const frame = await openScreen(page, 'bom');

    // Level 1: the carton takes 2 cases.
    await frame.getByTestId('bom-new').click();
    await choose(frame, 'bom-parent', 'CTN-METER', 'CTN-METER');
    await choose(frame, 'bom-component', 'CASE-METER-1P', 'CASE-METER');
    await frame.getByTestId('bom-dosage').fill('2');
    await frame.getByTestId('bom-line-ok').click();
    await expect(dialog(frame)).toBeHidden();
    await frame.getByTestId('bom-product-search').locator('input').fill('CTN-METER');
    await frame.getByTestId('bom-product-search').locator('input').press('Enter');
    await frame.getByTestId('bom-product-CTN-METER').click();
    await expect(frame.getByTestId('bom-title')).toContainText('CTN-METER');
    await expect(frame.getByTestId('bom-node-CASE-METER-1P')).toBeVisible();

    // Level 2: each case takes 3 screws, 10 % lost.
    await frame.getByTestId('bom-actions-CASE-METER-1P').getByTestId('bom-add-child').click();
    await choose(frame, 'bom-component', 'SCREW-M3X8', 'SCREW');
    await frame.getByTestId('bom-dosage').fill('3');
    await frame.getByTestId('bom-lossRate').fill('10');
    await frame.getByTestId('bom-line-ok').click();
    await expect(dialog(frame)).toBeHidden();
    await expect(frame.getByTestId('bom-node-SCREW-M3X8')).toBeVisible();

    // Explosion for 10 cartons: 20 cases, 10 × 2 × 3 × 1.1 = 66 screws.
    await frame.getByTestId('bom-explode').click();
    await frame.getByTestId('bom-explosion-quantity').fill('10');
    await frame.getByTestId('bom-explosion-quantity').press('Enter');
    const totals = frame.getByTestId('bom-explosion-totals');
    await expect(totals.locator('tr', { hasText: 'CASE-METER-1P' })).toContainText('20');
    await expect(totals.locator('tr', { hasText: 'SCREW-M3X8' })).toContainText('66');
    await frame.locator('.arco-drawer:visible .arco-drawer-close-icon').click();

    // A carton inside a screw of the carton: refused, the path named on the component field.
    await frame.getByTestId('bom-actions-SCREW-M3X8').getByTestId('bom-add-child').click();
    await choose(frame, 'bom-component', 'CTN-METER', 'CTN-METER');
    await frame.getByTestId('bom-line-ok').click();
    await expect(dialog(frame)).toContainText(
      'would make a cycle: SCREW-M3X8 → CTN-METER → CASE-METER-1P → SCREW-M3X8',
    );
    await dialog(frame).getByRole('button', { name: 'Cancel' }).click();
    await expect(frame.getByTestId('bom-node-CTN-METER')).toHaveCount(0);

    const expected = /status of 40[03] .* @ http:\/\/localhost:\d+\//;
    expect(errors.filter((e) => !expected.test(e))).toEqual([]);
  });
});
