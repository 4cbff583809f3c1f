import { Input } from '@arco-design/web-react';
import { app, auditTrail, factory, interfaceLog, loginLog, operationLog, tenant } from '../../model/resources';
import type { ResourceDef, ResourceRow } from '../../model/engine';
import type { RouteTable } from '../kit/routing';
import { resourceScreen } from '../kit/engine/screen';
import type { ResourceOverrides } from '../kit/engine/types';
import { AppOnlineTag } from './system/AppOnline';
import { AuditChanges } from './system/AuditChanges';
import { AuditRetentionButton } from './system/AuditRetentionButton';
import { FactoryQr } from './system/FactoryQr';
import { RowDetail } from './system/RowDetail';

const factoryOverrides: ResourceOverrides = {
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
const appOverrides: ResourceOverrides = {
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
const tenantOverrides: ResourceOverrides = {
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

const detailOf = (def: ResourceDef): ResourceOverrides => ({ rowActions: (row) => <RowDetail def={def} row={row} /> });

/** The audit trail: each row's changed fields in the list; the tenant's retention behind its own permission. */
const auditOverrides: ResourceOverrides = {
  ...detailOf(auditTrail),
  cells: { changes: (_v, row) => <AuditChanges row={row} /> },
  toolbar: () => <AuditRetentionButton />,
};

/** Tenants, factories, the app registry and the logs (issue 4). */
export const SYSTEM_ROUTES: RouteTable = {
  '/paas/tenant': resourceScreen(tenant, tenantOverrides),
  '/platform/factory': resourceScreen(factory, factoryOverrides),
  '/platform/app': resourceScreen(app, appOverrides),
  '/log/login-log': resourceScreen(loginLog, detailOf(loginLog)),
  '/log/operation-log': resourceScreen(operationLog, detailOf(operationLog)),
  '/log/interface-log': resourceScreen(interfaceLog, detailOf(interfaceLog)),
  '/log/audit-trail': resourceScreen(auditTrail, auditOverrides),
};
