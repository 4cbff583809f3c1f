import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space, Table, Tag, Tooltip } from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import { API_KEY_PERMISSIONS as P, type ApiKey } from '../../../model/api-keys';
import { useApi } from '../../kit/api';
import { act } from '../../kit/act';
import { CreateApiKeyDialog } from './CreateApiKeyDialog';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { AUDIT_PERMISSIONS } from '../../../model/audit';

const when = (iso: string | null, never: string) => (iso ? new Date(iso).toLocaleString() : never);
const STATE_COLOR: Record<ApiKey['state'], string> = { active: 'green', expired: 'orange', revoked: 'gray' };

/** API keys for machines (issue 26): the tenant's keys, a new one (its secret shown once), revoke. */
export function ApiKeysPage() {
  const { t } = useTranslation(['platform', 'common']);
  const api = useApi();
  const bridge = useBridge();
  const { permissions } = useBridgeContext();
  const [rows, setRows] = useState<ApiKey[]>([]);
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);

  const load = async () => {
    setBusy(true);
    try {
      setRows((await api.call(contract.apiKeys.list)).records);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => act(load), []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => bridge.on('refresh', () => act(load)), [bridge]); // eslint-disable-line react-hooks/exhaustive-deps

  const revoke = (row: ApiKey) =>
    act(async () => {
      if (
        !(await bridge.confirm({ title: t('apiKeys.revoke'), content: t('apiKeys.revokeConfirm', { name: row.name }) }))
      )
        return;
      await api.call(contract.apiKeys.revoke, { params: { id: row.id } });
      bridge.notify({ type: 'success', message: t('apiKeys.revoked') });
      await load();
    });

  const never = t('apiKeys.never');
  return (
    <div data-testid="page-api-key">
      <div className="page-toolbar">
        {permissions.includes(P.add) && (
          <Button type="primary" data-testid="api-key-add" onClick={() => setCreating(true)}>
            {t('apiKeys.add')}
          </Button>
        )}
      </div>
      <Table<ApiKey>
        rowKey="id"
        loading={busy}
        data={rows}
        pagination={{ pageSize: 20 }}
        data-testid="api-keys-table"
        scroll={{ x: 1400 }}
        columns={[
          { title: t('apiKeys.name'), dataIndex: 'name' },
          { title: t('apiKeys.prefix'), dataIndex: 'prefix', render: (v: string) => <code>{v}…</code> },
          {
            title: t('apiKeys.state'),
            dataIndex: 'state',
            render: (v: ApiKey['state']) => (
              <Tag color={STATE_COLOR[v]} data-testid="api-key-state">
                {t(`apiKeys.states.${v}`)}
              </Tag>
            ),
          },
          {
            title: t('apiKeys.permissions'),
            dataIndex: 'permissions',
            render: (v: string[]) => (
              <Tooltip content={v.join(', ')}>
                <span>{t('apiKeys.permissionCount', { count: v.length })}</span>
              </Tooltip>
            ),
          },
          {
            title: t('apiKeys.factories'),
            dataIndex: 'factoryIds',
            render: (v: string[]) => (v.length ? v.length : '-'),
          },
          {
            title: t('apiKeys.allowedIps'),
            dataIndex: 'allowedIps',
            render: (v: string[]) => (v.length ? v.join(', ') : t('apiKeys.anyAddress')),
          },
          { title: t('apiKeys.expiresAt'), dataIndex: 'expiresAt', render: (v: string) => when(v, never) },
          { title: t('apiKeys.lastUsed'), dataIndex: 'lastUsedAt', render: (v: string | null) => when(v, never) },
          { title: t('apiKeys.lastUsedIp'), dataIndex: 'lastUsedIp', render: (v: string | null) => v ?? '-' },
          { title: t('apiKeys.creator'), dataIndex: 'creatorAccount' },
          ...(permissions.includes(P.revoke) || permissions.includes(AUDIT_PERMISSIONS.history)
            ? [
                {
                  title: t('common:actions'),
                  key: 'actions',
                  fixed: 'right' as const,
                  width: 170,
                  render: (_: unknown, r: ApiKey) => (
                    <Space size="mini">
                      {permissions.includes(P.revoke) && r.state !== 'revoked' && (
                        <Button
                          size="mini"
                          status="danger"
                          data-testid={`api-key-revoke-${r.name}`}
                          onClick={() => revoke(r)}
                        >
                          {t('apiKeys.revoke')}
                        </Button>
                      )}
                      <HistoryButton
                        target={{ entity: 'api-key', recordId: r.id, title: r.name }}
                        labels={{
                          fields: {
                            name: t('apiKeys.name'),
                            prefix: t('apiKeys.prefix'),
                            state: t('apiKeys.state'),
                            permissions: t('apiKeys.permissions'),
                            factoryIds: t('apiKeys.factories'),
                            allowedIps: t('apiKeys.allowedIps'),
                            expiresAt: t('apiKeys.expiresAt'),
                          },
                          values: {
                            state: Object.fromEntries(
                              Object.keys(STATE_COLOR).map((k) => [k, t(`apiKeys.states.${k}`)]),
                            ),
                          },
                        }}
                      />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {creating && (
        <CreateApiKeyDialog
          onClose={(created) => {
            setCreating(false);
            if (created) act(load);
          }}
        />
      )}
    </div>
  );
}
