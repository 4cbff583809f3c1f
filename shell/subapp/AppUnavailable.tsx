import { useTranslation } from 'react-i18next';
import { Result } from '@arco-design/web-react';
import type { AppState } from '../state/atoms';

/** Shown in place of an app that is not registered or did not answer its probe. */
export function AppUnavailable({ path, app }: { path: string; app: AppState | null }) {
  const { t } = useTranslation('shell');
  return (
    <div className="subapp-unavailable" data-testid="app-offline">
      <Result
        status="warning"
        title={app ? t('app.offlineTitle', { name: app.appFullName || app.appName }) : t('app.unknownTitle')}
        subTitle={app ? t('app.offlineDescription', { url: app.url }) : t('app.unknownDescription', { path })}
      />
    </div>
  );
}
