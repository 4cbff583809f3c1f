import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer, Spin, Tag, Tree } from '@arco-design/web-react';
import type { TreeDataType } from '@arco-design/web-react/es/Tree/interface';
import { useBridge } from '../../../bridge/react';
import { MENU_TREE_PATH, type MenuTreeNode } from '../../../model/access';

function treeData(nodes: readonly MenuTreeNode[], typeLabel: (type: MenuTreeNode['type']) => string): TreeDataType[] {
  return nodes.map((n) => ({
    key: n.id,
    title: <span>{n.name} <Tag size="small">{typeLabel(n.type)}</Tag> {n.perms ?? n.path ?? ''}</span>,
    children: treeData(n.children, typeLabel),
  }));
}

/** The whole menu tree (catalogues, menus, buttons, tabs) as the product holds it. */
export function MenuTreeDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['platform', 'model']);
  const bridge = useBridge();
  const [tree, setTree] = useState<MenuTreeNode[] | null>(null);
  useEffect(() => {
    void bridge.request<MenuTreeNode[]>({ method: 'GET', url: MENU_TREE_PATH }).then(setTree).catch(() => onClose());
  }, [bridge, onClose]);
  const nodes = useMemo(() => (tree ? treeData(tree, (type) => t(`model:enum.menuType.${type}`)) : []), [tree, t]);
  return (
    <Drawer visible width={560} title={t('platform:access.menuTree')} onCancel={onClose} footer={null}>
      {!tree ? <Spin /> : <div data-testid="menu-tree"><Tree treeData={nodes} /></div>}
    </Drawer>
  );
}
