import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button, Result } from '@arco-design/web-react';
import { errorTextAtom, tokenAtom } from '../state/atoms';
import { useLanguage } from '../hooks/useLanguage';

const STATUS = { 401: '403', 403: '403', 404: '404', 500: '500' } as const;

/** 401, 403, 404 and 500 pages (SPEC §2, §8). */
export function ErrorPage({ status }: { status: 401 | 403 | 404 | 500 }) {
  const { t } = useTranslation('shell');
  const lang = useLanguage();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const errorText = useAtomValue(errorTextAtom);
  return (
    <div className="error-page" data-testid={`error-${status}`}>
      <Result
        status={STATUS[status]}
        title={t(`error.${status}.title`)}
        subTitle={t(`error.${status}.description`)}
        extra={
          <Button type="primary" onClick={() => navigate(token ? `/${lang}` : `/${lang}/login`)}>
            {token ? t('error.backHome') : t('error.toLogin')}
          </Button>
        }
      />
      {status === 500 && errorText && <pre className="error-text">{errorText}</pre>}
    </div>
  );
}
