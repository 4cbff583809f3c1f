import type { MenuNode } from '../../model';
import { findMenuByPath } from '../../model/menu';
import type { Tab } from '../state/atoms';

export const MAX_TABS = 20;

/** The tab a path belongs to: one tab per menu entry, its path following the app's own route. */
export function tabForPath(tabs: readonly Tab[], menu: readonly MenuNode[], path: string): { tabs: Tab[]; active: Tab } {
  const node = findMenuByPath(menu, path);
  const id = node?.id ?? path;
  const existing = tabs.find((t) => t.id === id);
  if (existing) {
    const active = existing.path === path ? existing : { ...existing, path };
    return { tabs: tabs.map((t) => (t.id === id ? active : t)), active };
  }
  const created: Tab = { id, title: node?.functionName ?? path, path, menuId: node?.id ?? null, keepAlive: true };
  const next = [...tabs, created];
  // Beyond the bound, the oldest tab that is not the new one closes.
  return { tabs: next.length > MAX_TABS ? next.slice(next.length - MAX_TABS) : next, active: created };
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
