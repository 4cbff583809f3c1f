import { useTranslation } from 'react-i18next';
import { Result } from '@arco-design/web-react';

/** Shown for a path no registered app serves (an app that does not answer says so in its own frame). */
export function AppUnavailable({ path }: { path: string }) {
  const { t } = useTranslation('shell');
  return (
    <div className="subapp-unavailable" data-testid="app-unknown">
      <Result status="warning" title={t('app.unknownTitle')} subTitle={t('app.unknownDescription', { path })} />
    </div>
  );
}
