import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from '@arco-design/web-react';
import { usePermission } from '../../../bridge/react';
import type { ResourceRow } from '../../../model/engine';
import type { EditorProps, ResourceOverrides } from '../../kit/engine/types';
import { MenuTreeDrawer } from '../access/MenuTreeDrawer';
import { ResetPasswordDialog } from '../access/ResetPasswordDialog';
import { RoleMenusDialog } from '../access/RoleMenusDialog';
import { ResetTwoFactorButton } from '../security/ResetTwoFactorButton';

function AssignButton({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('platform');
  const allowed = usePermission('platform:role:assign-permission');
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button type="text" size="mini" data-testid={`row-assign-${String(row.code)}`} onClick={() => setOpen(true)}>
        {t('access.assign')}
      </Button>
      {open && <RoleMenusDialog role={row} onClose={() => setOpen(false)} />}
    </>
  );
}

function ResetButton({ row }: { row: ResourceRow }) {
  const { t } = useTranslation('platform');
  const allowed = usePermission('platform:user:reset-password');
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button type="text" size="mini" data-testid={`row-reset-${String(row.account)}`} onClick={() => setOpen(true)}>
        {t('access.reset')}
      </Button>
      {open && <ResetPasswordDialog user={row} onClose={() => setOpen(false)} />}
    </>
  );
}

function TreeButton() {
  const { t } = useTranslation('platform');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button data-testid="btn-menu-tree" onClick={() => setOpen(true)}>
        {t('access.menuTree')}
      </Button>
      {open && <MenuTreeDrawer onClose={() => setOpen(false)} />}
    </>
  );
}

/** The password is written only: a masked input, left blank on an edit to keep the password. */
function PasswordEditor({ value, onChange }: EditorProps) {
  return (
    <Input.Password
      data-testid="form-password"
      value={typeof value === 'string' ? value : ''}
      onChange={(v) => onChange?.(v)}
      maxLength={{ length: 16, errorOnly: true }}
      autoComplete="new-password"
    />
  );
}

export const userOverrides: ResourceOverrides = {
  editors: { password: (props) => <PasswordEditor {...props} /> },
  rowActions: (row) => (
    <>
      <ResetButton row={row} />
      <ResetTwoFactorButton row={row} />
    </>
  ),
};
export const roleOverrides: ResourceOverrides = { rowActions: (row) => <AssignButton row={row} /> };
export const menuOverrides: ResourceOverrides = { toolbar: () => <TreeButton /> };
