import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@arco-design/web-react';
import { loadChunk } from '../../chunks';
import { ChunkBoundary } from '../../components/ChunkBoundary';
import { sso } from '../../../model/contract/sso';
import { urlOf } from '../../../model/contract/client';
import { endpoints } from '../../api/endpoints';
import { useLanguage } from '../../hooks/useLanguage';
import { LAST_TENANT, useCompleteLogin } from './useCompleteLogin';

const LoginNotice = lazy(() => loadChunk(() => import('./LoginNotice')));

const KNOWN_ERRORS = [
  'ssoNoAccount',
  'ssoDisabled',
  'ssoStateInvalid',
  'ssoUnavailable',
  'ssoTenant',
  'ssoNotConfigured',
  'ssoFailed',
  'ssoExchangeInvalid',
];

/**
 * Single sign-on: a button that starts the provider's login, and the return leg — a one-time code
 * in the URL that is traded for the session token, or the reason the login was refused.
 */
export function SsoLogin() {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const [params, setParams] = useSearchParams();
  const [enabled, setEnabled] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const complete = useCompleteLogin();
  const exchanged = useRef(false);

  useEffect(() => {
    void endpoints.ssoConfig().then((r) => setEnabled(r.code === 200 && r.data.enabled));
  }, []);

  useEffect(() => {
    const code = params.get('sso');
    const failure = params.get('ssoError');
    if (failure) {
      const name = failure.replace(/^auth\./, '');
      setError(t(`sso.${KNOWN_ERRORS.includes(name) ? name : 'ssoFailed'}`));
      setParams({}, { replace: true });
    }
    if (code && !exchanged.current) {
      exchanged.current = true;
      setParams({}, { replace: true });
      void endpoints.ssoExchange(code).then(async (res) => {
        if (res.code === 200) await complete(res.data, res.data.user.tenantCode);
      });
    }
  }, [params, setParams, complete, t]);

  const start = () => {
    const tenantCode = (
      document.querySelector<HTMLInputElement>('input[name="tenantCode"]')?.value ||
      localStorage.getItem(LAST_TENANT) ||
      ''
    ).trim();
    window.location.assign(`${urlOf(sso.start)}?${new URLSearchParams({ tenantCode, lang })}`);
  };

  if (!enabled && !error) return null;
  return (
    <div className="login-sso">
      {error && (
        <ChunkBoundary>
          <Suspense fallback={null}>
            <LoginNotice type="error" notice={error} testId="sso-error" />
          </Suspense>
        </ChunkBoundary>
      )}
      {enabled && (
        <>
          <div className="login-sso-or" role="separator">
            <span>{t('sso.or')}</span>
          </div>
          <Button long onClick={start} data-testid="sso-start">
            {t('sso.button')}
          </Button>
        </>
      )}
    </div>
  );
}
