import { atom, getDefaultStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { AppDescriptor, CurrentUser, Language, MenuNode } from '../../model';
import type { FontSize } from '../../bridge/protocol';
import { storageKey } from './storage';
import { resolveTheme, systemIsDark, watchSystemTheme, type ThemeChoice } from '../theme';

const local = <T>() => createJSONStorage<T>(() => localStorage);
const session = <T>() => createJSONStorage<T>(() => sessionStorage);
const persisted = <T>(name: string, initial: T, where: 'local' | 'session' = 'local') =>
  atomWithStorage<T>(storageKey(name), initial, where === 'local' ? local<T>() : session<T>(), { getOnInit: true });

export const store = getDefaultStore();

/** The session token; only the shell ever holds it (DESIGN §1). */
export const tokenAtom = persisted<string | null>('token', null);
/**
 * Whether the session of this page began with a login on it (not found at its load): the portal's
 * modules may load after the login's token was set, and still tell a login from a reload.
 */
export const sessionBegun = { byLogin: false };
/** False once any call answered 401 (SPEC §4). */
export const tokenValidAtom = atom(true);
export const userAtom = persisted<CurrentUser | null>('user', null);
export const factoryIdAtom = persisted<string | null>('factoryId', null);
export const orgCodeAtom = persisted<string | null>('orgCode', null);

export interface Settings {
  polling: boolean;
  size: FontSize;
  currentLang: Language | null;
  /** Absent in settings kept before the theme existed: light. */
  theme?: ThemeChoice;
}
export const settingsAtom = persisted<Settings>('settings', {
  polling: true,
  size: 'small',
  currentLang: null,
  theme: 'light',
});

/** Whether the operating system is in dark mode, followed live while anything reads the theme. */
const systemDarkAtom = atom(systemIsDark());
systemDarkAtom.onMount = (set) => watchSystemTheme(() => set(systemIsDark()));
/** The theme shown by the shell and handed to every sub-app (`context.theme`). */
export const themeAtom = atom((get) => resolveTheme(get(settingsAtom).theme, get(systemDarkAtom)));

/** The menu tree of the current factory, and whether it has been loaded (SPEC §4). */
export const menuAtom = atom<MenuNode[]>([]);
export const menuLoadedAtom = atom(false);
/** The language the menu's names are in; another language fetches it again. */
export const menuLanguageAtom = atom<string | null>(null);

/** A routing or menu error kept for the 500 page (SPEC §2). */
export const errorTextAtom = persisted<string | null>('errorText', null, 'session');
/** A message for the login page, e.g. after the session ended. */
export const loginNoticeAtom = persisted<string | null>('loginNotice', null, 'session');

export interface AppState extends AppDescriptor {
  /** Result of the shell's availability probe; null while probing. */
  probed: boolean | null;
}
export const appsAtom = atom<AppState[]>([]);
/** Whether the registry has answered (until then no path can be said to belong to no app). */
export const appsLoadedAtom = atom(false);

export interface Tab {
  id: string;
  title: string;
  /** Path without the language segment. */
  path: string;
  menuId: string | null;
  keepAlive: boolean;
}
export const tabsAtom = persisted<Tab[]>('tabs', [], 'session');
export const activeTabIdAtom = persisted<string | null>('activeTab', null, 'session');

/** Per-browser uuid sent as X-Client-Id (SPEC §7). */
export function clientId(): string {
  const key = storageKey('clientId');
  let id = localStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(key, id);
  }
  return id;
}

/** Where each user last worked on this browser: kept over a logout for that user, never handed to the next. */
interface Workplace {
  factoryId: string | null;
  orgCode: string | null;
}
const workplaceKey = (userId: string) => storageKey(`workplace:${userId}`);

export function lastWorkplace(userId: string): Workplace | null {
  try {
    return JSON.parse(localStorage.getItem(workplaceKey(userId)) ?? 'null') as Workplace | null;
  } catch {
    return null;
  }
}

/** Forget everything of the session (logout or an invalid token). */
export function clearSession() {
  const user = store.get(userAtom);
  if (user)
    localStorage.setItem(
      workplaceKey(user.id),
      JSON.stringify({ factoryId: store.get(factoryIdAtom), orgCode: store.get(orgCodeAtom) }),
    );
  store.set(factoryIdAtom, null);
  store.set(orgCodeAtom, null);
  store.set(tokenAtom, null);
  store.set(userAtom, null);
  store.set(menuAtom, []);
  store.set(menuLoadedAtom, false);
  store.set(appsLoadedAtom, false);
  store.set(tabsAtom, []);
  store.set(activeTabIdAtom, null);
}

/** Work in progress that the top progress bar shows (navigation, menu loading, frame loading). */
export const busyAtom = atom(0);

/** Bumped when the tenant's language list may have changed; the language switch reads it again. */
export const corpVersionAtom = atom(0);
