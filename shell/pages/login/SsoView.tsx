import { useTranslation } from 'react-i18next';
import { Alert, Button, Divider } from '@arco-design/web-react';

/** The single sign-on part of the login page, loaded only when the provider is configured or a sign-on failed. */
export default function SsoView({ enabled, error, onStart }: { enabled: boolean; error: string | null; onStart: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="login-sso">
      {error && <Alert type="error" content={error} className="login-notice" data-testid="sso-error" />}
      {enabled && (
        <>
          <Divider orientation="center">{t('sso.or')}</Divider>
          <Button long onClick={onStart} data-testid="sso-start">{t('sso.button')}</Button>
        </>
      )}
    </div>
  );
}
