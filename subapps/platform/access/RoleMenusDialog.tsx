import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Spin, Tag, Tree } from '@arco-design/web-react';
import type { TreeDataType } from '@arco-design/web-react/es/Tree/interface';
import type { MenuTreeNode, RoleMenus, RoleMenusInput } from '../../../model/access';
import { contract } from '../../../model/contract';
import type { ResourceRow } from '../../../model/engine';
import { useApi } from '../../kit/api';
import { useAct } from '../../kit/act';

const TYPE_COLORS: Record<MenuTreeNode['type'], string> = {
  catalogue: 'gray',
  menu: 'arcoblue',
  button: 'green',
  tab: 'purple',
};

function treeData(nodes: readonly MenuTreeNode[], typeLabel: (type: MenuTreeNode['type']) => string): TreeDataType[] {
  return nodes.map((n) => ({
    key: n.id,
    title: (
      <span data-testid={`perm-node-${n.perms ?? n.code}`}>
        {n.name}{' '}
        <Tag size="small" color={TYPE_COLORS[n.type]}>
          {typeLabel(n.type)}
        </Tag>
      </span>
    ),
    children: treeData(n.children, typeLabel),
  }));
}

/** Ids of `nodes` with children: the tree opens fully, buttons and tabs in view. */
function branches(nodes: readonly MenuTreeNode[], out: string[] = []): string[] {
  for (const n of nodes) if (n.children.length > 0) (out.push(n.id), branches(n.children, out));
  return out;
}

/** Ids of `nodes` with no children (leaves): the tree's checked state is given by them. */
function leaves(nodes: readonly MenuTreeNode[], out = new Set<string>()): Set<string> {
  for (const n of nodes) n.children.length === 0 ? out.add(n.id) : leaves(n.children, out);
  return out;
}

/**
 * A role's menu permissions (SPEC §6) as a checkable tree of catalogues, menus, buttons and tabs.
 * Checking a node checks what is below it; the server also grants every checked node's ancestors.
 */
export function RoleMenusDialog({ role, onClose }: { role: ResourceRow; onClose: () => void }) {
  const { t } = useTranslation(['platform', 'model', 'common']);
  const api = useApi();
  const [data, setData] = useState<RoleMenus | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const { busy, run } = useAct();

  useEffect(() => {
    let live = true;
    void api
      .call(contract.access.roleMenus, { params: { id: role.id } })
      .then((d) => {
        if (!live) return;
        setData(d);
        // Only leaves are given as checked: a parent shows checked or half-checked from its children.
        const leafIds = leaves(d.tree);
        setChecked(d.menuIds.filter((id) => leafIds.has(id)));
      })
      .catch(() => onClose());
    return () => {
      live = false;
    };
  }, [api, role.id, onClose]);

  const nodes = useMemo(() => (data ? treeData(data.tree, (type) => t(`model:enum.menuType.${type}`)) : []), [data, t]);

  const save = (halfChecked: string[]) =>
    run(async () => {
      const body: RoleMenusInput = { menuIds: [...checked, ...halfChecked] };
      await api.call(contract.access.setRoleMenus, { params: { id: role.id }, body, showSuccess: true });
      onClose();
    });

  const [half, setHalf] = useState<string[]>([]);
  return (
    <Modal
      visible
      title={t('platform:access.assignTitle', { name: String(role.name ?? role.code) })}
      onCancel={onClose}
      onOk={() => save(half)}
      confirmLoading={busy}
      style={{ width: 640 }}
      okButtonProps={{ 'data-testid': 'perm-save' } as object}
    >
      {!data ? (
        <Spin />
      ) : (
        <div style={{ maxHeight: 480, overflow: 'auto' }} data-testid="perm-tree">
          <Tree
            checkable
            treeData={nodes}
            defaultExpandedKeys={branches(data.tree)}
            checkedKeys={checked}
            onCheck={(keys, extra) => {
              setChecked(keys);
              setHalf(extra.halfCheckedKeys ?? []);
            }}
          />
        </div>
      )}
    </Modal>
  );
}
