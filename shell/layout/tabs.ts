import type { MenuNode } from '../../model';
import { findMenuByPath } from '../../model/menu-tree';
import type { Tab } from '../state/atoms';

export const MAX_TABS = 20;

/** The tab a path belongs to: one tab per menu entry, its path following the app's own route. */
export interface TabMove {
  tabs: Tab[];
  active: Tab;
  /** Whether the tab was opened by this move (not an existing one shown again). */
  opened: boolean;
  /** The tab closed to stay within MAX_TABS, to tell the user. */
  evicted: Tab | null;
}

/** The id of the tab that shows `path`: its menu entry's, or the path itself off the menu. */
export function tabIdFor(menu: readonly MenuNode[], path: string): string {
  return findMenuByPath(menu, path)?.id ?? path;
}

/** `unsaved`: tabs holding unsaved changes, never closed to stay within MAX_TABS (the oldest other one is). */
export function tabForPath(
  tabs: Tab[],
  menu: readonly MenuNode[],
  path: string,
  unsaved: (tab: Tab) => boolean = () => false,
): TabMove {
  const id = tabIdFor(menu, path);
  const existing = tabs.find((t) => t.id === id);
  if (existing) {
    // Unchanged, the same list: nothing re-renders for a tab already shown at this path.
    if (existing.path === path) return { tabs, active: existing, opened: false, evicted: null };
    const active = { ...existing, path };
    return { tabs: tabs.map((t) => (t.id === id ? active : t)), active, opened: false, evicted: null };
  }
  const node = findMenuByPath(menu, path);
  const created: Tab = { id, title: node?.functionName ?? path, path, menuId: node?.id ?? null, keepAlive: true };
  const next = [...tabs, created];
  if (next.length <= MAX_TABS) return { tabs: next, active: created, opened: true, evicted: null };
  // Beyond the bound, the oldest tab without unsaved changes closes, and the user is told which.
  const evicted = next.find((t) => t !== created && !unsaved(t)) ?? null;
  return { tabs: evicted ? next.filter((t) => t !== evicted) : next, active: created, opened: true, evicted };
}

/** Closes every tab but `id`. */
export function closeOthers(tabs: readonly Tab[], id: string): Tab[] {
  return tabs.filter((t) => t.id === id);
}

/** Closes the tabs to the right of `id`. */
export function closeRight(tabs: readonly Tab[], id: string): Tab[] {
  const i = tabs.findIndex((t) => t.id === id);
  return i < 0 ? [...tabs] : tabs.slice(0, i + 1);
}

export function setKeepAlive(tabs: readonly Tab[], id: string, keepAlive: boolean): Tab[] {
  return tabs.map((t) => (t.id === id ? { ...t, keepAlive } : t));
}

/** Titles follow the menu's language after a language switch or a menu reload. */
export function retitle(tabs: readonly Tab[], menu: readonly MenuNode[]): Tab[] {
  return tabs.map((t) => {
    const node = findMenuByPath(menu, t.path);
    return node && node.functionName !== t.title ? { ...t, title: node.functionName } : t;
  });
}

/** The tab to show after closing `id`: its right neighbour, else its left one. */
export function neighbourAfterClose(tabs: readonly Tab[], id: string): Tab | null {
  const i = tabs.findIndex((t) => t.id === id);
  if (i < 0) return null;
  return tabs[i + 1] ?? tabs[i - 1] ?? null;
}
