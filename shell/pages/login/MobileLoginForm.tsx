import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '@arco-design/web-react';
import { MOBILE_PATTERN } from '../../../model/patterns';
import { endpoints } from '../../api/endpoints';
import { LAST_TENANT, useLoginSubmit } from './useCompleteLogin';
import { Field, LoginForm, TenantCodeField, matches, required, useFields } from './fields';

/** SPEC §9: one code per number a minute. */
const RESEND_SECONDS = 60;

/** Login by tenant code, 11-digit mobile number and a 6-digit SMS code. */
export function MobileLoginForm() {
  const { t } = useTranslation('shell');
  const form = useFields({ tenantCode: localStorage.getItem(LAST_TENANT) ?? 'demo', mobile: '', code: '' });
  const { values, errors } = form;
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  const { submitting, submit: login } = useLoginSubmit();

  useEffect(() => {
    if (wait <= 0) return;
    const id = window.setTimeout(() => setWait((s) => s - 1), 1000);
    return () => window.clearTimeout(id);
  }, [wait]);

  const checks = {
    tenantCode: [required(t('login.required', { field: t('login.tenantCode') }))],
    mobile: [
      required(t('login.required', { field: t('login.mobile') })),
      matches(MOBILE_PATTERN, t('login.mobileInvalid')),
    ],
    code: [required(t('login.required', { field: t('login.smsCode') })), matches(/^\d{6}$/, t('login.smsCodeInvalid'))],
  };

  async function send() {
    if (!form.validate({ tenantCode: checks.tenantCode, mobile: checks.mobile })) return;
    setSending(true);
    try {
      const res = await endpoints.sendSmsCode(values.tenantCode.trim(), values.mobile.trim());
      if (res.code === 200) setWait(RESEND_SECONDS);
    } finally {
      setSending(false);
    }
  }

  function submit() {
    if (!form.validate(checks)) return;
    const tenantCode = values.tenantCode.trim();
    void login(tenantCode, () =>
      endpoints.loginByMobile({ tenantCode, mobile: values.mobile.trim(), code: values.code.trim() }),
    );
  }

  return (
    <LoginForm onSubmit={submit} submitting={submitting} submitTestId="mobile-login-submit">
      <TenantCodeField id="mobile-tenantCode" form={form} checks={checks.tenantCode} />
      <Field id="mobile-mobile" label={t('login.mobile')} error={errors.mobile}>
        <Input
          id="mobile-mobile"
          name="mobile"
          inputMode="numeric"
          maxLength={{ length: 11, errorOnly: true }}
          {...form.bind('mobile', checks.mobile)}
          placeholder={t('login.mobilePlaceholder')}
        />
      </Field>
      <Field id="mobile-code" label={t('login.smsCode')} error={errors.code}>
        <Input
          id="mobile-code"
          name="smsCode"
          inputMode="numeric"
          maxLength={{ length: 6, errorOnly: true }}
          {...form.bind('code', checks.code)}
          placeholder={t('login.smsCodePlaceholder')}
          addAfter={
            <Button
              type="text"
              size="small"
              disabled={wait > 0}
              loading={sending}
              onClick={() => void send()}
              data-testid="sms-send"
            >
              {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
            </Button>
          }
        />
      </Field>
    </LoginForm>
  );
}
