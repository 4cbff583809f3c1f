import type { MutableRefObject } from 'react';
import { findMenuByPath } from '../../model/menu-tree';
import { menuAtom, store, tabsAtom, type AppState, type Tab } from '../state/atoms';
import { neighbourAfterClose } from '../layout/tabs';
import { forgetUnsaved, markUnsaved } from '../layout/unsaved';
import { setAppRoute } from './context';
import { ownsPath } from './appRoutes';
import type { HostDeps } from './hostHandlers';

/** What a tabbed frame's handlers need of the frame: the route it shows, and how it moves the shell. */
export interface TabbedFrame {
  app: AppState;
  /** The app's route the frame shows (kept by the frame, moved by the app's own route changes). */
  shownPath: MutableRefObject<string>;
  isActive: () => boolean;
  /** Opens a shell route (path without language). */
  navigate: (path: string, opts: { replace?: boolean }) => void;
}

/** The bridge's handlers that act on the frame's tab: its route, title, closing and unsaved changes. */
export function frameTabDeps(frame: TabbedFrame): Omit<HostDeps, 'modal'> {
  const { app, shownPath } = frame;
  const retab = (update: (tabs: Tab[]) => Tab[]) => store.set(tabsAtom, update(store.get(tabsAtom)));
  return {
    appId: app.id,
    navigate: frame.navigate,
    ownsPath: (to) => ownsPath(app.prefixPath, to),
    isActive: frame.isActive,
    rememberRoute: (to) => {
      const from = shownPath.current;
      shownPath.current = to;
      setAppRoute(app.id, to);
      retab((tabs) => tabs.map((tab) => (tab.path === from ? { ...tab, path: to } : tab)));
    },
    closeTab: () => {
      const tabs = store.get(tabsAtom);
      const closing = tabs.find((tab) => tab.path === shownPath.current);
      if (!closing) return;
      const neighbour = neighbourAfterClose(tabs, closing.id);
      // The app closes its own tab: whatever it held unsaved is its own decision.
      forgetUnsaved([closing.id]);
      store.set(
        tabsAtom,
        tabs.filter((tab) => tab.id !== closing.id),
      );
      // The shown tab closed: show its neighbour, as the tab bar's close button does.
      if (frame.isActive()) frame.navigate(neighbour ? neighbour.path : '', {});
    },
    setTitle: (title) => retab((tabs) => tabs.map((tab) => (tab.path === shownPath.current ? { ...tab, title } : tab))),
    setDirty: (dirty, to) => {
      const route = to !== null && ownsPath(app.prefixPath, to) ? to : shownPath.current;
      const tabs = store.get(tabsAtom);
      const menuId = findMenuByPath(store.get(menuAtom), route)?.id;
      const tab = tabs.find((t) => t.path === route) ?? tabs.find((t) => t.id === menuId);
      if (tab) markUnsaved(tab.id, dirty);
    },
  };
}
