import { useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Link } from '@arco-design/web-react';
import { security } from '../../../model/contract/security';
import type { TotpSetup } from '../../../model/security';
import type { LoginData } from '../../../model/auth';
import { errorsOf, fieldErrors } from '../../../model/api';
import { callApi } from '../../api/client';
import { RecoveryCodeList } from '../../account/RecoveryCodeList';
import { secondStepAtom } from './secondStep';
import { useCompleteLogin } from './useCompleteLogin';
import { ExpiredPasswordForm } from './ExpiredPasswordForm';

/** The second step of a login: an authenticator or recovery code, or enrolment when the policy requires it. */
export function SecondStepForm() {
  const { t } = useTranslation('shell');
  const [step, setStep] = useAtom(secondStepAtom);
  const complete = useCompleteLogin();
  const [form] = Form.useForm<{ code: string }>();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [enrolled, setEnrolled] = useState<{ login: LoginData; codes: string[] } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (step?.secondStep !== 'enrol') return;
    void callApi(security.loginEnrolSetup, { body: { ticket: step.ticket } }).then((res) => {
      if (res.code === 200) setSetup(res.data);
      else setStep(null);
    });
  }, [step, setStep]);

  if (!step) return null;
  if (step.secondStep === 'password') return <ExpiredPasswordForm />;
  /** A 400 that names fields marks them; true when it did. */
  const showErrors = (data: unknown) => {
    const errors = errorsOf(data);
    if (errors.length) form.setFields(fieldErrors(errors));
    return errors.length > 0;
  };

  async function submit({ code }: { code: string }) {
    if (!step) return;
    setBusy(true);
    try {
      if (step.secondStep === 'totp') {
        const res = await callApi(security.loginSecondStep, {
          body: { ticket: step.ticket, code: code.trim() },
          showError: false,
        });
        // The step stays until the login page goes (LoginPage clears it then): the login forms it
        // would bring back call the API as a client, which the new session's token would turn into a 401.
        if (res.code === 200) return void (await complete(res.data, step.tenantCode));
        if (res.code === 400 && showErrors(res.data)) return;
        form.setFields({ code: { error: { message: res.msg } } });
        if (res.code !== 429) setTimeout(() => setStep(null), 2500);
        return;
      }
      const res = await callApi(security.loginEnrolConfirm, {
        body: { ticket: step.ticket, code: code.trim() },
        showError: false,
      });
      if (res.code === 200) {
        const { recoveryCodes, ...login } = res.data;
        return setEnrolled({ login, codes: recoveryCodes });
      }
      if (res.code === 400 && showErrors(res.data)) return;
      form.setFields({ code: { error: { message: res.msg } } });
    } finally {
      setBusy(false);
    }
  }

  if (enrolled) {
    return (
      <div data-testid="login-recovery-codes">
        <p>{t('twoFactor.recoveryCodesHelp')}</p>
        <RecoveryCodeList codes={enrolled.codes} />
        <Button
          type="primary"
          long
          data-testid="login-recovery-continue"
          onClick={() => {
            void complete(enrolled.login, step.tenantCode);
          }}
        >
          {t('twoFactor.savedContinue')}
        </Button>
      </div>
    );
  }

  const enrol = step.secondStep === 'enrol';
  return (
    <div data-testid={enrol ? 'login-enrol' : 'login-second-step'}>
      <p>{enrol ? t('twoFactor.enrolRequired') : t('twoFactor.enterCode')}</p>
      {enrol && setup && (
        <div className="two-factor-setup">
          <img src={setup.qrCode} alt={t('twoFactor.qrAlt')} width={180} height={180} />
          <div>{t('twoFactor.secretHelp')}</div>
          <code data-testid="totp-secret">{setup.secret}</code>
        </div>
      )}
      <Form form={form} layout="vertical" onSubmit={submit}>
        <Form.Item
          field="code"
          label={enrol ? t('twoFactor.code') : t('twoFactor.codeOrRecovery')}
          rules={[
            {
              required: true,
              message: t('login.required', { field: enrol ? t('twoFactor.code') : t('twoFactor.codeOrRecovery') }),
            },
          ]}
        >
          <Input
            name="code"
            autoComplete="one-time-code"
            autoFocus
            data-testid="second-step-code"
            maxLength={{ length: 32, errorOnly: true }}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          long
          loading={busy}
          disabled={enrol && !setup}
          data-testid="second-step-submit"
        >
          {enrol ? t('twoFactor.confirm') : t('login.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 12, textAlign: 'center' }}>
        <Link data-testid="second-step-back" onClick={() => setStep(null)}>
          {t('twoFactor.back')}
        </Link>
      </div>
    </div>
  );
}
