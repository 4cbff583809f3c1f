/** Steps the browser tests share on the portal's screens: open a sub-app screen, pick options, read rows, answer the shell. */
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { clickInPopup } from './support';

/** Opens `/<prefix>/<name>` in the shell and answers the app's frame once the screen shows. */
export async function openScreen(page: Page, name: string, app = 'basic'): Promise<FrameLocator> {
  await page.goto(`/en/${app}/${name}`);
  const frame = page.frameLocator(`[data-testid="frame-${app}"]`);
  await expect(frame.getByTestId(`page-${name}`)).toBeVisible();
  return frame;
}

/** The options matching `option` in the Arco select pop-up open in `scope` (click them with clickInPopup). */
export const popupOption = (scope: Page | FrameLocator, option: string | RegExp) =>
  scope.locator('.arco-select-popup:visible .arco-select-option').filter({ hasText: option });

/** Picks an option of an Arco select; `search` types into it first (searchable selects ask the server). */
export async function choose(frame: FrameLocator, testId: string, option: string | RegExp, search?: string) {
  const select = frame.getByTestId(testId);
  await select.click();
  if (search !== undefined) await select.locator('input').fill(search);
  const item = popupOption(frame, option).first();
  // A click during the popup's opening animation was once lost (a search by "Frozen" ran unfiltered).
  const label = (await item.innerText()).trim();
  await clickInPopup(item);
  await expect(select).toContainText(label);
}

export const dialog = (frame: FrameLocator) => frame.locator('.arco-modal:visible');
export const rowOf = (frame: FrameLocator, code: string) =>
  frame.getByTestId('resource-table').locator('tr', { has: frame.getByRole('cell', { name: code, exact: true }) });

/** The shell draws toasts and confirmations over the whole page (DESIGN §6). */
export const toast = (page: Page, text: string | RegExp) => page.locator('.arco-message').filter({ hasText: text });
export async function confirmInShell(page: Page, content?: RegExp) {
  const modal = page.locator('.arco-modal:visible');
  if (content) await expect(modal).toContainText(content);
  await modal.getByRole('button', { name: 'OK' }).click();
}

export async function search(frame: FrameLocator, field: string, value: string) {
  await frame.getByTestId(`search-${field}`).fill(value);
  await frame.getByTestId('btn-search').click();
}
