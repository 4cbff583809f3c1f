import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Drawer, Select, Space, Table, Tag } from '@arco-design/web-react';
import { useBridge } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../../model/webhook';
import { useApi } from '../../kit/api';
import { act } from '../../kit/act';
import { eventKey } from './WebhookForm';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '-');
const COLORS: Record<DeliveryStatus, string> = { pending: 'orange', delivered: 'green', failed: 'red' };

/** An endpoint's delivery log: status, attempts, the receiver's answer, the next attempt; send again. */
export function WebhookDeliveries({
  endpoint,
  canResend,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  canResend: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['platform', 'common']);
  const api = useApi();
  const bridge = useBridge();
  const [rows, setRows] = useState<WebhookDelivery[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<DeliveryStatus | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!endpoint) return;
    setBusy(true);
    try {
      const r = await api.call(contract.webhooks.deliveries, {
        params: { id: endpoint.id },
        query: { page, size: 20, status },
      });
      setRows(r.records);
      setTotal(r.total);
    } finally {
      setBusy(false);
    }
  }, [api, endpoint, page, status]);
  useEffect(() => act(load), [load]);

  const resend = (row: WebhookDelivery) =>
    act(async () => {
      await api.call(contract.webhooks.resend, { params: { id: row.id } });
      bridge.notify({ type: 'success', message: t('webhooks.resent') });
      await load();
    });

  return (
    <Drawer
      width="80%"
      visible={endpoint !== null}
      title={endpoint ? `${t('webhooks.deliveries')} · ${endpoint.name}` : ''}
      footer={null}
      onCancel={onClose}
      unmountOnExit
    >
      <div className="page-toolbar">
        <Space>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('webhooks.status')}
            value={status}
            data-testid="delivery-status"
            onChange={(v: DeliveryStatus | undefined) => {
              setPage(1);
              setStatus(v);
            }}
            options={DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`webhooks.statuses.${s}`) }))}
          />
          <Button data-testid="deliveries-refresh" onClick={() => act(load)}>
            {t('webhooks.refresh')}
          </Button>
        </Space>
      </div>
      <Table<WebhookDelivery>
        rowKey="id"
        loading={busy}
        data={rows}
        data-testid="deliveries-table"
        scroll={{ x: 1100 }}
        pagination={{ current: page, pageSize: 20, total, onChange: setPage }}
        columns={[
          {
            title: t('webhooks.event'),
            dataIndex: 'event',
            render: (v: string) => t(eventKey(v), { defaultValue: v }),
          },
          {
            title: t('webhooks.status'),
            dataIndex: 'status',
            render: (v: DeliveryStatus) => <Tag color={COLORS[v]}>{t(`webhooks.statuses.${v}`)}</Tag>,
          },
          { title: t('webhooks.attempts'), dataIndex: 'attempts', width: 90 },
          {
            title: t('webhooks.lastStatus'),
            dataIndex: 'lastStatus',
            width: 110,
            render: (v: number | null, r) => (
              <span title={r.lastError ?? ''}>{v ?? (r.lastError ? t('webhooks.noAnswer') : '-')}</span>
            ),
          },
          { title: t('webhooks.occurredAt'), dataIndex: 'occurredAt', render: when },
          { title: t('webhooks.lastAttemptAt'), dataIndex: 'lastAttemptAt', render: when },
          { title: t('webhooks.nextAttemptAt'), dataIndex: 'nextAttemptAt', render: when },
          { title: t('webhooks.id'), dataIndex: 'id', ellipsis: true },
          ...(canResend
            ? [
                {
                  title: t('common:actions'),
                  key: 'actions',
                  fixed: 'right' as const,
                  width: 130,
                  render: (_: unknown, r: WebhookDelivery) => (
                    <Button size="mini" data-testid={`resend-${r.id}`} onClick={() => resend(r)}>
                      {t('webhooks.resend')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}
