import { useState } from 'react';
import { Button, Dropdown, Menu, Tabs } from '@arco-design/web-react';
import { IconCheck, IconDown } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Tab } from '../state/atoms';

export type TabAction = 'refresh' | 'keepAlive' | 'close' | 'closeOthers' | 'closeRight';

interface Props {
  tabs: Tab[];
  activeId: string | null;
  onSelect: (tab: Tab) => void;
  onClose: (id: string) => void;
  onAction: (action: TabAction, tab: Tab) => void;
}

/** A tab's actions; `chosen` runs the one chosen. */
function tabMenu(t: TFunction<'shell'>, tab: Tab, tabs: Tab[], chosen: Props['onAction']) {
  const last = tabs[tabs.length - 1]?.id === tab.id;
  return (
    <Menu onClickMenuItem={(key) => chosen(key as TabAction, tab)} data-testid="tab-menu">
      <Menu.Item key="refresh" data-testid="tab-action-refresh">
        {t('tabs.refresh')}
      </Menu.Item>
      <Menu.Item key="keepAlive" data-testid="tab-action-keepAlive">
        {tab.keepAlive ? <IconCheck /> : <span className="portal-tab-check-space" />} {t('tabs.keepAlive')}
      </Menu.Item>
      <Menu.Item key="close" data-testid="tab-action-close">
        {t('tabs.close')}
      </Menu.Item>
      <Menu.Item key="closeOthers" disabled={tabs.length < 2} data-testid="tab-action-closeOthers">
        {t('tabs.closeOthers')}
      </Menu.Item>
      <Menu.Item key="closeRight" disabled={last} data-testid="tab-action-closeRight">
        {t('tabs.closeRight')}
      </Menu.Item>
    </Menu>
  );
}

const ARROW = 'tab-actions-arrow';

/** The open tabs; the URL decides which one is active. A right click or the arrow opens each tab's actions. */
export function TabsBar({ tabs, activeId, onSelect, onClose, onAction }: Props) {
  const { t } = useTranslation('shell');
  // Which menu is open (a tab's id, or ARROW): one state for all, closed before an action runs. Left
  // to each dropdown, a menu whose tabs changed under it while it opened could stay on screen.
  const [menuOf, setMenuOf] = useState<string | null>(null);
  if (!tabs.length) return null;
  const active = tabs.find((tab) => tab.id === activeId) ?? null;
  const chosen: Props['onAction'] = (action, tab) => {
    setMenuOf(null);
    onAction(action, tab);
  };
  const shown = (key: string) => ({
    popupVisible: menuOf === key,
    onVisibleChange: (visible: boolean) => setMenuOf(visible ? key : null),
  });
  return (
    <Tabs
      className="portal-tabs"
      type="card-gutter"
      editable
      showAddButton={false}
      activeTab={activeId ?? undefined}
      // Every click, not only a change: between a move of the address and the render that follows it,
      // the bar still shows the tab being left as active, and a click on it must still open it.
      onClickTab={(id) => {
        const tab = tabs.find((x) => x.id === id);
        if (tab) onSelect(tab);
      }}
      onDeleteTab={onClose}
      extra={
        active && (
          <Dropdown droplist={tabMenu(t, active, tabs, chosen)} position="br" trigger="click" {...shown(ARROW)}>
            <Button
              size="mini"
              type="text"
              icon={<IconDown />}
              aria-label={t('tabs.actions')}
              data-testid="tab-actions"
            />
          </Dropdown>
        )
      }
    >
      {tabs.map((tab) => (
        <Tabs.TabPane
          key={tab.id}
          title={
            <Dropdown droplist={tabMenu(t, tab, tabs, chosen)} trigger="contextMenu" position="bl" {...shown(tab.id)}>
              <span data-testid={`tab-${tab.path}`} data-keep-alive={tab.keepAlive}>
                {tab.title}
              </span>
            </Dropdown>
          }
        />
      ))}
    </Tabs>
  );
}
