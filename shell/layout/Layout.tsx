import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Layout as ArcoLayout } from '@arco-design/web-react';
import { endpoints } from '../api/endpoints';
import { activeTabIdAtom, factoryIdAtom, menuAtom, settingsAtom, tabsAtom } from '../state/atoms';
import { splitLanguage } from '../router/rules';
import { useLanguage } from '../hooks/useLanguage';
import { useApps } from '../subapp/useApps';
import { SubAppHost } from '../subapp/SubAppHost';
import { SideMenu } from './SideMenu';
import { TabsBar } from './TabsBar';
import { FactorySwitcher } from './FactorySwitcher';
import { OrgSwitcher } from './OrgSwitcher';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';
import { NoticeBell } from './NoticeBell';
import { HelpButton } from './HelpButton';
import { neighbourAfterClose, retitle, tabForPath } from './tabs';

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
  const [activeId, setActiveId] = useAtom(activeTabIdAtom);
  const path = splitLanguage(location.pathname)?.path ?? '/';
  useApps();

  useEffect(() => {
    if (path === '/') return;
    const { tabs: next, active } = tabForPath(tabs, menu, path);
    setTabs(next);
    setActiveId(active.id);
    if (factoryId && active.menuId) void endpoints.recordAccess(factoryId, active.menuId);
    // Runs on navigation only; tabs are written here, not read as a trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  useEffect(() => { setTabs((current) => retitle(current, menu)); }, [menu, setTabs]);

  const activeTab = tabs.find((tab) => tab.id === activeId) ?? null;

  function closeTab(id: string) {
    const next = tabs.filter((tab) => tab.id !== id);
    if (id === activeId) {
      const neighbour = neighbourAfterClose(tabs, id);
      setTabs(next);
      navigate(neighbour ? `/${lang}${neighbour.path}` : `/${lang}`);
    } else {
      setTabs(next);
    }
  }

  return (
    <ArcoLayout className={`portal-layout font-${settings.size}`}>
      <ArcoLayout.Sider className="portal-sider" width={220} collapsible breakpoint="lg">
        <div className="portal-logo">{t('app.name')}</div>
        <SideMenu activePath={activeTab ? activeTab.path : null} />
      </ArcoLayout.Sider>
      <ArcoLayout>
        <ArcoLayout.Header className="portal-header">
          <div className="portal-header-left"><FactorySwitcher /><OrgSwitcher /></div>
          <div className="portal-header-right">
            <HelpButton />
            <NoticeBell />
            <LanguageSwitch />
            <UserMenu />
          </div>
        </ArcoLayout.Header>
        <TabsBar
          tabs={tabs}
          activeId={activeId}
          onSelect={(tab) => navigate(`/${lang}${tab.path}`)}
          onClose={closeTab}
        />
        <ArcoLayout.Content className="portal-content">
          <SubAppHost tabs={tabs} activeTab={activeTab} />
        </ArcoLayout.Content>
      </ArcoLayout>
    </ArcoLayout>
  );
}
