import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button,
  Drawer,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Tree,
  type TableColumnProps,
} from '@arco-design/web-react';
import { useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import {
  HELPER_PERMISSIONS as P,
  type DiffedEntry,
  type EntryDiff,
  type MenuApplicationDetail,
  type MenuApplicationRow,
} from '../../../model/helper';
import { useApi } from '../../kit/api';
import { usePagedList } from '../../kit/usePagedList';
import { treeOf, type EntryRow } from './entries';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { applicationHistory } from './history-labels';
import { PagedTable } from '../../kit/PagedTable';
import { SearchForm } from '../../kit/SearchForm';

const DIFF_COLORS: Record<EntryDiff, string> = { new: 'green', exists: 'gray', conflict: 'red' };
const STATUS_COLORS: Record<MenuApplicationRow['status'], string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
};

interface TreeNode {
  key: string;
  title: ReactNode;
  children: TreeNode[];
}

function treeData(entries: DiffedEntry[], t: (k: string, o?: Record<string, unknown>) => string): TreeNode[] {
  return entries.map((e) => ({
    key: e.code,
    title: (
      <span data-testid={`entry-${e.code}`} data-diff={e.diff}>
        <Tag size="small">{t(`helper.entryType.${e.type}`)}</Tag> {e.names['zh-CN']}
        {e.names.en ? ` / ${e.names.en}` : ''} <code>{e.code}</code>
        {e.path && <code> {e.path}</code>}
        {e.perms && <code> [{e.perms}]</code>}{' '}
        <Tag size="small" color={DIFF_COLORS[e.diff]}>
          {t(`helper.diff.${e.diff}`)}
        </Tag>
        {e.conflictWith && <span> {t('helper.conflictWith', { code: e.conflictWith })}</span>}
      </span>
    ),
    children: treeData(e.children, t),
  }));
}

const allCodes = (entries: DiffedEntry[]): string[] => entries.flatMap((e) => [e.code, ...allCodes(e.children)]);

let nextKey = 1;
const blankRow = (parent = ''): EntryRow => ({
  key: nextKey++,
  parent,
  type: parent ? 'menu' : 'catalogue',
  code: '',
  nameZh: '',
  nameEn: '',
  path: '',
  perms: '',
});

