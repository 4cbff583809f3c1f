import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Modal, Typography } from '@arco-design/web-react';
import { usePermission } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import type { ResourceRow } from '../../../model/engine';
import { PATTERNS } from '../../../model/engine';
import type { StaffAccountInput, StaffAccountResult } from '../../../model/staff';
import { useApi } from '../../kit/api';
import { useAct } from '../../kit/act';
import { TemporaryPassword } from '../access/TemporaryPassword';

/**
 * A general staff account made from the staff record (SPEC §6): account name suggested from the
 * staff number, linked on creation, its temporary password shown once. Needs both the staff edit
 * and the user add permission, as the server does.
 */
export function StaffAccountButton({ row, reload }: { row: ResourceRow; reload: () => void }) {
  const { t } = useTranslation(['platform', 'model']);
  const canEdit = usePermission('platform:staff:edit');
  const canAdd = usePermission('platform:user:add');
  const [open, setOpen] = useState(false);
  if (!canEdit || !canAdd || row.userId) return null;
  return (
    <>
      <Button type="text" size="mini" data-testid={`row-account-${String(row.code)}`} onClick={() => setOpen(true)}>
        {t('platform:org.makeAccount')}
      </Button>
      {open && (
        <StaffAccountDialog
          row={row}
          onClose={(made) => {
            setOpen(false);
            if (made) reload();
          }}
        />
      )}
    </>
  );
}

function StaffAccountDialog({ row, onClose }: { row: ResourceRow; onClose: (made: boolean) => void }) {
  const { t } = useTranslation(['platform', 'model']);
  const api = useApi();
  const [account, setAccount] = useState(String(row.code ?? '').toLowerCase());
  const [error, setError] = useState('');
  const [made, setMade] = useState<StaffAccountResult | null>(null);
  const { busy, run } = useAct();

  function submit() {
    if (made) return onClose(true);
    if (!new RegExp(PATTERNS.code.source).test(account.trim())) {
      setError(t(`model:${PATTERNS.code.key}`, { field: t('model:user.account') }));
      return;
    }
    // A taken account answers 409 naming it, which the shell shows.
    run(async () => {
      const body: StaffAccountInput = { account: account.trim() };
      setMade(await api.call(contract.staff.createAccount, { params: { id: String(row.id) }, body }));
    });
  }

  return (
    <Modal
      visible
      title={t('platform:org.makeAccountTitle', { name: String(row.name ?? '') })}
      onCancel={() => onClose(made !== null)}
      onOk={submit}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'account-ok' } as object}
    >
      {made ? (
        <TemporaryPassword
          password={made.temporaryPassword}
          lead={t('platform:org.accountMade', { account: made.account })}
        />
      ) : (
        <>
          <div style={{ marginBottom: 6 }}>{t('model:user.account')}</div>
          <Input
            data-testid="account-input"
            value={account}
            maxLength={{ length: 64, errorOnly: true }}
            onChange={(v) => {
              setAccount(v);
              setError('');
            }}
          />
          {error && <Typography.Text type="error">{error}</Typography.Text>}
        </>
      )}
    </Modal>
  );
}
