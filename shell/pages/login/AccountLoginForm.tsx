import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input } from '@arco-design/web-react';
import type { CaptchaData } from '../../../model';
import { endpoints } from '../../api/endpoints';
import { LAST_TENANT, useCompleteLogin } from './useCompleteLogin';
import { useSetAtom } from 'jotai';
import { isSecondStep } from '../../../model/login-steps';
import { secondStepAtom } from './secondStep';

interface Values {
  tenantCode: string;
  account: string;
  password: string;
  captcha?: string;
}

/** Login by tenant code, account and password, with a captcha unless it is switched off. */
export function AccountLoginForm() {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<Values>();
  const [captcha, setCaptcha] = useState<CaptchaData | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const complete = useCompleteLogin();
  const setSecondStep = useSetAtom(secondStepAtom);

  const refreshCaptcha = useCallback(async () => {
    const res = await endpoints.captcha();
    if (res.code === 200) setCaptcha(res.data);
    form.setFieldValue('captcha', '');
  }, [form]);

  useEffect(() => { void refreshCaptcha(); }, [refreshCaptcha]);

  const required = (field: string) => [{ required: true, message: t('login.required', { field: t(field) }) }];

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      const tenantCode = values.tenantCode.trim();
      const res = await endpoints.login({
        tenantCode,
        account: values.account.trim(),
        password: values.password,
        captchaId: captcha?.captchaId ?? undefined,
        captcha: values.captcha,
      });
      if (res.code !== 200) return void refreshCaptcha();
      if (isSecondStep(res.data)) return void setSecondStep({ ...res.data, tenantCode });
      await complete(res.data, tenantCode);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<Values> form={form} layout="vertical" onSubmit={submit} autoComplete="on"
      initialValues={{ tenantCode: localStorage.getItem(LAST_TENANT) ?? 'demo' }}>
      <Form.Item field="tenantCode" label={t('login.tenantCode')} rules={required('login.tenantCode')}>
        <Input name="tenantCode" placeholder={t('login.tenantCodePlaceholder')} />
      </Form.Item>
      <Form.Item field="account" label={t('login.account')} rules={required('login.account')}>
        <Input name="account" autoComplete="username" placeholder={t('login.accountPlaceholder')} />
      </Form.Item>
      <Form.Item field="password" label={t('login.password')} rules={required('login.password')}>
        <Input.Password name="password" autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
      </Form.Item>
      {captcha?.enabled && (
        <Form.Item field="captcha" label={t('login.captcha')} rules={required('login.captcha')}>
          <Input
            name="captcha"
            className="login-captcha"
            placeholder={t('login.captchaPlaceholder')}
            addAfter={captcha.image ? (
              <img src={captcha.image} alt={t('login.captchaAlt')} title={t('login.captchaRefresh')} onClick={() => void refreshCaptcha()} />
            ) : null}
          />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" long loading={submitting} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