/** Menu application review (SPEC §2 `helper/apply-menu`). */
export function ApplyMenuPage() {
  const { t } = useTranslation(['platform', 'model', 'common']);
  const api = useApi();
  const { permissions } = useBridgeContext();
  const can = (code: string) => permissions.includes(code);
  const list = usePagedList(contract.helper.applications);
  const [detail, setDetail] = useState<MenuApplicationDetail | null>(null);
  const [reason, setReason] = useState('');
  const [applying, setApplying] = useState(false);
  const [form] = Form.useForm();
  const [rows, setRows] = useState<EntryRow[]>([blankRow()]);

  const open = async (id: string) => {
    setReason('');
    setDetail(await api.call(contract.helper.application, { params: { id } }));
  };
  const review = async (verb: 'approve' | 'reject') => {
    if (!detail) return;
    try {
      const params = { id: detail.id };
      if (verb === 'approve')
        await api.call(contract.helper.approve, { params, body: reason ? { reason } : {}, showSuccess: true });
      else await api.call(contract.helper.reject, { params, body: { reason }, showSuccess: true });
      setDetail(null);
      list.reload();
    } catch {
      /* the shell says why */
    }
  };
  const submit = async () => {
    const values = (await form.validate()) as { appType: string; title: string; reason?: string };
    try {
      await api.call(contract.helper.apply, { body: { ...values, entries: treeOf(rows) }, showSuccess: true });
      setApplying(false);
      setRows([blankRow()]);
      form.resetFields();
      list.reload();
    } catch {
      /* the shell says why */
    }
  };
  const update = (key: number, patch: Partial<EntryRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const columns: TableColumnProps<MenuApplicationRow>[] = [
    { title: t('model:helper.title'), dataIndex: 'title' },
    { title: t('helper.appType'), dataIndex: 'appType' },
    { title: t('model:helper.entries'), dataIndex: 'entryCount', width: 90 },
    { title: t('helper.applicant'), dataIndex: 'applicant' },
    {
      title: t('helper.state'),
      dataIndex: 'status',
      render: (s: MenuApplicationRow['status']) => <Tag color={STATUS_COLORS[s]}>{t(`helper.applyStatus.${s}`)}</Tag>,
    },
    { title: t('helper.reviewReason'), dataIndex: 'reviewReason', ellipsis: true },
    {
      title: t('common:actions'),
      width: 150,
      render: (_: unknown, r: MenuApplicationRow) => (
        <Space size="mini">
          <Button type="text" size="mini" data-testid={`application-${r.title}`} onClick={() => void open(r.id)}>
            {t('helper.review')}
          </Button>
          <HistoryButton
            target={{ entity: 'menu-application', recordId: r.id, title: r.title }}
            labels={applicationHistory(t)}
          />
        </Space>
      ),
    },
  ];
  const entryColumns: TableColumnProps<EntryRow>[] = [
    {
      title: t('helper.parent'),
      width: 150,
      render: (_: unknown, r) => (
        <Select
          size="mini"
          allowClear
          value={r.parent || undefined}
          onChange={(v?: string) => update(r.key, { parent: v ?? '' })}
          options={rows
            .filter((o) => o.key !== r.key && o.code && (o.type === 'catalogue' || o.type === 'menu'))
            .map((o) => ({ value: o.code, label: o.code }))}
        />
      ),
    },
    {
      title: t('helper.entryTypeTitle'),
      width: 110,
      render: (_: unknown, r) => (
        <Select
          size="mini"
          value={r.type}
          onChange={(v: EntryRow['type']) => update(r.key, { type: v })}
          options={(['catalogue', 'menu', 'button', 'tab'] as const).map((x) => ({
            value: x,
            label: t(`helper.entryType.${x}`),
          }))}
        />
      ),
    },
    ...(['code', 'nameZh', 'nameEn', 'path', 'perms'] as const).map((f) => ({
      title: t(`helper.field.${f}`),
      render: (_: unknown, r: EntryRow) => (
        <Input size="mini" data-testid={`row-${r.key}-${f}`} value={r[f]} onChange={(v) => update(r.key, { [f]: v })} />
      ),
    })),
    {
      title: '',
      width: 40,
      render: (_: unknown, r) => (
        <Button
          size="mini"
          type="text"
          status="danger"
          onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
        >
          ×
        </Button>
      ),
    },
  ];

  return (
    <div data-testid="page-helper-apply-menu">
      <SearchForm
        filters={[
          {
            key: 'status',
            kind: 'select',
            label: t('helper.state'),
            options: (['pending', 'approved', 'rejected'] as const).map((s) => ({
              value: s,
              label: t(`helper.applyStatus.${s}`),
            })),
          },
        ]}
        onSearch={list.search}
      />
      {can(P.applyAdd) && (
        <div className="page-toolbar">
          <Button type="primary" data-testid="apply-add" onClick={() => setApplying(true)}>
            {t('helper.apply')}
          </Button>
        </div>
      )}
      <PagedTable<MenuApplicationRow> list={list} columns={columns} data-testid="application-table" />

      <Modal
        title={t('helper.apply')}
        visible={applying}
        style={{ width: 1100 }}
        onOk={() => void submit()}
        onCancel={() => setApplying(false)}
        data-testid="apply-dialog"
      >
        <Form form={form} layout="inline">
          <Form.Item
            field="appType"
            label={t('helper.appType')}
            rules={[{ required: true, message: t('helper.required') }]}
          >
            <Input data-testid="apply-app" style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            field="title"
            label={t('model:helper.title')}
            rules={[{ required: true, message: t('helper.required') }]}
          >
            <Input data-testid="apply-title" />
          </Form.Item>
          <Form.Item field="reason" label={t('model:helper.reason')}>
            <Input />
          </Form.Item>
        </Form>
        <Table<EntryRow>
          rowKey="key"
          size="small"
          pagination={false}
          columns={entryColumns}
          data={rows}
          style={{ marginTop: 12 }}
          data-testid="apply-rows"
        />
        <Button
          size="small"
          style={{ marginTop: 8 }}
          data-testid="apply-add-row"
          onClick={() => setRows((all) => [...all, blankRow(all[all.length - 1]?.code ?? '')])}
        >
          {t('helper.addEntry')}
        </Button>
      </Modal>

      <Drawer
        width={760}
        visible={detail !== null}
        title={detail?.title ?? ''}
        footer={null}
        onCancel={() => setDetail(null)}
        unmountOnExit
      >
        {detail && (
          <div data-testid="application-detail">
            <p>{detail.reason}</p>
            <Tree
              treeData={treeData(detail.entries, t)}
              defaultExpandedKeys={allCodes(detail.entries)}
              blockNode
              showLine
              data-testid="application-tree"
            />
            {detail.status === 'pending' && (
              <div style={{ marginTop: 12 }}>
                <Input.TextArea
                  data-testid="review-reason"
                  placeholder={t('helper.reviewReason')}
                  value={reason}
                  onChange={setReason}
                />
                <Space style={{ marginTop: 8 }}>
                  {can(P.applyApprove) && (
                    <Button type="primary" data-testid="application-approve" onClick={() => void review('approve')}>
                      {t('helper.approve')}
                    </Button>
                  )}
                  {can(P.applyReject) && (
                    <Button status="danger" data-testid="application-reject" onClick={() => void review('reject')}>
                      {t('helper.reject')}
                    </Button>
                  )}
                </Space>
              </div>
            )}
            {detail.status !== 'pending' && (
              <Tag color={STATUS_COLORS[detail.status]}>
                {t(`helper.applyStatus.${detail.status}`)}
                {detail.reviewReason ? ` · ${detail.reviewReason}` : ''}
              </Tag>
            )}
          </div>
        )}
      </Drawer>
    </div>
  );
}
