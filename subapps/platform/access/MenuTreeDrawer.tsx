import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer, Spin, Tag, Tree } from '@arco-design/web-react';
import type { TreeDataType } from '@arco-design/web-react/es/Tree/interface';
import type { MenuTreeNode } from '../../../model/access';
import { contract } from '../../../model/contract';
import { useApi } from '../../kit/api';

function treeData(nodes: readonly MenuTreeNode[], typeLabel: (type: MenuTreeNode['type']) => string): TreeDataType[] {
  return nodes.map((n) => ({
    key: n.id,
    title: (
      <span>
        {n.name} <Tag size="small">{typeLabel(n.type)}</Tag> {n.perms ?? n.path ?? ''}
      </span>
    ),
    children: treeData(n.children, typeLabel),
  }));
}

/** The whole menu tree (catalogues, menus, buttons, tabs) as the product holds it. */
export function MenuTreeDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['platform', 'model']);
  const api = useApi();
  const [tree, setTree] = useState<MenuTreeNode[] | null>(null);
  useEffect(() => {
    void api
      .call(contract.access.menuTree)
      .then(setTree)
      .catch(() => onClose());
  }, [api, onClose]);
  const nodes = useMemo(() => (tree ? treeData(tree, (type) => t(`model:enum.menuType.${type}`)) : []), [tree, t]);
  return (
    <Drawer visible width={560} title={t('platform:access.menuTree')} onCancel={onClose} footer={null}>
      {!tree ? (
        <Spin />
      ) : (
        <div data-testid="menu-tree">
          <Tree treeData={nodes} />
        </div>
      )}
    </Drawer>
  );
}
