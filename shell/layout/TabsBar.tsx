import { Tabs } from '@arco-design/web-react';
import type { Tab } from '../state/atoms';

interface Props {
  tabs: Tab[];
  activeId: string | null;
  onSelect: (tab: Tab) => void;
  onClose: (id: string) => void;
}

/** The open tabs; the URL decides which one is active. */
export function TabsBar({ tabs, activeId, onSelect, onClose }: Props) {
  if (!tabs.length) return null;
  return (
    <Tabs
      className="portal-tabs"
      type="card-gutter"
      editable
      showAddButton={false}
      activeTab={activeId ?? undefined}
      onChange={(id) => { const tab = tabs.find((t) => t.id === id); if (tab) onSelect(tab); }}
      onDeleteTab={onClose}
    >
      {tabs.map((tab) => <Tabs.TabPane key={tab.id} title={<span data-testid={`tab-${tab.path}`}>{tab.title}</span>} />)}
    </Tabs>
  );
}
