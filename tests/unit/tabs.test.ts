import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../model/menu';
import {
  MAX_TABS,
  closeOthers,
  closeRight,
  neighbourAfterClose,
  retitle,
  setKeepAlive,
  tabForPath,
} from '../../shell/layout/tabs';
import { matchRoute } from '../../subapps/kit/routing';
import { dialogWidth } from '../../subapps/kit/dialog';

const node = (id: string, path: string, name: string): MenuNode => ({
  id,
  path,
  functionName: name,
  type: 'menu',
  icon: null,
  productType: 'platform',
  productTypeName: 'Platform',
  hasAuth: true,
  children: [],
  buttonChildren: [],
  tabChildren: [],
});
const menu: MenuNode[] = [
  {
    ...node('c', '', 'System'),
    type: 'catalogue',
    children: [node('m1', '/platform/dict', 'Dictionaries'), node('m2', '/basic/unit', 'Units')],
  },
];

describe('tabs', () => {
  it('leaves the list as it is when the address shows a tab already open there', () => {
    const { tabs } = tabForPath(tabForPath([], menu, '/platform/dict').tabs, menu, '/basic/unit');
    const back = tabForPath(tabs, menu, '/platform/dict');
    expect(back.active.id).toBe('m1');
    expect(back.opened).toBe(false);
    // The same list, so the shell does not render again for it.
    expect(back.tabs).toBe(tabs);
  });

  it('opens one tab per menu entry and follows the app route inside it', () => {
    const first = tabForPath([], menu, '/platform/dict');
    expect(first.active).toMatchObject({ id: 'm1', title: 'Dictionaries', menuId: 'm1' });
    const again = tabForPath(first.tabs, menu, '/platform/dict/42');
    expect(again.tabs).toHaveLength(1);
    expect(again.active.path).toBe('/platform/dict/42');
    const second = tabForPath(again.tabs, menu, '/basic/unit');
    expect(second.tabs.map((t) => t.id)).toEqual(['m1', 'm2']);
  });

  it('keeps at most MAX_TABS tabs, closing the oldest and naming it', () => {
    let tabs = tabForPath([], menu, '/platform/dict').tabs;
    const evicted: string[] = [];
    for (let i = 0; i < MAX_TABS + 2; i++) {
      const move = tabForPath(tabs, menu, `/platform/x${i}`);
      tabs = move.tabs;
      if (move.evicted) evicted.push(move.evicted.id);
    }
    expect(tabs).toHaveLength(MAX_TABS);
    expect(tabs.some((t) => t.id === 'm1')).toBe(false);
    expect(evicted).toEqual(['m1', '/platform/x0', '/platform/x1']);
  });

  it('never closes a tab holding unsaved changes to stay within MAX_TABS: the oldest other one goes', () => {
    let tabs = tabForPath([], menu, '/platform/dict').tabs;
    for (let i = 0; i < MAX_TABS - 1; i++) tabs = tabForPath(tabs, menu, `/platform/x${i}`).tabs;
    const unsaved = new Set(['m1', '/platform/x0']);
    const move = tabForPath(tabs, menu, '/platform/more', (t) => unsaved.has(t.id));
    expect(move.evicted?.id).toBe('/platform/x1');
    expect(move.tabs).toHaveLength(MAX_TABS);
    expect(move.tabs.map((t) => t.id)).toEqual(expect.arrayContaining(['m1', '/platform/x0', '/platform/more']));
    // Every other tab unsaved too: none is closed.
    const all = tabForPath(move.tabs, menu, '/platform/last', () => true);
    expect(all.evicted).toBeNull();
    expect(all.tabs).toHaveLength(MAX_TABS + 1);
  });

  it('tells an opened tab from one shown again', () => {
    const first = tabForPath([], menu, '/platform/dict');
    expect(first.opened).toBe(true);
    expect(tabForPath(first.tabs, menu, '/platform/dict').opened).toBe(false);
  });

  it('closes the others, the ones to the right, and toggles keep-alive', () => {
    const tabs = ['a', 'b', 'c'].map((id) => ({ id, title: id, path: `/${id}`, menuId: null, keepAlive: true }));
    expect(closeOthers(tabs, 'b').map((t) => t.id)).toEqual(['b']);
    expect(closeRight(tabs, 'a').map((t) => t.id)).toEqual(['a']);
    expect(closeRight(tabs, 'c').map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(setKeepAlive(tabs, 'b', false).map((t) => t.keepAlive)).toEqual([true, false, true]);
  });

  it('shows the right neighbour after closing, else the left one', () => {
    const tabs = ['a', 'b', 'c'].map((id) => ({ id, title: id, path: `/${id}`, menuId: null, keepAlive: true }));
    expect(neighbourAfterClose(tabs, 'b')?.id).toBe('c');
    expect(neighbourAfterClose(tabs, 'c')?.id).toBe('b');
    expect(neighbourAfterClose(tabs.slice(0, 1), 'a')).toBeNull();
  });

  it('retitles tabs in the menu language', () => {
    const tabs = tabForPath([], menu, '/platform/dict').tabs;
    const zh = [{ ...menu[0]!, children: [node('m1', '/platform/dict', '字典管理')] }];
    expect(retitle(tabs, zh)[0]?.title).toBe('字典管理');
  });
});

describe('sub-app kit', () => {
  it('matches a route exactly, else its longest registered parent', () => {
    const A = () => null;
    const B = () => null;
    const routes = { '/platform/dict': A, '/platform/dict/items': B };
    expect(matchRoute(routes, '/platform/dict')).toBe(A);
    expect(matchRoute(routes, '/platform/dict/items/3')).toBe(B);
    expect(matchRoute(routes, '/platform/dictionary')).toBeNull();
  });

  it('sizes dialogs 400, 700 or 950 px by field count (SPEC §2)', () => {
    expect(dialogWidth(3)).toBe(400);
    expect(dialogWidth(6)).toBe(700);
    expect(dialogWidth(12)).toBe(950);
  });
});
