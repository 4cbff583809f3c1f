/**
 * Unsaved changes per tab (bridge `setDirty`, since 1.3.0): a screen says it holds changes not yet
 * saved, and the shell asks before anything would throw them away — closing the tab, switching
 * factory, organisation or language, logging out, reloading or leaving the page.
 */
import { useEffect } from 'react';
import { atom } from 'jotai';
import { Modal, type ButtonProps } from '@arco-design/web-react';
import { i18n } from '../i18n';
import { store, tabsAtom } from '../state/atoms';

/** The ids of the tabs whose screens hold unsaved changes. */
export const unsavedTabsAtom = atom<ReadonlySet<string>>(new Set<string>());

export function markUnsaved(tabId: string, dirty: boolean): void {
  const now = store.get(unsavedTabsAtom);
  if (now.has(tabId) === dirty) return;
  const next = new Set(now);
  if (dirty) next.add(tabId);
  else next.delete(tabId);
  store.set(unsavedTabsAtom, next);
}

export function forgetUnsaved(tabIds: readonly string[]): void {
  for (const id of tabIds) markUnsaved(id, false);
}

/**
 * Whether the unsaved changes of `tabIds` (of every tab when left out) may go: at once when none has
 * any, else once the user confirms a question naming their screens; their marks are then cleared.
 */
export function confirmDiscard(tabIds?: readonly string[]): Promise<boolean> {
  const unsaved = store.get(unsavedTabsAtom);
  const tabs = store.get(tabsAtom).filter((tab) => unsaved.has(tab.id) && (!tabIds || tabIds.includes(tab.id)));
  if (tabs.length === 0) return Promise.resolve(true);
  return askToDiscard(
    tabs.map((tab) => tab.title),
    () => forgetUnsaved(tabs.map((tab) => tab.id)),
  );
}

/** Asks whether the unsaved changes of the screens titled `titles` may be thrown away; true when they may. */
export function askToDiscard(titleList: readonly string[], onDiscard: () => void = () => undefined): Promise<boolean> {
  const titles = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(titleList);
  return new Promise((resolve) => {
    Modal.confirm({
      title: i18n.t('shell:unsaved.title'),
      content: (
        <span data-testid="unsaved-question">
          {i18n.t('shell:unsaved.content', { count: titleList.length, titles })}
        </span>
      ),
      okText: i18n.t('shell:unsaved.discard'),
      cancelText: i18n.t('shell:unsaved.keep'),
      okButtonProps: { status: 'danger', 'data-testid': 'unsaved-discard' } as ButtonProps,
      cancelButtonProps: { 'data-testid': 'unsaved-keep' } as ButtonProps,
      onOk: () => {
        onDiscard();
        resolve(true);
      },
      onCancel: () => resolve(false),
    });
  });
}

/** The browser's own question when the page is reloaded or left while any screen holds unsaved changes. */
export function useAskBeforeUnload(): void {
  useEffect(() => {
    const onLeave = (e: BeforeUnloadEvent) => {
      if (store.get(unsavedTabsAtom).size === 0) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, []);
}
