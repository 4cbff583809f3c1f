import { memo, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Layout as ArcoLayout, Message } from '@arco-design/web-react';
import { appForPath } from '../../model/app-routes';
import { endpoints } from '../api/endpoints';
import {
  activeTabIdAtom,
  appsAtom,
  factoryIdAtom,
  menuAtom,
  settingsAtom,
  store,
  tabsAtom,
  type Tab,
} from '../state/atoms';
import { isFullScreenPath, splitLanguage } from '../router/rules';
import { useLanguage } from '../hooks/useLanguage';
import { useApps } from '../subapp/useApps';
import { SubAppHost } from '../subapp/SubAppHost';
import { connectedChild } from '../subapp/children';
import { SideMenu } from './SideMenu';
import { TabsBar, type TabAction } from './TabsBar';
import { FactorySwitcher } from './FactorySwitcher';
import { OrgSwitcher } from './OrgSwitcher';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';
import { NoticeBell } from './NoticeBell';
import { TaskBell } from './TaskBell';
import { loadOverrides } from '../state/tenantTexts';
import { AlarmBell } from './AlarmBell';
import { HelpButton } from './HelpButton';
import { FavouriteButton } from './FavouriteButton';
import { ModalHost } from '../subapp/ModalHost';
import { SearchBox } from './SearchBox';
import { ShortcutList } from './ShortcutList';
import { helpOpenAtom, searchOpenAtom, shortcutListOpenAtom, useShellShortcuts } from './shortcuts';
import { confirmDiscard, forgetUnsaved, unsavedTabsAtom, useAskBeforeUnload } from './unsaved';
import { navigateUrgently } from '../router/ShellRouter';
import { afterScreen } from '../subapp/firstScreen';
import {
  MAX_TABS,
  closeOthers,
  closeRight,
  neighbourAfterClose,
  retitle,
  setKeepAlive,
  tabForPath,
  tabIdFor,
} from './tabs';

// The header's parts that do not follow the route: a switch of tabs does not render them again.
const HeaderSwitchers = memo(function HeaderSwitchers() {
  return (
    <div className="portal-header-left">
      <FactorySwitcher />
      <OrgSwitcher />
    </div>
  );
});
const HeaderSearch = memo(SearchBox);
const askBeforeLanguage = () => confirmDiscard();
const HeaderTools = memo(function HeaderTools() {
  return (
    <>
      <HelpButton />
      <AlarmBell />
      <NoticeBell />
      <TaskBell />
      <LanguageSwitch beforeChange={askBeforeLanguage} />
      <UserMenu />
    </>
  );
});

