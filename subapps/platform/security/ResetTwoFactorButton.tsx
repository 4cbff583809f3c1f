import { useTranslation } from 'react-i18next';
import { Button } from '@arco-design/web-react';
import { useBridge, usePermission } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import type { ResourceRow } from '../../../model/engine';
import { useApi } from '../../kit/api';
import { act } from '../../kit/act';

/** Removes a user's authenticator (a lost phone): a row action of the users screen. */
export function ResetTwoFactorButton({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('platform');
  const api = useApi();
  const bridge = useBridge();
  const allowed = usePermission('platform:user:reset-password');
  if (!allowed) return null;
  const reset = () =>
    act(async () => {
      if (
        !(await bridge.confirm({
          title: t('securityPolicy.resetTwoFactor'),
          content: t('securityPolicy.resetTwoFactorConfirm', { account: String(row.account) }),
        }))
      )
        return;
      await api.call(contract.security.resetUserTwoFactor, { params: { id: String(row.id) } });
      bridge.notify({ type: 'success', message: t('securityPolicy.resetTwoFactorDone') });
    });
  return (
    <Button type="text" size="mini" data-testid={`row-reset-2fa-${String(row.account)}`} onClick={reset}>
      {t('securityPolicy.resetTwoFactor')}
    </Button>
  );
}
