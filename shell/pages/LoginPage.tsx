import { lazy, Suspense, useEffect, useState } from 'react';
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { loginNoticeAtom } from '../state/atoms';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { AccountLoginForm } from './login/AccountLoginForm';
import { SsoLogin } from './login/SsoLogin';
import { secondStepAtom } from './login/secondStep';
import { ChunkBoundary } from '../components/ChunkBoundary';
import { loadChunk } from '../chunks';
import { loadMoreTexts } from '../i18n';

const LoginNotice = lazy(() => loadChunk(() => import('./login/LoginNotice')));
// Most log in by account: the mobile form (its code request, its countdown) loads when its tab is chosen.
const MobileLoginForm = lazy(() =>
  loadChunk(() => import('./login/MobileLoginForm')).then((m) => ({ default: m.MobileLoginForm })),
);

// Few logins need a second step: its forms (and the field texts they show) load when one does.
const SecondStepForm = lazy(async () => {
  const [m] = await Promise.all([loadChunk(() => import('./login/SecondStepForm')), loadMoreTexts()]);
  return { default: m.SecondStepForm };
});

const WAYS = ['account', 'mobile'] as const;
type Way = (typeof WAYS)[number];

/** SPEC §2: login with an account tab or a mobile tab, with a tenant code. */
export function LoginPage() {
  const { t } = useTranslation('shell');
  const [notice, setNotice] = useAtom(loginNoticeAtom);
  const [secondStep, setSecondStep] = useAtom(secondStepAtom);
  const [way, setWay] = useState<Way>('account');
  // A second step belongs to this visit of the login page.
  useEffect(() => () => setSecondStep(null), [setSecondStep]);
  return (
    <div className="login-page">
      <div className="login-top">
        <LanguageSwitch />
      </div>
      <div className="login-card">
        <h1 className="login-title">{t('app.name')}</h1>
        <p className="login-subtitle">{t('login.subtitle')}</p>
        {notice && (
          <ChunkBoundary>
            <Suspense fallback={null}>
              <LoginNotice notice={notice} onClose={() => setNotice(null)} />
            </Suspense>
          </ChunkBoundary>
        )}
        {secondStep ? (
          <ChunkBoundary>
            <Suspense fallback={null}>
              <SecondStepForm />
            </Suspense>
          </ChunkBoundary>
        ) : (
          <>
            {/* Two tabs drawn here: Arco's Tabs bring a dropdown menu and the layout's sider along. */}
            <div className="login-tabs" role="tablist">
              {WAYS.map((w) => (
                <button
                  key={w}
                  type="button"
                  role="tab"
                  id={`login-tab-${w}`}
                  aria-selected={way === w}
                  aria-controls="login-way"
                  className={way === w ? 'login-tab login-tab-active' : 'login-tab'}
                  data-testid={`tab-${w}`}
                  onClick={() => setWay(w)}
                >
                  {t(w === 'account' ? 'login.accountTab' : 'login.mobileTab')}
                </button>
              ))}
            </div>
            <div role="tabpanel" id="login-way" aria-labelledby={`login-tab-${way}`}>
              {way === 'account' ? (
                <AccountLoginForm />
              ) : (
                <ChunkBoundary>
                  <Suspense fallback={null}>
                    <MobileLoginForm />
                  </Suspense>
                </ChunkBoundary>
              )}
            </div>
            <SsoLogin />
          </>
        )}
      </div>
    </div>
  );
}
