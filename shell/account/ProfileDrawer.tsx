import { useEffect, useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Descriptions, Divider, Drawer, Form, Input, Select } from '@arco-design/web-react';
import { MOBILE_PATTERN, type UpdateProfileInput } from '../../model/account';
import { EXTENSION_PATTERN } from '../../model/resources/staff';
import type { PersonalCenterInput, StaffDetail } from '../../model/staff';
import { endpoints } from '../api/endpoints';
import { accountEndpoints } from '../api/accountEndpoints';
import { factoryIdAtom, userAtom } from '../state/atoms';
import { OwnSessions } from './OwnSessions';
import { TwoFactorSection } from './TwoFactorSection';
import { useEscapeCloses } from '../hooks/useEscapeCloses';

/** The personal centre: who the user is, and what they may change of themselves. */
export function ProfileDrawer({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  useEscapeCloses(visible, onClose);
  const { t } = useTranslation(['shell', 'model']);
  const [user, setUser] = useAtom(userAtom);
  const [form] = Form.useForm<UpdateProfileInput>();
  const [saving, setSaving] = useState(false);
  // Fields stay read-only until the stored values have arrived, which would otherwise replace what was typed.
  const [loaded, setLoaded] = useState(false);
  const label = (key: string) => t(`model:account.${key}`);
  // The user's staff record in the current factory, when there is one (SPEC §7).
  const factoryId = useAtomValue(factoryIdAtom);
  const [staff, setStaff] = useState<StaffDetail | null>(null);
  const [staffForm] = Form.useForm<PersonalCenterInput>();
  const staffLabel = (key: string) => t(`model:staff.${key}`);

  useEffect(() => {
    if (!visible) return;
    setLoaded(false);
    void endpoints.user().then((res) => {
      if (res.code !== 200) return;
      setUser(res.data);
      form.setFieldsValue({ nickname: res.data.nickname, email: res.data.email ?? '', mobile: res.data.mobile ?? '' });
      setLoaded(true);
    });
    setStaff(null);
    if (factoryId) {
      void accountEndpoints.staffDetail(factoryId).then((res) => {
        if (res.code !== 200) return;
        setStaff(res.data);
        staffForm.setFieldsValue({
          englishName: res.data.englishName ?? '',
          sex: res.data.sex === 'male' || res.data.sex === 'female' ? res.data.sex : null,
          extensionNumber: res.data.extensionNumber ?? '',
        });
      });
    }
  }, [visible, form, staffForm, setUser, factoryId]);

  async function save() {
    let values: UpdateProfileInput;
    let staffValues: PersonalCenterInput | null = null;
    try {
      values = await form.validate();
      if (staff) staffValues = await staffForm.validate();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (staffValues) {
        const body = {
          englishName: staffValues.englishName || null,
          sex: staffValues.sex ?? null,
          extensionNumber: staffValues.extensionNumber || null,
        };
        if ((await accountEndpoints.updateStaff(body)).code !== 200) return;
      }
      const res = await accountEndpoints.updateProfile(values);
      if (res.code === 200) {
        setUser(res.data);
        onClose();
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Drawer
      title={t('account.profile')}
      visible={visible}
      width={420}
      onOk={save}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: !loaded }}
      unmountOnExit
    >
      {user && (
        <Descriptions
          column={1}
          border
          data={[
            { label: t('login.tenantCode'), value: `${user.tenantName} (${user.tenantCode})` },
            { label: t('login.account'), value: user.account },
            { label: t('account.userType'), value: t(`account.type.${user.type}`) },
            { label: t('account.roles'), value: user.roles.map((r) => r.name).join(', ') || '-' },
          ]}
          style={{ marginBottom: 20 }}
        />
      )}
      <Form<UpdateProfileInput> form={form} layout="vertical" disabled={!loaded}>
        <Form.Item
          field="nickname"
          label={label('nickname')}
          rules={[
            { required: true, message: t('model:validation.required', { field: label('nickname') }) },
            { maxLength: 64, message: t('model:validation.tooLong', { field: label('nickname') }) },
          ]}
        >
          <Input data-testid="profile-nickname" />
        </Form.Item>
        <Form.Item
          field="email"
          label={label('email')}
          rules={[{ type: 'email', message: t('model:validation.email', { field: label('email') }) }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          field="mobile"
          label={label('mobile')}
          rules={[{ match: MOBILE_PATTERN, message: t('model:validation.mobile', { field: label('mobile') }) }]}
        >
          <Input maxLength={{ length: 11, errorOnly: true }} data-testid="profile-mobile" />
        </Form.Item>
      </Form>
      {staff && (
        <div data-testid="profile-staff">
          <Divider orientation="left">{t('model:staff._title')}</Divider>
          <Descriptions
            column={1}
            border
            data={[
              { label: staffLabel('code'), value: staff.code },
              { label: staffLabel('name'), value: staff.name },
              { label: staffLabel('departmentId'), value: staff.departmentName ?? '-' },
              { label: staffLabel('job'), value: staff.job ?? '-' },
              { label: staffLabel('entryDate'), value: staff.entryDate ?? '-' },
            ]}
            style={{ marginBottom: 16 }}
          />
          <Form<PersonalCenterInput> form={staffForm} layout="vertical">
            <Form.Item
              field="englishName"
              label={staffLabel('englishName')}
              rules={[{ maxLength: 64, message: t('model:validation.tooLong', { field: staffLabel('englishName') }) }]}
            >
              <Input data-testid="profile-english-name" />
            </Form.Item>
            <Form.Item field="sex" label={staffLabel('sex')}>
              <Select
                allowClear
                options={['male', 'female'].map((v) => ({ value: v, label: t(`model:enum.sex.${v}`) }))}
              />
            </Form.Item>
            <Form.Item
              field="extensionNumber"
              label={staffLabel('extensionNumber')}
              rules={[
                {
                  match: new RegExp(EXTENSION_PATTERN.source),
                  message: t(`model:${EXTENSION_PATTERN.key}`, { field: staffLabel('extensionNumber') }),
                },
              ]}
            >
              <Input data-testid="profile-extension" maxLength={{ length: 10, errorOnly: true }} />
            </Form.Item>
          </Form>
        </div>
      )}
      <Divider orientation="left">{t('twoFactor.title')}</Divider>
      <TwoFactorSection />
      <Divider orientation="left">{t('sessions.title')}</Divider>
      <OwnSessions />
    </Drawer>
  );
}
