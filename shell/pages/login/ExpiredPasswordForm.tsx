import { useState } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Link } from '@arco-design/web-react';
import { security } from '../../../model/contract/security';
import { isSecondStep } from '../../../model/login-steps';
import { errorsOf, fieldErrors } from '../../../model/api';
import { callApi } from '../../api/client';
import { secondStepAtom } from './secondStep';
import { useCompleteLogin } from './useCompleteLogin';
import { newPasswordRules } from '../../account/passwordRules';

interface Values {
  newPassword: string;
  confirm: string;
}

/** An expired password is changed during login (the tenant's password policy); then the login goes on. */
export function ExpiredPasswordForm() {
  const { t } = useTranslation(['shell', 'model']);
  const [step, setStep] = useAtom(secondStepAtom);
  const complete = useCompleteLogin();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const label = (key: string) => t(`model:account.${key}`);
  const rules = newPasswordRules(t, form);
  if (!step) return null;

  async function submit(values: Values) {
    if (!step) return;
    setBusy(true);
    try {
      const res = await callApi(security.loginPasswordChange, {
        body: { ticket: step.ticket, newPassword: values.newPassword },
        showError: false,
      });
      if (res.code === 200) {
        if (isSecondStep(res.data)) return setStep({ ...res.data, tenantCode: step.tenantCode });
        return void (await complete(res.data, step.tenantCode));
      }
      const errors = errorsOf(res.data);
      if (errors.length) form.setFields(fieldErrors(errors));
      else form.setFields({ newPassword: { error: { message: res.msg } } });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div data-testid="login-password-expired">
      <p>{t('twoFactor.passwordExpired')}</p>
      <Form<Values> form={form} layout="vertical" onSubmit={submit}>
        <Form.Item
          field="newPassword"
          label={label('newPassword')}
          extra={t('account.passwordRule')}
          rules={rules.newPassword}
        >
          <Input.Password autoComplete="new-password" data-testid="expired-new-password" />
        </Form.Item>
        <Form.Item field="confirm" label={label('confirmPassword')} rules={rules.confirm}>
          <Input.Password autoComplete="new-password" data-testid="expired-confirm-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" long loading={busy} data-testid="expired-submit">
          {t('twoFactor.confirm')}
        </Button>
      </Form>
      <div style={{ marginTop: 12, textAlign: 'center' }}>
        <Link onClick={() => setStep(null)}>{t('twoFactor.back')}</Link>
      </div>
    </div>
  );
}
