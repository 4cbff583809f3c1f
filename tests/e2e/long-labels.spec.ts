/**
 * Long translations fit (issue 20, item 8): in Spanish, at the small and the large font size, no
 * menu entry, catalogue or the portal's title is cut ("Registro de inicios de s…"); they wrap in
 * the side menu. The header's switchers keep their width and show the whole name on hover.
 */
import { expect, test, type Locator } from '@playwright/test';
import { chooseFontSize, login, watchConsole } from './support';

/** Texts of the elements whose content overflows their box (cut with an ellipsis, or hidden). */
const cut = (elements: Locator) =>
  elements.evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter(
        (el) =>
          el.scrollWidth > el.clientWidth + 1 ||
          el.getBoundingClientRect().right > el.closest('.portal-sider')!.getBoundingClientRect().right,
      )
      .map((el) => el.textContent ?? ''),
  );

const SIDER_TEXT =
  '.portal-logo, .side-menu .arco-menu-item, .side-menu .arco-menu-inline-header, .side-menu .arco-menu-item-inner';

test('Spanish names in the side menu and the title wrap instead of being cut, at small and large font sizes', async ({
  page,
}) => {
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 1366, height: 800 });
  await login(page, 'es');
  const loginLog = page.getByTestId('menu-/log/login-log');
  await expect(loginLog).toBeVisible();
  await expect(loginLog).toContainText('Registro de inicios de sesión');
  await expect(page.locator('.portal-logo')).toHaveText('Portal de ejecución de fabricación');
  for (const size of ['small', 'large'] as const) {
    await chooseFontSize(page, size);
    expect(await cut(page.locator(SIDER_TEXT)), `cut at ${size}`).toEqual([]);
  }
  // The switchers keep their width; hovering shows the whole name.
  const factory = page.getByTestId('factory-switcher');
  await expect(factory.locator('xpath=..')).toHaveAttribute('title', /\(F001\)$/);
  expect(errors).toEqual([]);
});
