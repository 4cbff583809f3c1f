import { useTranslation } from 'react-i18next';
import { Alert, Typography } from '@arco-design/web-react';
import type { ReactNode } from 'react';

/** A generated password, shown once with a copy button (password reset, a staff member's new account). */
export function TemporaryPassword({ password, lead }: { password: string; lead?: ReactNode }) {
  const { t } = useTranslation('platform');
  return (
    <Alert
      type="success"
      content={
        <span>
          {lead}
          {lead ? ' ' : ''}
          {t('access.temporaryPassword')}{' '}
          <Typography.Text copyable code data-testid="temp-password">
            {password}
          </Typography.Text>
        </span>
      }
    />
  );
}
