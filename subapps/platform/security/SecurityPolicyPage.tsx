import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Radio } from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import { SECURITY_PERMISSIONS as P, TWO_FACTOR_POLICIES, type TwoFactorPolicy } from '../../../model/security';
import { useApi } from '../../kit/api';
import { act } from '../content/act';

/** The tenant's security policy (issue 26): whether two-factor login is off, optional or required. */
export function SecurityPolicyPage() {
  const { t } = useTranslation(['platform', 'common']);
  const api = useApi();
  const bridge = useBridge();
  const { permissions } = useBridgeContext();
  const canEdit = permissions.includes(P.policyEdit);
  const [twoFactor, setTwoFactor] = useState<TwoFactorPolicy | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => act(async () => setTwoFactor((await api.call(contract.security.policy)).twoFactor)), []); // eslint-disable-line react-hooks/exhaustive-deps

  const save = () => act(async () => {
    if (!twoFactor) return;
    setSaving(true);
    try {
      setTwoFactor((await api.call(contract.security.updatePolicy, { body: { twoFactor } })).twoFactor);
      bridge.notify({ type: 'success', message: t('securityPolicy.saved') });
    } finally {
      setSaving(false);
    }
  });

  return (
    <div data-testid="page-security-policy">
      <Card title={t('securityPolicy.twoFactor')} bordered>
        <p style={{ marginTop: 0 }}>{t('securityPolicy.twoFactorHelp')}</p>
        <Radio.Group direction="vertical" value={twoFactor ?? undefined} disabled={!canEdit || !twoFactor} onChange={(v: TwoFactorPolicy) => setTwoFactor(v)} data-testid="two-factor-policy">
          {TWO_FACTOR_POLICIES.map((p) => <Radio key={p} value={p} data-testid={`policy-${p}`}>{t(`securityPolicy.policies.${p}`)}</Radio>)}
        </Radio.Group>
        {canEdit && (
          <div style={{ marginTop: 16 }}>
            <Button type="primary" loading={saving} disabled={!twoFactor} data-testid="policy-save" onClick={save}>{t('securityPolicy.save')}</Button>
          </div>
        )}
      </Card>
    </div>
  );
}
