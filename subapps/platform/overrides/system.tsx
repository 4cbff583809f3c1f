import { Input } from '@arco-design/web-react';
import type { ResourceDef, ResourceRow } from '../../../model/engine';
import type { ResourceOverrides } from '../../kit/engine/types';
import { AppOnlineTag } from '../system/AppOnline';
import { AuditChanges } from '../system/AuditChanges';
import { AuditRetentionButton } from '../system/AuditRetentionButton';
import { FactoryQr } from '../system/FactoryQr';
import { RowDetail } from '../system/RowDetail';

/** A factory's QR code beside its code and name. */
export const factoryOverrides: ResourceOverrides = {
  columns: (generated, { t }) => [
    ...generated.slice(0, 2),
    {
      key: 'qr',
      title: t('platform:system.qrCode'),
      width: 72,
      render: (_v, row) => <FactoryQr code={String(row.code)} />,
    },
    ...generated.slice(2),
  ],
};

/** The app registry with each app's probed state beside its name, in sight without scrolling (SPEC §3 `online`). */
export const appOverrides: ResourceOverrides = {
  columns: (generated, { t }) => {
    const at = generated.findIndex((c) => c.key === 'appName' || c.dataIndex === 'appName');
    const online = {
      key: 'online',
      title: t('platform:system.online'),
      width: 120,
      render: (_v: unknown, row: ResourceRow) => (
        <AppOnlineTag id={String(row.id)} enabled={row.status === 'enabled'} />
      ),
    };
    return at < 0 ? [...generated, online] : [...generated.slice(0, at + 1), online, ...generated.slice(at + 1)];
  },
};

/** The first administrator's password: masked, written only. */
export const tenantOverrides: ResourceOverrides = {
  editors: {
    adminPassword: ({ value, onChange }) => (
      <Input.Password
        data-testid="form-adminPassword"
        value={typeof value === 'string' ? value : ''}
        onChange={(v) => onChange?.(v)}
        maxLength={{ length: 64, errorOnly: true }}
        autoComplete="new-password"
      />
    ),
  },
};

/** A log's row in full, from a row action. */
export const detailOf = (def: ResourceDef): ResourceOverrides => ({
  rowActions: (row) => <RowDetail def={def} row={row} />,
});

/** The audit trail: each row's changed fields in the list; the tenant's retention behind its own permission. */
export const auditOverrides = (def: ResourceDef): ResourceOverrides => ({
  ...detailOf(def),
  cells: { changes: (_v, row) => <AuditChanges row={row} /> },
  toolbar: () => <AuditRetentionButton />,
});
