import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Modal, Radio, Typography } from '@arco-design/web-react';
import type { ResetPasswordInput } from '../../../model/access';
import { contract } from '../../../model/contract';
import { PASSWORD_PATTERN } from '../../../model/resources/user';
import type { ResourceRow } from '../../../model/engine';
import { useApi } from '../../kit/api';
import { useAct } from '../../kit/act';
import { TemporaryPassword } from './TemporaryPassword';

/**
 * An administrator's password reset: a generated temporary password shown once, or a given one
 * (SPEC §5 rule). Either way the user's sessions end.
 */
export function ResetPasswordDialog({ user, onClose }: { user: ResourceRow; onClose: () => void }) {
  const { t } = useTranslation(['platform', 'model']);
  const api = useApi();
  const [mode, setMode] = useState<'generate' | 'set'>('generate');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [temporary, setTemporary] = useState<string | null>(null);
  const { busy, run } = useAct();

  function submit() {
    if (temporary !== null) return onClose();
    if (mode === 'set' && !new RegExp(PASSWORD_PATTERN.source).test(password)) {
      setError(t(`model:${PASSWORD_PATTERN.key}`, { field: t('model:user.password') }));
      return;
    }
    run(async () => {
      const body: ResetPasswordInput = mode === 'set' ? { password } : {};
      const r = await api.call(contract.access.resetPassword, {
        params: { id: user.id },
        body,
        showSuccess: mode === 'set',
      });
      if (r.temporaryPassword) setTemporary(r.temporaryPassword);
      else onClose();
    });
  }

  return (
    <Modal
      visible
      title={t('platform:access.resetTitle', { name: String(user.account ?? '') })}
      onCancel={onClose}
      onOk={submit}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'reset-ok' } as object}
    >
      {temporary !== null ? (
        <TemporaryPassword password={temporary} />
      ) : (
        <>
          <Radio.Group value={mode} onChange={(v: 'generate' | 'set') => setMode(v)} style={{ marginBottom: 12 }}>
            <Radio value="generate">{t('platform:access.generate')}</Radio>
            <Radio value="set" data-testid="reset-mode-set">
              {t('platform:access.setPassword')}
            </Radio>
          </Radio.Group>
          {mode === 'set' && (
            <>
              <Input.Password
                value={password}
                onChange={(v) => {
                  setPassword(v);
                  setError('');
                }}
                data-testid="reset-password-input"
                maxLength={{ length: 16, errorOnly: true }}
              />
              {error && <Typography.Text type="error">{error}</Typography.Text>}
            </>
          )}
        </>
      )}
    </Modal>
  );
}
