import { useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Descriptions, Drawer, Form, Input } from '@arco-design/web-react';
import { MOBILE_PATTERN, type UpdateProfileInput } from '../../model/account';
import { endpoints } from '../api/endpoints';
import { userAtom } from '../state/atoms';

/** The personal centre: who the user is, and what they may change of themselves. */
export function ProfileDrawer({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { t } = useTranslation(['shell', 'model']);
  const [user, setUser] = useAtom(userAtom);
  const [form] = Form.useForm<UpdateProfileInput>();
  const [saving, setSaving] = useState(false);
  const label = (key: string) => t(`model:account.${key}`);

  useEffect(() => {
    if (!visible) return;
    void endpoints.user().then((res) => {
      if (res.code !== 200) return;
      setUser(res.data);
      form.setFieldsValue({ nickname: res.data.nickname, email: res.data.email ?? '', mobile: res.data.mobile ?? '' });
    });
  }, [visible, form, setUser]);

  async function save() {
    let values: UpdateProfileInput;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const res = await endpoints.updateProfile(values);
      if (res.code === 200) {
        setUser(res.data);
        onClose();
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer title={t('account.profile')} visible={visible} width={420} onOk={save} onCancel={onClose} confirmLoading={saving} unmountOnExit>
      {user && (
        <Descriptions column={1} border data={[
          { label: t('login.tenantCode'), value: `${user.tenantName} (${user.tenantCode})` },
          { label: t('login.account'), value: user.account },
          { label: t('account.userType'), value: t(`account.type.${user.type}`) },
          { label: t('account.roles'), value: user.roles.map((r) => r.name).join(', ') || '-' },
        ]} style={{ marginBottom: 20 }} />
      )}
      <Form<UpdateProfileInput> form={form} layout="vertical">
        <Form.Item field="nickname" label={label('nickname')} rules={[{ required: true, message: t('model:validation.required', { field: label('nickname') }) }, { maxLength: 64, message: t('model:validation.tooLong', { field: label('nickname') }) }]}>
          <Input data-testid="profile-nickname" />
        </Form.Item>
        <Form.Item field="email" label={label('email')} rules={[{ type: 'email', message: t('model:validation.email', { field: label('email') }) }]}>
          <Input />
        </Form.Item>
        <Form.Item field="mobile" label={label('mobile')} rules={[{ match: MOBILE_PATTERN, message: t('model:validation.mobile', { field: label('mobile') }) }]}>
          <Input maxLength={11} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
