import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Tabs, Tag, type TableColumnProps } from '@arco-design/web-react';
import { useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import type { TaskRow } from '../../../model/workflow/api';
import { FLOW_PERMISSIONS } from '../../../model/workflow/input';
import { usePagedList } from '../../kit/usePagedList';
import { BatchAuditDialog } from './BatchAuditDialog';
import { TaskDrawer } from './TaskDrawer';
import { StatusTag, formatTime } from './status';
import { PagedTable } from '../../kit/PagedTable';
import { SearchForm } from '../../kit/SearchForm';

type Scope = 'pending' | 'finished';

function TaskList({ scope }: { scope: Scope }) {
  const { t } = useTranslation(['platform', 'model', 'common']);
  const { permissions } = useBridgeContext();
  const list = usePagedList(scope === 'pending' ? contract.flow.pendingTasks : contract.flow.finishedTasks);
  const [open, setOpen] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [batch, setBatch] = useState(false);
  const canBatch = scope === 'pending' && permissions.includes(FLOW_PERMISSIONS.batchAudit);

  const columns: TableColumnProps<TaskRow>[] = [
    { title: t('model:wfTask.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('model:wfTask.name'),
      dataIndex: 'name',
      render: (v: string, r) => (
        <>
          {v}
          {r.signatureMeanings && (
            <Tag size="small" color="purple" style={{ marginLeft: 6 }} data-testid="needs-signature">
              {t('flow.needsSignature')}
            </Tag>
          )}
        </>
      ),
    },
    { title: t('flow.model'), dataIndex: 'modelName' },
    { title: t('flow.starter'), dataIndex: 'starter' },
    { title: t('flow.receivedAt'), dataIndex: 'createdAt', render: (v: string) => formatTime(v) },
    ...(scope === 'finished'
      ? [
          {
            title: t('flow.taskStatus'),
            dataIndex: 'status',
            render: (s: TaskRow['status']) => <StatusTag status={s} />,
          },
          { title: t('model:wfTask.opinion'), dataIndex: 'opinion', ellipsis: true },
          {
            title: t('flow.handledAt'),
            dataIndex: 'handledAt',
            render: (v: string | null) => (v ? formatTime(v) : ''),
          },
        ]
      : []),
    {
      title: t('common:actions'),
      width: 110,
      render: (_: unknown, row: TaskRow) => (
        <Button type="text" size="mini" data-testid={`task-open-${row.title}`} onClick={() => setOpen(row.id)}>
          {scope === 'pending' ? t('flow.handle') : t('flow.viewChart')}
        </Button>
      ),
    },
  ];

  return (
    <div data-testid={`tasks-${scope}`}>
      <SearchForm filters={[{ key: 'keyword', kind: 'text', label: t('model:wfTask.title') }]} onSearch={list.search} />
      {canBatch && (
        <div className="page-toolbar">
          <Button
            type="primary"
            data-testid="batch-audit"
            disabled={selected.length === 0}
            onClick={() => setBatch(true)}
          >
            {t('flow.batchAudit')}
            {selected.length ? ` (${selected.length})` : ''}
          </Button>
        </div>
      )}
      <PagedTable<TaskRow>
        list={list}
        sizeCanChange
        columns={columns}
        data-testid={`task-table-${scope}`}
        rowSelection={
          canBatch
            ? { type: 'checkbox', selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }
            : undefined
        }
      />
      <TaskDrawer taskId={open} onClose={() => setOpen(null)} onDecided={list.reload} />
      <BatchAuditDialog
        visible={batch}
        tasks={list.data.records.filter((r) => selected.includes(r.id))}
        onClose={(changed) => {
          setBatch(false);
          if (changed) {
            setSelected([]);
            list.reload();
          }
        }}
      />
    </div>
  );
}

/** Workflow tasks (SPEC §2 flow handling): what waits for me, and what I decided. */
export function TasksPage() {
  const { t } = useTranslation('platform');
  const [tab, setTab] = useState<Scope>('pending');
  return (
    <div data-testid="page-flow-task">
      <Tabs activeTab={tab} onChange={(k) => setTab(k as Scope)} destroyOnHide>
        <Tabs.TabPane key="pending" title={t('flow.pending')}>
          <TaskList scope="pending" />
        </Tabs.TabPane>
        <Tabs.TabPane key="finished" title={t('flow.finished')}>
          <TaskList scope="finished" />
        </Tabs.TabPane>
      </Tabs>
    </div>
  );
}
