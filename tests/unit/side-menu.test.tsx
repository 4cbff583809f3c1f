import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Provider, createStore } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { i18n, showLanguage } from '../../shell/i18n';
import { appsAtom, appsLoadedAtom, menuAtom, type AppState } from '../../shell/state/atoms';
import { SideMenu } from '../../shell/layout/SideMenu';
import { app, item } from './shell-fixtures';

async function renderMenu(apps: AppState[], loaded = true) {
  const store = createStore();
  store.set(menuAtom, [
    {
      ...item('c', '', 'Catalogue'),
      type: 'catalogue',
      children: [
        item('1', '/platform/dict', 'Dictionaries'),
        item('2', '/mes/order', 'Work orders'),
        item('3', '/qms/check', 'Checks'),
      ],
    },
  ]);
  store.set(appsAtom, apps);
  store.set(appsLoadedAtom, loaded);
  await showLanguage('en');
  render(
    <I18nextProvider i18n={i18n}>
      <Provider store={store}>
        <MemoryRouter initialEntries={['/en/platform/dict']}>
          <SideMenu activePath="/platform/dict" />
        </MemoryRouter>
      </Provider>
    </I18nextProvider>,
  );
}

describe('side menu and the availability probe', () => {
  it('marks entries of an app that failed its probe, or that no app serves, as offline', async () => {
    await renderMenu([app('platform', 'platform', true), app('mes', 'mes', false)]);
    expect(screen.getByTestId('menu-/platform/dict').textContent).toBe('Dictionaries');
    expect(screen.getByTestId('menu-/mes/order').textContent).toBe('Work ordersoffline');
    // No registered app serves qms at all.
    expect(screen.getByTestId('menu-/qms/check').textContent).toContain('offline');
  });

  it('does not call an app offline while its probe is still running', async () => {
    await renderMenu([app('platform', 'platform', null), app('mes', 'mes', null), app('qms', 'qms', null)]);
    expect(screen.getByTestId('menu-/mes/order').textContent).toBe('Work orders');
  });

  it('calls nothing offline before the registry has answered', async () => {
    await renderMenu([], false);
    expect(screen.getByTestId('menu-/qms/check').textContent).toBe('Checks');
  });
});
