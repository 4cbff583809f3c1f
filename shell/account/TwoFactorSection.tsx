import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Space, Tag } from '@arco-design/web-react';
import { contract } from '../api/contract';
import type { TotpSetup, TwoFactorStatus } from '../../model/security';
import { callApi } from '../api/client';
import { errorsOf, fieldErrors } from '../../model/api';
import { useFormSubmit } from '../hooks/useFormSubmit';
import { RecoveryCodeList } from './RecoveryCodeList';

type Mode = 'view' | 'setup' | 'codes' | 'disable';

/** Two-factor login in the personal centre: enrol with a QR code and a code, see the recovery codes once, turn it off. */
export function TwoFactorSection() {
  const { t } = useTranslation(['shell', 'model']);
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [mode, setMode] = useState<Mode>('view');
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [form] = Form.useForm<{ code: string; password?: string }>();
  const { busy, setBusy, submit } = useFormSubmit(form);

  const load = useCallback(async () => {
    const res = await callApi(contract.security.twoFactor);
    if (res.code === 200) setStatus(res.data);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const showErrors = (data: unknown) => form.setFields(fieldErrors(errorsOf(data)));

  async function start() {
    setBusy(true);
    try {
      const res = await callApi(contract.security.twoFactorSetup);
      if (res.code !== 200) return;
      setSetup(res.data);
      form.resetFields();
      setMode('setup');
    } finally {
      setBusy(false);
    }
  }

  const confirm = () =>
    submit(async (values) => {
      const res = await callApi(contract.security.twoFactorEnable, {
        body: { code: values.code.trim() },
        showError: false,
      });
      if (res.code === 200) {
        setCodes(res.data.recoveryCodes);
        setMode('codes');
        await load();
      } else if (res.code === 400) showErrors(res.data);
      else form.setFields({ code: { error: { message: res.msg } } });
    });

  const disable = () =>
    submit(async (values) => {
      const res = await callApi(contract.security.twoFactorDisable, {
        body: { password: values.password ?? '', code: values.code.trim() },
        showError: false,
      });
      if (res.code === 200) {
        setMode('view');
        await load();
      } else if (res.code === 400) showErrors(res.data);
      else form.setFields({ code: { error: { message: res.msg } } });
    });

  if (!status) return null;
  const codeInput = (
    <Input autoComplete="one-time-code" data-testid="two-factor-code" maxLength={{ length: 32, errorOnly: true }} />
  );
  const codeRule = [{ required: true, message: t('model:validation.required', { field: t('twoFactor.code') }) }];
  return (
    <div data-testid="two-factor-section">
      {mode === 'view' && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <div>
            {status.enabled ? (
              <Tag color="green" data-testid="two-factor-state" data-state="on">
                {t('twoFactor.on')}
              </Tag>
            ) : (
              <Tag data-testid="two-factor-state" data-state="off">
                {t('twoFactor.off')}
              </Tag>
            )}
            {status.required && (
              <Tag color="orangered" style={{ marginLeft: 6 }}>
                {t('twoFactor.requiredByPolicy')}
              </Tag>
            )}
          </div>
          {status.enabled && <div>{t('twoFactor.recoveryLeft', { count: status.recoveryCodesLeft })}</div>}
          {!status.enabled && status.policy === 'off' && <div>{t('twoFactor.policyOff')}</div>}
          {!status.enabled && status.policy !== 'off' && (
            <Button type="primary" loading={busy} data-testid="two-factor-setup" onClick={() => void start()}>
              {t('twoFactor.setUp')}
            </Button>
          )}
          {status.enabled && !status.required && (
            <Button
              status="danger"
              data-testid="two-factor-disable"
              onClick={() => {
                form.resetFields();
                setMode('disable');
              }}
            >
              {t('twoFactor.turnOff')}
            </Button>
          )}
        </Space>
      )}
      {mode === 'setup' && setup && (
        <div>
          <p>{t('twoFactor.scanHelp')}</p>
          <div className="two-factor-setup">
            <img src={setup.qrCode} alt={t('twoFactor.qrAlt')} width={180} height={180} />
            <div>{t('twoFactor.secretHelp')}</div>
            <code data-testid="totp-secret">{setup.secret}</code>
          </div>
          <Form form={form} layout="vertical">
            <Form.Item field="code" label={t('twoFactor.code')} rules={codeRule}>
              {codeInput}
            </Form.Item>
          </Form>
          <Space>
            <Button type="primary" loading={busy} data-testid="two-factor-confirm" onClick={() => void confirm()}>
              {t('twoFactor.confirm')}
            </Button>
            <Button onClick={() => setMode('view')}>{t('twoFactor.cancel')}</Button>
          </Space>
        </div>
      )}
      {mode === 'codes' && (
        <div data-testid="two-factor-codes">
          <p>{t('twoFactor.recoveryCodesHelp')}</p>
          <RecoveryCodeList codes={codes} />
          <Button
            type="primary"
            data-testid="two-factor-codes-done"
            onClick={() => {
              setCodes([]);
              setMode('view');
            }}
          >
            {t('twoFactor.savedDone')}
          </Button>
        </div>
      )}
      {mode === 'disable' && (
        <div>
          <Form form={form} layout="vertical">
            <Form.Item
              field="password"
              label={t('twoFactor.password')}
              rules={[{ required: true, message: t('model:validation.required', { field: t('twoFactor.password') }) }]}
            >
              <Input.Password autoComplete="current-password" data-testid="two-factor-password" />
            </Form.Item>
            <Form.Item
              field="code"
              label={t('twoFactor.codeOrRecovery')}
              rules={[
                { required: true, message: t('model:validation.required', { field: t('twoFactor.codeOrRecovery') }) },
              ]}
            >
              {codeInput}
            </Form.Item>
          </Form>
          <Space>
            <Button
              status="danger"
              type="primary"
              loading={busy}
              data-testid="two-factor-disable-confirm"
              onClick={() => void disable()}
            >
              {t('twoFactor.turnOff')}
            </Button>
            <Button onClick={() => setMode('view')}>{t('twoFactor.cancel')}</Button>
          </Space>
        </div>
      )}
    </div>
  );
}
