import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input } from '@arco-design/web-react';
import { MOBILE_PATTERN } from '../../../model/patterns';
import { endpoints } from '../../api/endpoints';
import { LAST_TENANT, useCompleteLogin } from './useCompleteLogin';
import { useSetAtom } from 'jotai';
import { isSecondStep } from '../../../model/login-steps';
import { secondStepAtom } from './secondStep';

interface Values {
  tenantCode: string;
  mobile: string;
  code: string;
}

/** SPEC §9: one code per number a minute. */
const RESEND_SECONDS = 60;

/** Login by tenant code, 11-digit mobile number and a 6-digit SMS code. */
export function MobileLoginForm() {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<Values>();
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const complete = useCompleteLogin();
  const setSecondStep = useSetAtom(secondStepAtom);

  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);

  const required = (field: string) => ({ required: true, message: t('login.required', { field: t(field) }) });
  const mobileRule = { match: MOBILE_PATTERN, message: t('login.mobileInvalid') };

  async function send() {
    try {
      await form.validate(['tenantCode', 'mobile']);
    } catch {
      return;
    }
    setSending(true);
    try {
      const { tenantCode, mobile } = form.getFieldsValue(['tenantCode', 'mobile']) as Pick<Values, 'tenantCode' | 'mobile'>;
      const res = await endpoints.sendSmsCode(tenantCode.trim(), mobile.trim());
      if (res.code === 200) setWait(RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  }

  async function submit(values: Values) {
    setSubmitting(true);
    try {
      const tenantCode = values.tenantCode.trim();
      const res = await endpoints.loginByMobile({ tenantCode, mobile: values.mobile.trim(), code: values.code.trim() });
      if (res.code !== 200) return;
      if (isSecondStep(res.data)) return void setSecondStep({ ...res.data, tenantCode });
      await complete(res.data, tenantCode);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form<Values> form={form} layout="vertical" onSubmit={submit}
      initialValues={{ tenantCode: localStorage.getItem(LAST_TENANT) ?? 'demo' }}>
      <Form.Item field="tenantCode" label={t('login.tenantCode')} rules={[required('login.tenantCode')]}>
        <Input name="tenantCode" placeholder={t('login.tenantCodePlaceholder')} />
      </Form.Item>
      <Form.Item field="mobile" label={t('login.mobile')} rules={[required('login.mobile'), mobileRule]}>
        <Input name="mobile" inputMode="numeric" maxLength={{ length: 11, errorOnly: true }} placeholder={t('login.mobilePlaceholder')} />
      </Form.Item>
      <Form.Item field="code" label={t('login.smsCode')} rules={[required('login.smsCode'), { match: /^\d{6}$/, message: t('login.smsCodeInvalid') }]}>
        <Input
          name="smsCode"
          inputMode="numeric"
          maxLength={{ length: 6, errorOnly: true }}
          placeholder={t('login.smsCodePlaceholder')}
          addAfter={
            <Button type="text" size="small" disabled={wait > 0} loading={sending} onClick={() => void send()} data-testid="sms-send">
              {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
            </Button>
          }
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" long loading={submitting} data-testid="mobile-login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
