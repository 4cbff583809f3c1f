import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@arco-design/web-react';
import type { CaptchaData } from '../../../model';
import { endpoints } from '../../api/endpoints';
import { LAST_TENANT, useLoginSubmit } from './useCompleteLogin';
import { Field, LoginForm, TenantCodeField, required, useFields } from './fields';

import { keepPasswordEyesNamed } from '../../../bridge/arco-password';

/** Login by tenant code, account and password, with a captcha unless it is switched off. */
export function AccountLoginForm() {
  const { t } = useTranslation('shell');
  // The password's eye gets a name here: the mender of the rest of Arco's markup is not loaded on the login page.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(
    () => (formRef.current ? keepPasswordEyesNamed(formRef.current, () => t('login.showPassword')) : undefined),
    [t],
  );
  const form = useFields({
    tenantCode: localStorage.getItem(LAST_TENANT) ?? 'demo',
    account: '',
    password: '',
    captcha: '',
  });
  const { values, errors } = form;
  const [captcha, setCaptcha] = useState<CaptchaData | null>(null);

  const refreshCaptcha = useCallback(async () => {
    const res = await endpoints.captcha();
    if (res.code === 200) setCaptcha(res.data);
    form.set('captcha', '');
  }, []);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);
  const { submitting, submit: login } = useLoginSubmit(() => void refreshCaptcha());

  const checks = {
    tenantCode: [required(t('login.required', { field: t('login.tenantCode') }))],
    account: [required(t('login.required', { field: t('login.account') }))],
    password: [required(t('login.required', { field: t('login.password') }))],
    ...(captcha?.enabled ? { captcha: [required(t('login.required', { field: t('login.captcha') }))] } : {}),
  };

  function submit() {
    if (!form.validate(checks)) return;
    const tenantCode = values.tenantCode.trim();
    void login(tenantCode, () =>
      endpoints.login({
        tenantCode,
        account: values.account.trim(),
        password: values.password,
        captchaId: captcha?.captchaId ?? undefined,
        captcha: captcha?.enabled ? values.captcha : undefined,
      }),
    );
  }

  return (
    <LoginForm
      formRef={formRef}
      autoComplete="on"
      onSubmit={submit}
      submitting={submitting}
      submitTestId="login-submit"
    >
      <TenantCodeField id="login-tenantCode" form={form} checks={checks.tenantCode} />
      <Field id="login-account" label={t('login.account')} error={errors.account}>
        <Input
          id="login-account"
          name="account"
          autoComplete="username"
          {...form.bind('account', checks.account)}
          placeholder={t('login.accountPlaceholder')}
        />
      </Field>
      <Field id="login-password" label={t('login.password')} error={errors.password}>
        <Input.Password
          id="login-password"
          name="password"
          autoComplete="current-password"
          {...form.bind('password', checks.password)}
          placeholder={t('login.passwordPlaceholder')}
        />
      </Field>
      {captcha?.enabled && (
        <Field id="login-captcha" label={t('login.captcha')} error={errors.captcha}>
          <Input
            id="login-captcha"
            name="captcha"
            className="login-captcha"
            {...form.bind('captcha', checks.captcha)}
            placeholder={t('login.captchaPlaceholder')}
            addAfter={
              captcha.image ? (
                <img
                  src={captcha.image}
                  alt={t('login.captchaAlt')}
                  title={t('login.captchaRefresh')}
                  onClick={() => void refreshCaptcha()}
                />
              ) : null
            }
          />
        </Field>
      )}
    </LoginForm>
  );
}
