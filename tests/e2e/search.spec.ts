/**
 * Search everywhere (issue 24): Ctrl+K opens the panel; in Vietnamese, a menu entry is found by its
 * English name; a material is found by its code and opens on its screen at that record; a record of
 * the other plant is not found.
 */
import { expect, test } from '@playwright/test';
import { login, watchConsole } from './support';

test.describe('search everywhere', () => {
  test('finds a menu entry by its English name in Vietnamese, and opens a material found by its code', async ({
    page,
  }) => {
    const errors = watchConsole(page);
    await login(page, 'vi');
    const panel = page.getByTestId('search-panel');
    const input = page.getByTestId('search-input');
    const results = page.getByTestId('search-result');

    await page.keyboard.press('Control+K');
    await expect(panel).toBeVisible();
    await expect(input).toBeFocused();
    await input.fill('Material classes');
    await expect(results.first()).toContainText('Phân loại vật tư');
    await expect(results.first()).toContainText('Material classes');
    await expect(results.first()).toHaveAttribute('data-path', '/basic/material-class');

    // Enter opens the entry in its tab, as the menu does.
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/vi\/basic\/material-class$/);
    await expect(page.getByTestId('tab-/basic/material-class')).toHaveText('Phân loại vật tư');

    // A material by how its code starts: the result opens the materials screen at that record.
    await page.getByTestId('search-open').click();
    await input.fill('res-0603');
    const material = results.filter({ hasText: 'RES-0603-10K' });
    await expect(material).toHaveCount(1);
    await expect(material).toContainText('Resistor 10 kΩ');
    await material.click();
    await expect(page).toHaveURL(/\/vi\/basic\/material\/[0-9a-f-]{36}$/);
    const frame = page.frameLocator('[data-testid="frame-basic"]');
    const screen = frame.locator('[data-route^="/basic/material/"]');
    await expect(screen.getByTestId('page-material')).toBeVisible();
    await expect(screen.getByTestId('search-code')).toHaveValue('RES-0603-10K');
    const rows = screen.getByTestId('resource-table').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('RES-0603-10K');
    await expect(rows.first().locator('input[type="checkbox"]')).toBeChecked();
    await expect(page.locator('[data-testid^="tab-/basic/material/"]')).toHaveText('Vật tư');

    // The Hanoi plant's workshops are not the Suzhou plant's to find.
    await page.getByTestId('search-open').click();
    await input.fill('HN-WS');
    await expect(panel.getByRole('status')).toContainText('HN-WS');
    await expect(results).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    expect(errors).toEqual([]);
  });
});
