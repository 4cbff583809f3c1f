import { useTranslation } from 'react-i18next';
import { Button, DatePicker, Form, Input, Select, Space, type TableColumnProps } from '@arco-design/web-react';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { noticeHistory } from './history-labels';
import { lengthRule } from '../../kit/zodRules';
import { contract } from '../../../model/contract';
import type { NoticeAdminRow as NoticeRow, NoticeInput } from '../../../model/notice';
import { factory, role, user } from '../../../model/resources';
import { useApi } from '../../kit/api';
import { usePagedList } from '../../kit/usePagedList';
import { IdPicker } from './IdPicker';
import { RichTextEditor } from './RichTextEditor';
import { PagedTable } from '../../kit/PagedTable';
import { RecordModal, useRecordEditor } from './recordEditor';
import { RecordActions } from '../../kit/RecordActions';
import { SearchForm } from '../../kit/SearchForm';

/** The dialog's values: the dates as the pickers hold them. */
type NoticeDraft = Omit<NoticeInput, 'publishAt' | 'expireAt'> & {
  publishAt?: string | null;
  expireAt?: string | null;
};

/** Notices: publish to the tenant, factories, roles or users within a window; see how many handled each. */
export function NoticeAdmin() {
  const { t } = useTranslation(['platform', 'common']);
  const api = useApi();
  const list = usePagedList(contract.notice.page);
  const editor = useRecordEditor<NoticeRow, NoticeDraft>({
    permission: 'system:notice',
    async save(v, editing) {
      const body: NoticeInput = {
        ...v,
        publishAt: v.publishAt ? new Date(v.publishAt).toISOString() : undefined,
        expireAt: v.expireAt ? new Date(v.expireAt).toISOString() : null,
      };
      if (editing) await api.call(contract.notice.update, { params: { id: editing.id }, body, showSuccess: true });
      else await api.call(contract.notice.create, { body, showSuccess: true });
    },
    remove: (row) => api.call(contract.notice.remove, { params: { id: row.id }, showSuccess: true }),
    reload: list.reload,
  });
  const { can, start } = editor;
  const fresh: Partial<NoticeDraft> = { level: 'info', content: '', factoryIds: [], roleIds: [], userIds: [] };

  const audience = (r: NoticeRow) =>
    [
      r.factoryIds.length ? t('content.notice.factoriesCount', { count: r.factoryIds.length }) : null,
      r.roleIds.length ? t('content.notice.rolesCount', { count: r.roleIds.length }) : null,
      r.userIds.length ? t('content.notice.usersCount', { count: r.userIds.length }) : null,
    ]
      .filter(Boolean)
      .join(', ') || t('content.notice.everyone');

  const columns: TableColumnProps<NoticeRow>[] = [
    { title: t('content.notice.title'), dataIndex: 'title' },
    {
      title: t('content.notice.level'),
      dataIndex: 'level',
      width: 100,
      render: (v: string) => t(`content.level.${v}`),
    },
    { title: t('content.notice.audience'), render: (_: unknown, r: NoticeRow) => audience(r) },
    {
      title: t('content.notice.publishAt'),
      dataIndex: 'publishAt',
      render: (v: string) => new Date(v).toLocaleString(),
    },
    {
      title: t('content.notice.expireAt'),
      dataIndex: 'expireAt',
      render: (v: string | null) => (v ? new Date(v).toLocaleString() : '—'),
    },
    { title: t('content.notice.readCount'), dataIndex: 'readCount', width: 90 },
    {
      title: t('common:actions'),
      width: 200,
      render: (_: unknown, r: NoticeRow) => (
        <RecordActions
          {...editor.actions(r, () => start(r, r))}
          history={
            <HistoryButton target={{ entity: 'notice', recordId: r.id, title: r.title }} labels={noticeHistory(t)} />
          }
        />
      ),
    },
  ];

  return (
    <div data-testid="page-notice-admin">
      <SearchForm filters={[{ key: 'title', kind: 'text', label: t('content.notice.title') }]} onSearch={list.search} />
      <div className="page-toolbar">
        {can('add') && (
          <Button type="primary" data-testid="notice-add" onClick={() => start(null, fresh)}>
            {t('common:add')}
          </Button>
        )}
      </div>
      <PagedTable<NoticeRow> list={list} columns={columns} />
      <RecordModal
        editor={editor}
        titles={{ add: t('content.notice.addTitle'), edit: t('content.notice.editTitle') }}
        width={760}
        saveTestId="notice-save"
      >
        <Form.Item
          field="title"
          label={t('content.notice.title')}
          rules={[{ required: true, message: t('content.required') }, lengthRule(t, t('content.notice.title'), 200)]}
        >
          <Input data-testid="notice-title" maxLength={{ length: 200, errorOnly: true }} />
        </Form.Item>
        <Form.Item field="level" label={t('content.notice.level')}>
          <Select options={['info', 'warning', 'urgent'].map((v) => ({ value: v, label: t(`content.level.${v}`) }))} />
        </Form.Item>
        <Form.Item field="content" label={t('content.notice.content')}>
          <RichTextEditor testId="notice-content" />
        </Form.Item>
        <Form.Item field="factoryIds" label={t('content.notice.factories')}>
          <IdPicker def={factory} />
        </Form.Item>
        <Form.Item field="roleIds" label={t('content.notice.roles')}>
          <IdPicker def={role} />
        </Form.Item>
        <Form.Item field="userIds" label={t('content.notice.users')}>
          <IdPicker def={user} />
        </Form.Item>
        <Space>
          <Form.Item field="publishAt" label={t('content.notice.publishAt')}>
            <DatePicker showTime />
          </Form.Item>
          <Form.Item field="expireAt" label={t('content.notice.expireAt')}>
            <DatePicker showTime />
          </Form.Item>
        </Space>
      </RecordModal>
    </div>
  );
}
