/**
 * The shell's dialogs over the page (bridge openModal, 1.4.0): opened only for a screen of the user's
 * menu whose app is online, at most three deep; each resolves its opener once, with what it ended with.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showLanguage } from '../../shell/i18n';
import { appsAtom, menuAtom, store } from '../../shell/state/atoms';
import {
  MAX_MODALS,
  closeModal,
  dismissAllModals,
  modalsAtom,
  openModal,
  removeModal,
} from '../../shell/subapp/modals';
import { app, item } from './shell-fixtures';

beforeEach(async () => {
  dismissAllModals();
  store.set(modalsAtom, []);
  store.set(menuAtom, [
    {
      ...item('c', '', 'Catalogue'),
      type: 'catalogue',
      children: [item('1', '/basic/device', 'Devices'), item('2', '/mes/order', 'Work orders')],
    },
  ]);
  store.set(appsAtom, [app('basic', 'basic', true), app('mes', 'mes', false)]);
  await showLanguage('en');
});

describe('dialogs over the page', () => {
  it('opens a screen of the menu with its menu name, and resolves once with the value handed back', async () => {
    const opened = openModal('/basic/device', { size: 'small' });
    const [m] = store.get(modalsAtom);
    expect(m).toMatchObject({
      path: '/basic/device',
      title: 'Devices',
      size: 'small',
      drawer: false,
      app: { appType: 'basic' },
    });
    closeModal(m!.id, { done: true, value: { code: 'DEV-0003' } });
    closeModal(m!.id, { done: false });
    await expect(opened).resolves.toEqual({ done: true, value: { code: 'DEV-0003' } });
    // Answered, it fades out first; its frame goes when the exit animation ends.
    expect(store.get(modalsAtom)).toMatchObject([{ id: m!.id, closing: true }]);
    removeModal(m!.id);
    expect(store.get(modalsAtom)).toEqual([]);
  });

  it('a route below a menu entry opens too; an unknown size is large; a title of its own is kept, trimmed', () => {
    void openModal('/basic/device/1f0e4c1e-0000-4000-8000-000000000000', {
      size: 'huge' as 'large',
      title: '  Pick a device  ',
      drawer: true,
    });
    expect(store.get(modalsAtom)[0]).toMatchObject({ size: 'large', title: 'Pick a device', drawer: true });
  });

  it('refuses a path outside the menu, of an offline app, or not a path, with the reason', async () => {
    await expect(openModal('/platform/user')).rejects.toThrow('Cannot open /platform/user: it is not in your menu');
    await expect(openModal('/mes/order')).rejects.toThrow('Cannot open /mes/order: its app is offline');
    await expect(openModal('//evil.example/basic/device')).rejects.toThrow('not in your menu');
    await expect(openModal(42)).rejects.toThrow('not in your menu');
    expect(store.get(modalsAtom)).toEqual([]);
  });

  it(`stacks at most ${MAX_MODALS} deep, and dismissing all answers each opener "not done"`, async () => {
    const openers = Array.from({ length: MAX_MODALS }, () => openModal('/basic/device'));
    await expect(openModal('/basic/device')).rejects.toThrow('Too many dialogs are open');
    dismissAllModals();
    expect(await Promise.all(openers)).toEqual(Array.from({ length: MAX_MODALS }, () => ({ done: false })));
  });

  describe('a closed dialog fading out', () => {
    afterEach(() => vi.useRealTimers());

    it('no longer counts toward the depth, and leaves the page within a second even if its animation never ends', () => {
      vi.useFakeTimers();
      const ids = Array.from({ length: MAX_MODALS }, () => {
        void openModal('/basic/device');
        return store.get(modalsAtom).at(-1)!.id;
      });
      closeModal(ids[0]!, { done: false });
      void openModal('/basic/device');
      expect(store.get(modalsAtom).filter((m) => !m.closing)).toHaveLength(MAX_MODALS);
      expect(store.get(modalsAtom)).toHaveLength(MAX_MODALS + 1);
      vi.advanceTimersByTime(999);
      expect(store.get(modalsAtom).some((m) => m.id === ids[0])).toBe(true);
      vi.advanceTimersByTime(1);
      expect(store.get(modalsAtom).some((m) => m.id === ids[0])).toBe(false);
      expect(store.get(modalsAtom)).toHaveLength(MAX_MODALS);
    });
  });
});
