import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { busyAtom } from '../state/atoms';

/** A thin bar at the top while a navigation or a load is under way (SPEC §2). */
export function ProgressBar() {
  const { t } = useTranslation('shell');
  const busy = useAtomValue(busyAtom);
  const location = useLocation();
  const [navigating, setNavigating] = useState(false);
  useEffect(() => {
    setNavigating(true);
    const id = window.setTimeout(() => setNavigating(false), 300);
    return () => window.clearTimeout(id);
  }, [location.pathname]);
  const active = busy > 0 || navigating;
  return (
    <div
      className={`portal-progress${active ? ' is-active' : ''}`}
      role="progressbar"
      aria-label={t('app.progress')}
      aria-hidden={!active}
      data-testid="progress"
    />
  );
}
