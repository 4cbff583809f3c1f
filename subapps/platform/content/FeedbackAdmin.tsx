import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Image, Input, Modal, Select, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { act } from './act';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { feedbackHistory } from './history-labels';
import { lengthRule } from '../../kit/zodRules';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import type { FeedbackAdminRow as FeedbackRow, FeedbackHandleInput } from '../../../model/feedback';
import { useApi } from '../../kit/api';
import { usePagedList } from '../../kit/usePagedList';
import { PagedTable } from '../../kit/PagedTable';
import { SearchForm } from '../../kit/SearchForm';

/** A feedback picture: a thumbnail that opens large (fetched through the bridge as a data URL). */
function Picture({ id }: { id: string }) {
  const api = useApi();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api
      .call(contract.feedback.pictureData, { params: { id }, showError: false })
      .then((r) => {
        if (live) setSrc(r.dataUrl);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, id]);
  return src ? <Image width={48} height={48} src={src} /> : null;
}

/**
 * Feedback handling: a status and an opinion, which the submitter sees in their own list. Feedback
 * under a running `feedback` process is handled through it: the server agrees the administrator's
 * pending task, or refuses when the task is someone else's.
 */
export function FeedbackAdmin() {
  const { t } = useTranslation(['platform', 'common']);
  const bridge = useBridge();
  const api = useApi();
  const { permissions } = useBridgeContext();
  const can = (verb: string) => permissions.includes(`system:feedback:${verb}`);
  const list = usePagedList(contract.feedback.page);
  const [handling, setHandling] = useState<FeedbackRow | null>(null);
  const [form] = Form.useForm<FeedbackHandleInput>();

  async function handle() {
    if (!handling) return;
    const v = await form.validate();
    await api.call(contract.feedback.handle, { params: { id: handling.id }, body: v, showSuccess: true });
    setHandling(null);
    list.reload();
  }

  async function remove(row: FeedbackRow) {
    if (!(await bridge.confirm({ title: t('common:deleteTitle'), content: t('common:deleteConfirm', { count: 1 }) })))
      return;
    await api.call(contract.feedback.remove, { params: { id: row.id }, showSuccess: true });
    list.reload();
  }

  const columns: TableColumnProps<FeedbackRow>[] = [
    { title: t('content.feedback.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('content.feedback.pictures'),
      render: (_: unknown, r: FeedbackRow) => (
        <Image.PreviewGroup>
          <Space size="mini">
            {r.pictureIds.map((id) => (
              <Picture key={id} id={id} />
            ))}
          </Space>
        </Image.PreviewGroup>
      ),
    },
    { title: t('content.feedback.submitter'), render: (_: unknown, r: FeedbackRow) => r.userName ?? r.userAccount },
    { title: t('content.feedback.contact'), dataIndex: 'contact' },
    {
      title: t('content.feedback.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => new Date(v).toLocaleString(),
    },
    {
      title: t('content.feedback.status'),
      dataIndex: 'status',
      render: (v: string, r: FeedbackRow) => (
        <Space size="mini">
          <Tag color={v === 'processed' ? 'green' : 'orange'}>{t(`content.feedbackStatus.${v}`)}</Tag>
          {r.inProcess && <Tag color="arcoblue">{t('content.feedback.inProcess')}</Tag>}
        </Space>
      ),
    },
    { title: t('content.feedback.opinion'), dataIndex: 'handleOpinion', ellipsis: true },
    {
      title: t('common:actions'),
      width: 200,
      render: (_: unknown, r: FeedbackRow) => (
        <Space size="mini">
          {can('handle') && (
            <Button
              type="text"
              size="mini"
              data-testid="feedback-handle"
              onClick={() => {
                form.setFieldsValue({ status: 'processed', handleOpinion: r.handleOpinion ?? '' });
                setHandling(r);
              }}
            >
              {t('content.feedback.handle')}
            </Button>
          )}
          {can('delete') && (
            <Button type="text" size="mini" status="danger" onClick={() => act(() => remove(r))}>
              {t('common:delete')}
            </Button>
          )}
          <HistoryButton
            target={{ entity: 'feedback', recordId: r.id, title: r.description.slice(0, 40) }}
            labels={feedbackHistory(t)}
          />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="page-feedback-admin">
      <SearchForm
        filters={[
          {
            key: 'status',
            kind: 'select',
            label: t('content.feedback.status'),
            options: ['unprocessed', 'processed'].map((v) => ({ value: v, label: t(`content.feedbackStatus.${v}`) })),
          },
        ]}
        onSearch={list.search}
      />
      <PagedTable<FeedbackRow> list={list} columns={columns} />
      <Modal
        title={t('content.feedback.handle')}
        visible={handling !== null}
        onOk={() => act(handle)}
        onCancel={() => setHandling(null)}
        okButtonProps={{ 'data-testid': 'feedback-handle-save' } as object}
      >
        <Form form={form} layout="vertical">
          <Form.Item field="status" label={t('content.feedback.status')}>
            <Select
              options={['unprocessed', 'processed'].map((v) => ({ value: v, label: t(`content.feedbackStatus.${v}`) }))}
            />
          </Form.Item>
          <Form.Item
            field="handleOpinion"
            label={t('content.feedback.opinion')}
            rules={[lengthRule(t, t('content.feedback.opinion'), 1000)]}
          >
            <Input.TextArea maxLength={{ length: 1000, errorOnly: true }} data-testid="feedback-opinion" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
