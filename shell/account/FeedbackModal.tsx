import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Input, Message, Modal, Upload } from '@arco-design/web-react';
import type { UploadItem } from '@arco-design/web-react/es/Upload';
import { FEEDBACK_MAX_DESCRIPTION, FEEDBACK_MAX_PICTURES, PICTURE_MAX_BYTES } from '../../model/account';
import { accountEndpoints } from '../api/accountEndpoints';
import { useFormSubmit } from '../hooks/useFormSubmit';
import { MyFeedbackList } from './MyFeedbackList';

interface Values {
  description: string;
  contact?: string;
}
const ACCEPT = '.jpg,.jpeg,.gif,.png,.bmp';

/** SPEC §5: the description is required (≤ 500); pictures ≤ 3 MB in jpg, gif, png or bmp (the server checks the content). */
export function FeedbackModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'model']);
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<UploadItem[]>([]);
  const { busy, submit } = useFormSubmit(form);
  const [saved, setSaved] = useState(0);
  const label = (key: string) => t(`model:feedback.${key}`);

  function beforeUpload(file: File) {
    if (!/\.(jpe?g|gif|png|bmp)$/i.test(file.name)) {
      Message.error(t('feedback.pictureType'));
      return false;
    }
    if (file.size > PICTURE_MAX_BYTES) {
      Message.error(t('feedback.pictureTooLarge'));
      return false;
    }
    return true;
  }

  const ok = () =>
    submit(async (values) => {
      const body = new FormData();
      body.append('description', values.description);
      if (values.contact) body.append('contact', values.contact);
      for (const f of files) if (f.originFile) body.append('pictures', f.originFile, f.originFile.name);
      const res = await accountEndpoints.saveFeedback(body);
      if (res.code === 200) {
        form.resetFields();
        setFiles([]);
        setSaved((n) => n + 1);
        onClose();
      }
    });

  return (
    <Modal
      title={t('feedback.title')}
      visible={visible}
      onOk={ok}
      onCancel={onClose}
      confirmLoading={busy}
      style={{ width: 700 }}
      unmountOnExit
    >
      <Form<Values> form={form} layout="vertical">
        <Form.Item
          field="description"
          label={label('description')}
          rules={[
            { required: true, message: t('model:validation.required', { field: label('description') }) },
            {
              maxLength: FEEDBACK_MAX_DESCRIPTION,
              message: t('model:validation.tooLong', { field: label('description') }),
            },
          ]}
        >
          <Input.TextArea
            maxLength={{ length: FEEDBACK_MAX_DESCRIPTION, errorOnly: true }}
            showWordLimit
            autoSize={{ minRows: 4 }}
            data-testid="feedback-description"
          />
        </Form.Item>
        <Form.Item
          field="contact"
          label={label('contact')}
          rules={[{ maxLength: 64, message: t('model:validation.tooLong', { field: label('contact') }) }]}
        >
          <Input maxLength={{ length: 64, errorOnly: true }} />
        </Form.Item>
        <Form.Item label={label('pictures')} extra={t('feedback.pictureRule', { count: FEEDBACK_MAX_PICTURES })}>
          <Upload
            listType="picture-card"
            accept={ACCEPT}
            multiple
            limit={FEEDBACK_MAX_PICTURES}
            autoUpload={false}
            fileList={files}
            onChange={setFiles}
            beforeUpload={beforeUpload}
            imagePreview
          />
        </Form.Item>
      </Form>
      <MyFeedbackList version={saved} />
    </Modal>
  );
}
