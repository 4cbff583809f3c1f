import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Checkbox, InputNumber, Radio, Space } from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import {
  PASSWORD_CLASSES,
  SECURITY_PERMISSIONS as P,
  TWO_FACTOR_POLICIES,
  type PasswordClass,
  type SecurityPolicy,
} from '../../../model/security';
import { useApi } from '../../kit/api';
import { act, useAct } from '../../kit/act';

/** The tenant's security policy (issue 26): two-factor login off, optional or required; password rules. */
export function SecurityPolicyPage() {
  const { t } = useTranslation(['platform', 'common']);
  const api = useApi();
  const bridge = useBridge();
  const { permissions } = useBridgeContext();
  const canEdit = permissions.includes(P.policyEdit);
  const [policy, setPolicy] = useState<SecurityPolicy | null>(null);
  const { busy, run } = useAct();
  const change = (part: Partial<SecurityPolicy>) => setPolicy((p) => (p ? { ...p, ...part } : p));

  useEffect(() => act(async () => setPolicy(await api.call(contract.security.policy))), []); // eslint-disable-line react-hooks/exhaustive-deps

  const save = () =>
    run(async () => {
      if (!policy) return;
      setPolicy(await api.call(contract.security.updatePolicy, { body: policy }));
      bridge.notify({ type: 'success', message: t('securityPolicy.saved') });
    });

  return (
    <div data-testid="page-security-policy">
      <Card title={t('securityPolicy.twoFactor')} bordered>
        <p style={{ marginTop: 0 }}>{t('securityPolicy.twoFactorHelp')}</p>
        <Radio.Group
          direction="vertical"
          value={policy?.twoFactor}
          disabled={!canEdit || !policy}
          onChange={(v: SecurityPolicy['twoFactor']) => change({ twoFactor: v })}
          data-testid="two-factor-policy"
        >
          {TWO_FACTOR_POLICIES.map((p) => (
            <Radio key={p} value={p} data-testid={`policy-${p}`}>
              {t(`securityPolicy.policies.${p}`)}
            </Radio>
          ))}
        </Radio.Group>
      </Card>
      <Card title={t('securityPolicy.password')} bordered style={{ marginTop: 16 }}>
        <Space direction="vertical" size="large">
          <div>
            <div>{t('securityPolicy.passwordClasses')}</div>
            <Checkbox.Group
              value={policy?.passwordClasses ?? []}
              disabled={!canEdit || !policy}
              onChange={(v: PasswordClass[]) => change({ passwordClasses: v })}
              data-testid="password-classes"
              options={PASSWORD_CLASSES.map((c) => ({ value: c, label: t(`securityPolicy.classes.${c}`) }))}
            />
          </div>
          <div>
            <div>
              <label htmlFor="password-max-age">{t('securityPolicy.passwordMaxAgeDays')}</label>
            </div>
            <InputNumber
              id="password-max-age"
              style={{ width: 160 }}
              disabled={!canEdit || !policy}
              data-testid="password-max-age"
              value={policy?.passwordMaxAgeDays}
              onChange={(v) => change({ passwordMaxAgeDays: Number(v ?? 0) })}
            />
            <div className="arco-form-message-help">{t('securityPolicy.zeroNever')}</div>
          </div>
          <div>
            <div>
              <label htmlFor="password-history">{t('securityPolicy.passwordHistory')}</label>
            </div>
            <InputNumber
              id="password-history"
              style={{ width: 160 }}
              disabled={!canEdit || !policy}
              data-testid="password-history"
              value={policy?.passwordHistory}
              onChange={(v) => change({ passwordHistory: Number(v ?? 0) })}
            />
          </div>
        </Space>
      </Card>
      {canEdit && (
        <div style={{ marginTop: 16 }}>
          <Button type="primary" loading={busy} disabled={!policy} data-testid="policy-save" onClick={save}>
            {t('securityPolicy.save')}
          </Button>
        </div>
      )}
    </div>
  );
}
