import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n, showLanguage } from '../../shell/i18n';
import type { Tab } from '../../shell/state/atoms';
import { TabsBar } from '../../shell/layout/TabsBar';

const tab = (id: string, path: string, title: string): Tab => ({ id, path, title, menuId: id, keepAlive: true });
const tabs = [tab('home', '/home', 'Workbench'), tab('customer', '/basic/customer', 'Customers')];

async function renderBar(activeId: string) {
  const onSelect = vi.fn<(t: Tab) => void>();
  await showLanguage('en');
  render(
    <I18nextProvider i18n={i18n}>
      <TabsBar tabs={tabs} activeId={activeId} onSelect={onSelect} onClose={() => {}} onAction={() => {}} />
    </I18nextProvider>,
  );
  return onSelect;
}

describe('tab bar', () => {
  it('opens the tab clicked', async () => {
    const onSelect = await renderBar('home');
    fireEvent.click(screen.getByTestId('tab-/basic/customer'));
    expect(onSelect.mock.calls.map(([t]) => t.path)).toEqual(['/basic/customer']);
  });

  // A sub-app moved the address to another screen and the bar has not rendered it yet: the tab it
  // still shows as active is the one the user clicks to go back, and the click must not be lost.
  it('opens the tab clicked even when the bar still shows it as the active one', async () => {
    const onSelect = await renderBar('home');
    fireEvent.click(screen.getByTestId('tab-/home'));
    expect(onSelect.mock.calls.map(([t]) => t.path)).toEqual(['/home']);
  });
});
