import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtom, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Form, Input, Tabs } from '@arco-design/web-react';
import type { CaptchaData } from '../../model';
import { endpoints } from '../api/endpoints';
import { factoryIdAtom, loginNoticeAtom, menuLoadedAtom, tokenAtom, tokenValidAtom, userAtom } from '../state/atoms';
import { useLanguage } from '../hooks/useLanguage';
import { LanguageSwitch } from '../layout/LanguageSwitch';

interface LoginForm {
  tenantCode: string;
  account: string;
  password: string;
  captcha?: string;
}

const LAST_TENANT = 'mes-portal:lastTenant';

export function LoginPage() {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginForm>();
  const [captcha, setCaptcha] = useState<CaptchaData | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useAtom(loginNoticeAtom);
  const setToken = useSetAtom(tokenAtom);
  const setTokenValid = useSetAtom(tokenValidAtom);
  const setUser = useSetAtom(userAtom);
  const [factoryId, setFactoryId] = useAtom(factoryIdAtom);
  const setMenuLoaded = useSetAtom(menuLoadedAtom);

  const refreshCaptcha = useCallback(async () => {
    const res = await endpoints.captcha();
    if (res.code === 200) setCaptcha(res.data);
    form.setFieldValue('captcha', '');
  }, [form]);

  useEffect(() => { void refreshCaptcha(); }, [refreshCaptcha]);

  const required = (field: string) => [{ required: true, message: t('login.required', { field: t(field) }) }];

  async function submit(values: LoginForm) {
    setSubmitting(true);
    try {
      const res = await endpoints.login({
        tenantCode: values.tenantCode.trim(),
        account: values.account.trim(),
        password: values.password,
        captchaId: captcha?.captchaId ?? undefined,
        captcha: values.captcha,
      });
      if (res.code !== 200) {
        void refreshCaptcha();
        return;
      }
      localStorage.setItem(LAST_TENANT, values.tenantCode.trim());
      setNotice(null);
      setToken(res.data.token);
      setTokenValid(true);
      setUser(res.data.user);
      const factories = await endpoints.factories();
      const list = factories.code === 200 ? factories.data.factoryList : [];
      if (!list.some((f) => f.id === factoryId)) setFactoryId(list[0]?.id ?? null);
      setMenuLoaded(false);
      navigate(`/${lang}`, { replace: true });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="login-page">
      <div className="login-top"><LanguageSwitch /></div>
      <div className="login-card">
        <h1 className="login-title">{t('app.name')}</h1>
        <p className="login-subtitle">{t('login.subtitle')}</p>
        {notice && <Alert type="warning" content={notice} className="login-notice" closable onClose={() => setNotice(null)} />}
        <Tabs defaultActiveTab="account">
          <Tabs.TabPane key="account" title={t('login.accountTab')}>
            <Form<LoginForm>
              form={form}
              layout="vertical"
              onSubmit={submit}
              initialValues={{ tenantCode: localStorage.getItem(LAST_TENANT) ?? 'demo' }}
              autoComplete="on"
            >
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
          </Tabs.TabPane>
        </Tabs>
      </div>
    </div>
  );
}
