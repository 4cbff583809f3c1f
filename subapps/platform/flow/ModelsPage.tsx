import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space, type TableColumnProps } from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { contract, type BodyOf } from '../../../model/contract';
import type { ModelDetail, ModelRow } from '../../../model/workflow/api';
import { FLOW_PERMISSIONS as P, modelCreateInput } from '../../../model/workflow/input';
import { useApi } from '../../kit/api';
import { SchemaFormDialog, type FieldSpec } from '../../kit/SchemaFormDialog';
import { usePagedList } from '../../kit/usePagedList';
import { ModelDesigner } from './ModelDesigner';
import { HistoryButton } from '../../kit/history/HistoryButton';
import type { HistoryLabels } from '../../kit/history/values';
import { StatusTag, formatTime } from './status';
import { PagedTable } from '../../kit/PagedTable';
import { SearchForm } from '../../kit/SearchForm';

const FIELDS: FieldSpec[] = [
  { name: 'key', label: 'wfModel.key' },
  { name: 'name', label: 'wfModel.name' },
  { name: 'description', label: 'wfModel.description', kind: 'textarea' },
];

/** Workflow models (SPEC §3): name, key, description, version, status; design, deploy, publish, unpublish. */
export function ModelsPage() {
  const { t } = useTranslation(['platform', 'model', 'common']);
  const bridge = useBridge();
  const api = useApi();
  const { permissions } = useBridgeContext();
  const can = (code: string) => permissions.includes(code);
  const list = usePagedList(contract.flow.listModels);
  const [adding, setAdding] = useState(false);
  const [designing, setDesigning] = useState<ModelDetail | null>(null);

  const act = async (row: ModelRow, verb: 'deploy' | 'publish' | 'unpublish', confirm: string) => {
    if (!(await bridge.confirm({ title: t(`flow.${verb}`), content: confirm }))) return;
    try {
      if (verb === 'publish')
        await api.call(contract.flow.publish, { params: { id: row.id }, body: {}, showSuccess: true });
      else await api.call(contract.flow[verb], { params: { id: row.id }, showSuccess: true });
    } catch {
      /* shown by the shell */
    }
    list.reload();
  };
  const remove = async (row: ModelRow) => {
    if (!(await bridge.confirm({ title: t('common:deleteTitle'), content: t('common:deleteConfirm', { count: 1 }) })))
      return;
    try {
      await api.call(contract.flow.deleteModel, { params: { id: row.id }, showSuccess: true });
    } catch {
      /* shown */
    }
    list.reload();
  };
  const design = async (row: ModelRow) =>
    setDesigning(await api.call(contract.flow.getModel, { params: { id: row.id } }));

  const historyLabels: HistoryLabels = {
    fields: {
      key: t('model:wfModel.key'),
      name: t('model:wfModel.name'),
      description: t('model:wfModel.description'),
      xml: t('model:wfModel.xml'),
      version: t('model:wfModel.version'),
      status: t('model:wfModel.status'),
      publishedVersion: t('flow.publishedVersion'),
    },
    values: { status: { published: t('flow.status.published'), unpublished: t('flow.status.unpublished') } },
    formats: { xml: (v) => (typeof v === 'string' ? t('flow.xmlLength', { count: v.length }) : '') },
  };
  const columns: TableColumnProps<ModelRow>[] = [
    { title: t('model:wfModel.key'), dataIndex: 'key' },
    { title: t('model:wfModel.name'), dataIndex: 'name' },
    { title: t('model:wfModel.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('model:wfModel.version'),
      dataIndex: 'version',
      width: 80,
      render: (v: number, r) =>
        v ? `v${v}${r.publishedVersion ? ` / ${t('flow.publishedShort', { version: r.publishedVersion })}` : ''}` : '—',
    },
    {
      title: t('model:wfModel.status'),
      dataIndex: 'status',
      width: 100,
      render: (s: ModelRow['status']) => <StatusTag status={s} />,
    },
    { title: t('flow.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatTime(v) },
    {
      title: t('common:actions'),
      width: 360,
      render: (_: unknown, row: ModelRow) => (
        <Space size="mini" data-testid={`model-actions-${row.key}`}>
          <Button type="text" size="mini" data-testid="model-design" onClick={() => void design(row)}>
            {t('flow.design')}
          </Button>
          {can(P.deploy) && (
            <Button
              type="text"
              size="mini"
              data-testid="model-deploy"
              onClick={() => void act(row, 'deploy', t('flow.deployConfirm', { version: row.version + 1 }))}
            >
              {t('flow.deploy')}
            </Button>
          )}
          {can(P.publish) && row.version > 0 && row.publishedVersion !== row.version && (
            <Button
              type="text"
              size="mini"
              data-testid="model-publish"
              onClick={() => void act(row, 'publish', t('flow.publishConfirm', { version: row.version }))}
            >
              {t('flow.publish')}
            </Button>
          )}
          {can(P.unpublish) && row.status === 'published' && (
            <Button
              type="text"
              size="mini"
              status="warning"
              data-testid="model-unpublish"
              onClick={() => void act(row, 'unpublish', t('flow.unpublishConfirm'))}
            >
              {t('flow.unpublish')}
            </Button>
          )}
          {can(P.modelDelete) && row.status !== 'published' && (
            <Button type="text" size="mini" status="danger" onClick={() => void remove(row)}>
              {t('common:delete')}
            </Button>
          )}
          <HistoryButton
            target={{ entity: 'flow-model', recordId: row.id, title: `${row.name} (${row.key})` }}
            labels={historyLabels}
          />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="page-flow-model">
      <SearchForm filters={[{ key: 'keyword', kind: 'text', label: t('model:wfModel.name') }]} onSearch={list.search} />
      {can(P.modelAdd) && (
        <div className="page-toolbar">
          <Button type="primary" data-testid="model-add" onClick={() => setAdding(true)}>
            {t('common:add')}
          </Button>
        </div>
      )}
      <PagedTable<ModelRow> list={list} sizeCanChange columns={columns} data-testid="model-table" />
      <SchemaFormDialog<BodyOf<typeof contract.flow.createModel>>
        title={t('flow.addModel')}
        visible={adding}
        schema={modelCreateInput}
        fields={FIELDS}
        initial={null}
        onSubmit={async (values) => {
          const created = await api.call(contract.flow.createModel, { body: values, showSuccess: true });
          list.reload();
          setDesigning(created);
        }}
        onClose={() => setAdding(false)}
      />
      <ModelDesigner
        model={designing}
        onClose={(changed) => {
          setDesigning(null);
          if (changed) list.reload();
        }}
      />
    </div>
  );
}
