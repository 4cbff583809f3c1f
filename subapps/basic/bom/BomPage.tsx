import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Empty,
  Grid,
  Input,
  List,
  Space,
  Table,
  Typography,
  type TableColumnProps,
} from '@arco-design/web-react';
import { useBridge, usePermission } from '../../../bridge/react';
import {
  BOM_PERMISSIONS as P,
  type BomMaterial,
  type BomProduct,
  type BomTree,
  type BomTreeNode,
} from '../../../model/bom';
import { contract } from '../../../model/contract';
import { useApi } from '../../kit/api';
import { usePagedList } from '../../kit/usePagedList';
import { ExplosionDrawer } from './ExplosionDrawer';
import { ImportDialog } from './ImportDialog';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { bomHistoryLabels } from './history-labels';
import { LineDialog } from './LineDialog';
import { WhereUsedDrawer } from './WhereUsedDrawer';

interface Editing {
  parent: BomMaterial | null;
  line: BomTreeNode | null;
  nextLineNo: number;
}

const nextLineNo = (lines: readonly { lineNo: number }[]) =>
  (lines.length ? Math.max(...lines.map((l) => l.lineNo)) : 0) + 10;
const asParent = (n: BomTreeNode): BomMaterial => n.component;

/** BOM (SPEC §3): the products with a BOM on the left, the selected one's multi-level tree on the right. */
export function BomPage() {
  const { t } = useTranslation(['basic', 'model', 'common']);
  const bridge = useBridge();
  const api = useApi();
  const can = {
    add: usePermission(P.add),
    edit: usePermission(P.edit),
    delete: usePermission(P.delete),
    import: usePermission(P.import),
    export: usePermission(P.export),
  };
  const products = usePagedList(contract.bom.products, { initialSize: 20 });
  const [selected, setSelected] = useState<BomMaterial | null>(null);
  const [tree, setTree] = useState<BomTree | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [exploding, setExploding] = useState<BomMaterial | null>(null);
  const [whereUsed, setWhereUsed] = useState<BomMaterial | null>(null);
  const [importing, setImporting] = useState(false);

  const loadTree = useCallback(
    (m: BomMaterial | null) => {
      if (!m) return setTree(null);
      void api
        .call(contract.bom.tree, { query: { materialId: m.id } })
        .then(setTree)
        .catch(() => setTree(null));
    },
    [api],
  );
  useEffect(() => loadTree(selected), [selected, loadTree]);

  const remove = async (line: BomTreeNode) => {
    if (!(await bridge.confirm({ title: t('common:deleteTitle'), content: t('common:deleteConfirm', { count: 1 }) })))
      return;
    try {
      await api.call(contract.bom.deleteLines, { body: { ids: [line.id] }, showSuccess: true });
    } catch {
      /* shown */
    }
    loadTree(selected);
    products.reload();
  };

  const closeLine = (changed: boolean) => {
    if (changed) {
      loadTree(selected);
      products.reload();
    }
    setEditing(null);
  };

  const columns: TableColumnProps<BomTreeNode>[] = [
    {
      title: t('model:bom.component'),
      render: (_: unknown, r) => <span data-testid={`bom-node-${r.component.code}`}>{r.component.code}</span>,
    },
    { title: t('bom.name'), render: (_: unknown, r) => r.component.name },
    { title: t('model:bom.lineNo'), dataIndex: 'lineNo', width: 80 },
    { title: t('model:bom.dosage'), dataIndex: 'dosage', width: 90 },
    { title: t('model:bom.dosageUnit'), dataIndex: 'dosageUnitCode', width: 90 },
    { title: t('model:bom.lossRate'), dataIndex: 'lossRate', width: 100 },
    { title: t('model:bom.priority'), dataIndex: 'priority', width: 80 },
    { title: t('model:bom.ecnNumber'), dataIndex: 'ecnNumber', width: 120 },
    {
      title: t('common:actions'),
      width: 320,
      render: (_: unknown, r) => (
        <Space size="mini" data-testid={`bom-actions-${r.component.code}`}>
          {can.add && (
            <Button
              type="text"
              size="mini"
              data-testid="bom-add-child"
              onClick={() => setEditing({ parent: asParent(r), line: null, nextLineNo: nextLineNo(r.children) })}
            >
              {t('bom.addChild')}
            </Button>
          )}
          {can.edit && (
            <Button
              type="text"
              size="mini"
              data-testid="bom-edit"
              onClick={() => setEditing({ parent: null, line: r, nextLineNo: r.lineNo })}
            >
              {t('common:edit')}
            </Button>
          )}
          {can.delete && (
            <Button type="text" size="mini" status="danger" onClick={() => void remove(r)}>
              {t('common:delete')}
            </Button>
          )}
          <Button type="text" size="mini" onClick={() => setWhereUsed(r.component)}>
            {t('bom.whereUsed')}
          </Button>
          {tree && (
            <HistoryButton
              target={{ entity: 'bom-line', recordId: r.id, title: `${r.component.code} #${r.lineNo}` }}
              labels={bomHistoryLabels(t, tree)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="page-bom">
      <Grid.Row gutter={16}>
        <Grid.Col span={6}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <div data-testid="bom-product-search">
              <Input.Search
                allowClear
                placeholder={t('bom.searchProducts')}
                onSearch={(v) => products.search({ keyword: v.trim() || undefined })}
              />
            </div>
            <List<BomProduct>
              size="small"
              loading={products.loading}
              dataSource={products.data.records}
              data-testid="bom-products"
              pagination={{
                current: products.page,
                pageSize: products.size,
                total: products.data.total,
                simple: true,
                onChange: products.changePage,
              }}
              render={(p) => (
                <List.Item
                  key={p.id}
                  data-testid={`bom-product-${p.code}`}
                  onClick={() => setSelected(p)}
                  style={{ cursor: 'pointer', background: selected?.id === p.id ? 'var(--color-fill-2)' : undefined }}
                >
                  <Typography.Text bold>{p.code}</Typography.Text>{' '}
                  <Typography.Text type="secondary">
                    {p.name} · {t('bom.lineCount', { count: p.lineCount })}
                  </Typography.Text>
                </List.Item>
              )}
            />
          </Space>
        </Grid.Col>
        <Grid.Col span={18}>
          <div className="page-toolbar">
            {can.add && (
              <Button
                type="primary"
                data-testid="bom-new"
                onClick={() => setEditing({ parent: null, line: null, nextLineNo: 10 })}
              >
                {t('bom.newBom')}
              </Button>
            )}
            {can.add && selected && (
              <Button
                data-testid="bom-add-line"
                onClick={() =>
                  setEditing({ parent: selected, line: null, nextLineNo: nextLineNo(tree?.children ?? []) })
                }
              >
                {t('bom.addLine')}
              </Button>
            )}
            {selected && (
              <Button data-testid="bom-explode" onClick={() => setExploding(selected)}>
                {t('bom.explode')}
              </Button>
            )}
            {can.import && <Button onClick={() => setImporting(true)}>{t('common:import')}</Button>}
            {can.export && (
              <Button
                onClick={() =>
                  void bridge
                    .download({
                      ...api.prepare(contract.bom.export, { query: selected ? { materialId: selected.id } : {} }),
                      filename: `${selected?.code ?? t('model:bom._title')}.xlsx`,
                    })
                    .catch(() => undefined)
                }
              >
                {t('common:export')}
              </Button>
            )}
          </div>
          {tree ? (
            <>
              <Typography.Title heading={6} data-testid="bom-title">
                {tree.material.code} · {tree.material.name}
              </Typography.Title>
              <Table<BomTreeNode>
                rowKey={(r) => r.id}
                columns={columns}
                data={tree.children}
                pagination={false}
                data-testid="bom-tree"
                childrenColumnName="children"
                expandedRowRender={undefined}
                defaultExpandAllRows
              />
            </>
          ) : (
            <Empty description={t('bom.choose')} />
          )}
        </Grid.Col>
      </Grid.Row>
      <LineDialog
        visible={editing !== null}
        parent={editing?.parent ?? null}
        line={editing?.line ?? null}
        nextLineNo={editing?.nextLineNo ?? 10}
        onClose={closeLine}
      />
      <ExplosionDrawer material={exploding} onClose={() => setExploding(null)} />
      <WhereUsedDrawer material={whereUsed} onClose={() => setWhereUsed(null)} />
      <ImportDialog
        visible={importing}
        onClose={(changed) => {
          setImporting(false);
          if (changed) {
            products.reload();
            loadTree(selected);
          }
        }}
      />
    </div>
  );
}
