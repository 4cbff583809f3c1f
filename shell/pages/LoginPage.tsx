import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Alert, Tabs } from '@arco-design/web-react';
import { loginNoticeAtom } from '../state/atoms';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { AccountLoginForm } from './login/AccountLoginForm';
import { MobileLoginForm } from './login/MobileLoginForm';
import { SsoLogin } from './login/SsoLogin';
import { SecondStepForm } from './login/SecondStepForm';
import { secondStepAtom } from './login/secondStep';

/** SPEC §2: login with an account tab or a mobile tab, with a tenant code. */
export function LoginPage() {
  const { t } = useTranslation('shell');
  const [notice, setNotice] = useAtom(loginNoticeAtom);
  const [secondStep, setSecondStep] = useAtom(secondStepAtom);
  // A second step belongs to this visit of the login page.
  useEffect(() => () => setSecondStep(null), [setSecondStep]);
  return (
    <div className="login-page">
      <div className="login-top"><LanguageSwitch /></div>
      <div className="login-card">
        <h1 className="login-title">{t('app.name')}</h1>
        <p className="login-subtitle">{t('login.subtitle')}</p>
        {notice && <Alert type="warning" content={notice} className="login-notice" closable onClose={() => setNotice(null)} />}
        {secondStep ? <SecondStepForm /> : <>
        <Tabs defaultActiveTab="account" destroyOnHide>
          <Tabs.TabPane key="account" title={<span data-testid="tab-account">{t('login.accountTab')}</span>}>
            <AccountLoginForm />
          </Tabs.TabPane>
          <Tabs.TabPane key="mobile" title={<span data-testid="tab-mobile">{t('login.mobileTab')}</span>}>
            <MobileLoginForm />
          </Tabs.TabPane>
        </Tabs>
        <SsoLogin />
        </>}
      </div>
    </div>
  );
}
