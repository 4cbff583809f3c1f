import { useTranslation } from 'react-i18next';
import { Result } from '@arco-design/web-react';

/** A menu entry whose screen is not built yet says so plainly (see the README's feature table). */
export function NotBuilt({ path }: { path: string }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="info"
      title={t('notBuilt.title')}
      subTitle={t('notBuilt.description', { path })}
      data-testid="not-built"
    />
  );
}
