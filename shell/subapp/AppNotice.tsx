import { useTranslation } from 'react-i18next';
import { Alert, Button, Result } from '@arco-design/web-react';
import { BRIDGE_VERSION } from '../../bridge/protocol';
import type { AppState } from '../state/atoms';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_MISSES, healthNotice, type AppHealth } from './health';

interface Props {
  app: AppState;
  health: AppHealth;
  /** The version an incompatible app announced. */
  remoteVersion: string | null;
  onRetry: () => void;
}

/** What the shell says about an app that is not (or no longer) connected, with the retry of that state. */
export function AppNotice({ app, health, remoteVersion, onRetry }: Props) {
  const { t } = useTranslation('shell');
  const notice = healthNotice(health);
  if (!notice) return null;
  const values = {
    name: app.appFullName || app.appName,
    url: app.url,
    local: BRIDGE_VERSION,
    remote: remoteVersion ?? '?',
    seconds: Math.round((HEARTBEAT_INTERVAL_MS * HEARTBEAT_MISSES) / 1000),
  };
  const retry = (
    <Button
      size={notice.overlay === 'banner' ? 'mini' : 'default'}
      type="primary"
      onClick={onRetry}
      data-testid="app-retry"
    >
      {t(notice.retryLabel)}
    </Button>
  );
  if (notice.overlay === 'banner') {
    return (
      <Alert
        className="subapp-notice"
        type={health === 'reloaded' ? 'info' : 'warning'}
        title={t(notice.title, values)}
        content={t(notice.description, values)}
        action={retry}
        data-testid={`app-${health}`}
      />
    );
  }
  return (
    <div className="subapp-unavailable" data-testid={`app-${health}`}>
      <Result status="warning" title={t(notice.title, values)} subTitle={t(notice.description, values)} extra={retry} />
    </div>
  );
}
