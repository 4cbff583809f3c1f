/**
 * Screens opened over the page (bridge `openModal`, since 1.4.0): a stack of dialogs, each a route of
 * any app in a frame of its own; each resolves its opener's promise once, when it closes.
 */
import { atom } from 'jotai';
import { MODAL_SIZES, type ModalOptions, type ModalOutcome, type ModalSize } from '../../bridge/protocol';
import { appForPath } from '../../model/app-routes';
import { findMenuByPath, menuPaths } from '../../model/menu-tree';
import { i18n } from '../i18n';
import { inMenu } from '../router/rules';
import { appsAtom, menuAtom, store, type AppState } from '../state/atoms';

export interface OpenModal {
  id: number;
  app: AppState;
  path: string;
  title: string;
  size: ModalSize;
  drawer: boolean;
  /** Its screen holds changes not yet saved (setDirty): dismissing it asks first. */
  dirty: boolean;
  /** Answered and fading out: gone from the stack once its exit animation ends (removeModal). */
  closing?: boolean;
}

/** How long a closed dialog may stay on the page at most, should its exit animation never report its end. */
const EXIT_AT_MOST_MS = 1000;

/** Dialogs stacked this deep at most: a screen opening itself over and over stops here. */
export const MAX_MODALS = 3;

export const modalsAtom = atom<OpenModal[]>([]);
const waiting = new Map<number, (outcome: ModalOutcome) => void>();
let lastId = 0;

/** Opens `path` over the page; refused (an Error the opener sees) for a path outside the user's menu or of an offline app. */
export function openModal(path: unknown, options: ModalOptions = {}): Promise<ModalOutcome> {
  const menu = store.get(menuAtom);
  const refuse = (key: string) => Promise.reject(new Error(i18n.t(`shell:modal.${key}`, { path: String(path) })));
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || !inMenu(path, menuPaths(menu)))
    return refuse('notInMenu');
  const app = appForPath(store.get(appsAtom), path);
  if (!app || app.probed === false) return refuse('offline');
  if (store.get(modalsAtom).filter((m) => !m.closing).length >= MAX_MODALS) return refuse('tooDeep');
  const id = ++lastId;
  const title =
    typeof options.title === 'string' && options.title.trim()
      ? options.title.trim().slice(0, 120)
      : (findMenuByPath(menu, path)?.functionName ?? path);
  const size = MODAL_SIZES.includes(options.size as ModalSize) ? (options.size as ModalSize) : 'large';
  store.set(modalsAtom, (open) => [
    ...open,
    { id, app, path, title, size, drawer: options.drawer === true, dirty: false },
  ]);
  return new Promise((resolve) => waiting.set(id, resolve));
}

/**
 * Closes a dialog, telling its opener how it ended (once; a second close of the same dialog does nothing).
 * The dialog fades out before its frame goes: the click that answered it has finished in that frame by
 * then, rather than the frame being torn down inside its own click.
 */
export function closeModal(id: number, outcome: ModalOutcome): void {
  const resolve = waiting.get(id);
  if (!resolve) return;
  waiting.delete(id);
  store.set(modalsAtom, (open) => open.map((m) => (m.id === id ? { ...m, closing: true } : m)));
  setTimeout(() => removeModal(id), EXIT_AT_MOST_MS);
  resolve(outcome);
}

/** Takes a closed dialog off the page (its exit animation ended). */
export function removeModal(id: number): void {
  store.set(modalsAtom, (open) => (open.some((m) => m.id === id) ? open.filter((m) => m.id !== id) : open));
}

/** Closes every dialog as dismissed (the session ended, the factory changed). */
export function dismissAllModals(): void {
  for (const m of store.get(modalsAtom)) closeModal(m.id, { done: false });
}

export function setModalTitle(id: number, title: string): void {
  store.set(modalsAtom, (open) =>
    open.map((m) =>
      m.id === id && typeof title === 'string' && title.trim() ? { ...m, title: title.trim().slice(0, 120) } : m,
    ),
  );
}

export function setModalDirty(id: number, dirty: boolean): void {
  store.set(modalsAtom, (open) => open.map((m) => (m.id === id ? { ...m, dirty } : m)));
}
