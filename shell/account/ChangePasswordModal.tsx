import { useTranslation } from 'react-i18next';
import { Form, Input, Modal } from '@arco-design/web-react';
import { accountEndpoints } from '../api/accountEndpoints';
import { errorsOf, fieldErrors } from '../../model/api';
import { useFormSubmit } from '../hooks/useFormSubmit';
import { newPasswordRules } from './passwordRules';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** SPEC §5: old required; new 6–16 of the allowed characters and not the old one; the confirmation matches. */
export function ChangePasswordModal({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'model']);
  const [form] = Form.useForm<Values>();
  const { busy, submit } = useFormSubmit(form);
  const label = (key: string) => t(`model:account.${key}`);
  const rules = newPasswordRules(t, form);

  const ok = () =>
    submit(async (values) => {
      const res = await accountEndpoints.changePassword({
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
      });
      if (res.code === 200) {
        form.resetFields();
        onClose();
      } else if (res.code === 400) form.setFields(fieldErrors(errorsOf(res.data)));
    });

  return (
    <Modal
      title={t('account.changePassword')}
      visible={visible}
      onOk={ok}
      onCancel={onClose}
      confirmLoading={busy}
      style={{ width: 400 }}
      unmountOnExit
    >
      <Form<Values> form={form} layout="vertical">
        <Form.Item
          field="oldPassword"
          label={label('oldPassword')}
          rules={[{ required: true, message: t('model:validation.required', { field: label('oldPassword') }) }]}
        >
          <Input.Password autoComplete="current-password" data-testid="old-password" />
        </Form.Item>
        <Form.Item
          field="newPassword"
          label={label('newPassword')}
          extra={t('account.passwordRule')}
          rules={[
            ...rules.newPassword,
            {
              validator: (v: string | undefined, cb) =>
                cb(
                  v && v === form.getFieldValue('oldPassword')
                    ? t('model:validation.passwordSame', { field: label('newPassword') })
                    : undefined,
                ),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="new-password" />
        </Form.Item>
        <Form.Item field="confirm" label={label('confirmPassword')} rules={rules.confirm}>
          <Input.Password autoComplete="new-password" data-testid="confirm-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
