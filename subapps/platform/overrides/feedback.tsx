import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Image, Input, Modal, Select, Space, Tag } from '@arco-design/web-react';
import { contract } from '../../../model/contract';
import { FEEDBACK_STATUSES } from '../../../model/account';
import type { FeedbackHandleInput } from '../../../model/feedback';
import type { ResourceRow } from '../../../model/engine';
import { useApi } from '../../kit/api';
import { lengthRule } from '../../kit/zodRules';
import type { ResourceOverrides } from '../../kit/engine/types';
import { act } from '../../kit/act';

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

function Status({ row }: { row: ResourceRow }) {
  const { t } = useTranslation(['model', 'platform']);
  return (
    <Space size="mini">
      <Tag color={row.status === 'processed' ? 'green' : 'orange'}>
        {t(`enum.feedbackStatus.${String(row.status)}`)}
      </Tag>
      {row.inProcess === true && <Tag color="arcoblue">{t('platform:content.feedback.inProcess')}</Tag>}
    </Space>
  );
}

/**
 * Handling: a status and an opinion, which the submitter sees in their own list. Feedback under a
 * running `feedback` process is handled through it: the server agrees the administrator's pending
 * task, or refuses when the task is someone else's.
 */
function HandleButton({ row, onHandled }: { row: ResourceRow; onHandled: () => void }) {
  const { t } = useTranslation(['platform', 'model']);
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<FeedbackHandleInput>();
  const statuses = FEEDBACK_STATUSES.map((v) => ({ value: v, label: t(`model:enum.feedbackStatus.${v}`) }));
  const save = async () => {
    const body = await form.validate();
    await api.call(contract.feedback.handle, { params: { id: row.id }, body, showSuccess: true });
    setOpen(false);
    onHandled();
  };
  return (
    <>
      <Button
        type="text"
        size="mini"
        data-testid="row-handle"
        onClick={() => {
          form.setFieldsValue({ status: 'processed', handleOpinion: String(row.handleOpinion ?? '') });
          setOpen(true);
        }}
      >
        {t('platform:content.feedback.handle')}
      </Button>
      <Modal
        title={t('platform:content.feedback.handle')}
        visible={open}
        style={{ width: 400 }}
        onOk={() => act(save)}
        onCancel={() => setOpen(false)}
        okButtonProps={{ 'data-testid': 'handle-ok' } as object}
      >
        <Form form={form} layout="vertical">
          <Form.Item field="status" label={t('model:feedback.status')}>
            <Select options={statuses} />
          </Form.Item>
          <Form.Item
            field="handleOpinion"
            label={t('model:feedback.handleOpinion')}
            rules={[lengthRule(t, t('model:feedback.handleOpinion'), 1000)]}
          >
            <Input.TextArea maxLength={{ length: 1000, errorOnly: true }} data-testid="handle-opinion" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Feedback: its pictures and submitter in the list, the status with whether a process holds it, and Handle. */
export const feedbackOverrides: ResourceOverrides = {
  cells: { status: (_v, row) => <Status row={row} /> },
  columns: (generated, { t }) => {
    const at = generated.findIndex((c) => c.key === 'description') + 1;
    const extra = [
      {
        key: 'pictures',
        title: t('model:feedback.pictures'),
        render: (_v: unknown, row: ResourceRow) => (
          <Image.PreviewGroup>
            <Space size="mini">
              {(Array.isArray(row.pictureIds) ? (row.pictureIds as string[]) : []).map((id) => (
                <Picture key={id} id={id} />
              ))}
            </Space>
          </Image.PreviewGroup>
        ),
      },
      {
        key: 'submitter',
        title: t('model:feedback.submitter'),
        render: (_v: unknown, row: ResourceRow) => String(row.userName ?? row.userAccount ?? ''),
      },
    ];
    return [...generated.slice(0, at), ...extra, ...generated.slice(at)];
  },
  rowActions: (row, ctx) => ctx.can('handle') && <HandleButton row={row} onHandled={ctx.reload} />,
  // Ids: the submitter and the handler are named by the entries themselves.
  historyLabels: (t) => ({
    fields: { pictures: t('model:feedback.pictures') },
    hidden: ['userId', 'factoryId', 'handledBy'],
  }),
};