/** The shell's frame: menu, header with switchers, tabs, and the sub-application frames. */
export function Layout() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const lang = useLanguage();
  const menu = useAtomValue(menuAtom);
  const factoryId = useAtomValue(factoryIdAtom);
  const settings = useAtomValue(settingsAtom);
  const [tabs, setTabs] = useAtom(tabsAtom);
  const setActiveId = useSetAtom(activeTabIdAtom);
  const apps = useAtomValue(appsAtom);
  const path = splitLanguage(location.pathname)?.path ?? '/';
  useApps();
  // The tenant's own words, once per shell load (and again when a sub-app changes them).
  useEffect(() => {
    void loadOverrides();
  }, []);
  // Paths whose tab was closed: opened again, they start afresh instead of from the app's cache.
  const closedPaths = useRef(new Set<string>());
  // A tab to reload once its app has been navigated to it (the frame's effects run first).
  const pendingRefresh = useRef<string | null>(null);

  const refreshTab = (tab: Tab) => {
    const app = appForPath(apps, tab.path);
    const child = app ? connectedChild(app.id) : undefined;
    void child?.remote.refresh().catch(() => undefined);
  };

  const fullScreen = isFullScreenPath(path);

  useEffect(() => {
    if (path === '/' || fullScreen) return;
    const unsaved = store.get(unsavedTabsAtom);
    const { tabs: next, active, opened, evicted } = tabForPath(tabs, menu, path, (tab) => unsaved.has(tab.id));
    const returning = !opened && active.id !== store.get(activeTabIdAtom) && !active.keepAlive;
    const reopened = opened && closedPaths.current.delete(active.path);
    if (returning || reopened) pendingRefresh.current = active.id;
    if (evicted) {
      closedPaths.current.add(evicted.path);
      Message.info(t('tabs.evicted', { title: evicted.title, max: MAX_TABS }));
    }
    setTabs(next);
    setActiveId(active.id);
    const menuId = active.menuId;
    if (factoryId && menuId) afterScreen(() => void endpoints.recordAccess(factoryId, menuId));
    // Runs on navigation only; tabs are written here, not read as a trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  useEffect(() => {
    setTabs((current) => retitle(current, menu));
  }, [menu, setTabs]);

  // The tab of the address, known in the render that follows the URL (the effect above opens a new
  // one and records it); until a new tab exists, the one recorded last.
  const shownId = tabIdFor(menu, path);
  const activeTab =
    tabs.find((tab) => tab.id === shownId) ?? tabs.find((tab) => tab.id === store.get(activeTabIdAtom)) ?? null;
  const activeId = activeTab?.id ?? null;

  useEffect(() => {
    if (!activeTab || pendingRefresh.current !== activeTab.id) return;
    pendingRefresh.current = null;
    refreshTab(activeTab);
    // Runs when the active tab or its route changes, after the frame was told the route.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeTab?.id, activeTab?.path]);

  useAskBeforeUnload();

  /**
   * Keeps `next` as the open tabs, once the user lets go of what the closing ones hold unsaved;
   * shows a neighbour when the active one closed.
   */
  function keepTabs(next: Tab[], preferred: Tab | null) {
    const closing = tabs.filter((tab) => !next.some((n) => n.id === tab.id));
    const unsaved = store.get(unsavedTabsAtom);
    // Nothing unsaved among them (the usual case): closed at once, within the click that asked.
    if (closing.some((tab) => unsaved.has(tab.id))) {
      void confirmDiscard(closing.map((tab) => tab.id)).then((ok) => {
        if (ok) closeTabs(closing, next, preferred);
      });
    } else {
      closeTabs(closing, next, preferred);
    }
  }

  function closeTabs(closing: Tab[], next: Tab[], preferred: Tab | null) {
    forgetUnsaved(closing.map((tab) => tab.id));
    for (const tab of closing) closedPaths.current.add(tab.path);
    setTabs(next);
    if (activeId && next.some((n) => n.id === activeId)) return;
    const target = preferred && next.some((n) => n.id === preferred.id) ? preferred : (next[next.length - 1] ?? null);
    navigate(target ? `/${lang}${target.path}` : `/${lang}`);
  }

  /** Opens a tab's route unless the address already shows it (read live: the render may lag the URL). */
  function selectTab(tab: Tab) {
    const to = `/${lang}${tab.path}`;
    // Its app's frame is on the page already: shown within the click.
    if (window.location.pathname !== to) navigateUrgently(() => navigate(to));
  }

  function closeTab(id: string) {
    keepTabs(
      tabs.filter((tab) => tab.id !== id),
      neighbourAfterClose(tabs, id),
    );
  }

  const setSearchOpen = useSetAtom(searchOpenAtom);
  const setHelpOpen = useSetAtom(helpOpenAtom);
  const setShortcutListOpen = useSetAtom(shortcutListOpenAtom);
  useShellShortcuts((name) => {
    const at = tabs.findIndex((tab) => tab.id === activeId);
    switch (name) {
      case 'search':
        setSearchOpen(true);
        break;
      case 'help':
        setHelpOpen(true);
        break;
      case 'shortcuts':
        setShortcutListOpen(true);
        break;
      case 'nextTab':
      case 'previousTab': {
        if (tabs.length < 2 || at < 0) break;
        selectTab(tabs[(at + (name === 'nextTab' ? 1 : tabs.length - 1)) % tabs.length]!);
        break;
      }
      case 'closeTab':
        if (activeId) closeTab(activeId);
        break;
    }
  });

  function onTabAction(action: TabAction, tab: Tab) {
    switch (action) {
      case 'refresh':
        if (tab.id === activeId) refreshTab(tab);
        else {
          pendingRefresh.current = tab.id;
          navigate(`/${lang}${tab.path}`);
        }
        break;
      case 'keepAlive':
        setTabs(setKeepAlive(tabs, tab.id, !tab.keepAlive));
        break;
      case 'close':
        closeTab(tab.id);
        break;
      case 'closeOthers':
        keepTabs(closeOthers(tabs, tab.id), tab);
        break;
      case 'closeRight':
        keepTabs(closeRight(tabs, tab.id), tab);
        break;
    }
  }

  if (fullScreen) {
    // A full-screen app is not a tab: it fills the window, and the browser's back returns to the tabs.
    const screen: Tab = { id: path, title: path, path, menuId: null, keepAlive: false };
    return (
      <div className={`portal-fullscreen font-${settings.size}`} data-testid="fullscreen">
        <SubAppHost tabs={[screen]} activeTab={screen} />
      </div>
    );
  }

  return (
    <ArcoLayout className={`portal-layout font-${settings.size}`}>
      <ArcoLayout.Sider className="portal-sider" width={220} collapsible breakpoint="lg">
        <div className="portal-logo">{t('app.name')}</div>
        <SideMenu activePath={activeTab ? activeTab.path : null} />
      </ArcoLayout.Sider>
      <ArcoLayout>
        <ArcoLayout.Header className="portal-header">
          <HeaderSwitchers />
          <div className="portal-header-right">
            <HeaderSearch />
            <FavouriteButton path={activeTab ? activeTab.path : null} />
            <HeaderTools />
          </div>
        </ArcoLayout.Header>
        <TabsBar
          tabs={tabs}
          activeId={activeId}
          onSelect={(tab) => selectTab(tab)}
          onClose={closeTab}
          onAction={onTabAction}
        />
        <ArcoLayout.Content className="portal-content">
          <SubAppHost tabs={tabs} activeTab={activeTab} />
        </ArcoLayout.Content>
        <ShortcutList appId={activeTab ? (appForPath(apps, activeTab.path)?.id ?? null) : null} />
        <ModalHost />
      </ArcoLayout>
    </ArcoLayout>
  );
}
