import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal, Space, Table, Tag, Typography } from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import {
  WEBHOOK_PERMISSIONS as P,
  type WebhookEndpoint,
  type WebhookInput,
  type WebhookSecret,
} from '../../../model/webhook';
import { useApi } from '../../kit/api';
import { act } from '../../kit/act';
import { WebhookForm, eventKey } from './WebhookForm';
import { WebhookDeliveries } from './WebhookDeliveries';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { useFormDialog } from '../../kit/SchemaFormDialog';

/** Outbound webhooks (issue 26): the tenant's endpoints; the secret shown once; each endpoint's delivery log. */
export function WebhooksPage() {
  const { t } = useTranslation(['platform', 'common']);
  const api = useApi();
  const bridge = useBridge();
  const { permissions } = useBridgeContext();
  const can = (code: string) => permissions.includes(code);
  const [rows, setRows] = useState<WebhookEndpoint[]>([]);
  const [busy, setBusy] = useState(false);
  const form = useFormDialog<WebhookEndpoint>();
  const [secret, setSecret] = useState<WebhookSecret | null>(null);
  const [log, setLog] = useState<WebhookEndpoint | null>(null);

  const load = useCallback(async () => {
    setBusy(true);
    try {
      setRows((await api.call(contract.webhooks.list)).records);
    } finally {
      setBusy(false);
    }
  }, [api]);
  useEffect(() => act(load), [load]);
  useEffect(() => bridge.on('refresh', () => act(load)), [bridge, load]);

  const save = async (body: WebhookInput) => {
    const editing = form.editing;
    if (editing) await api.call(contract.webhooks.update, { params: { id: editing.id }, body, showSuccess: true });
    else setSecret(await api.call(contract.webhooks.create, { body }));
    form.close();
    await load();
  };
  const renew = (row: WebhookEndpoint) =>
    act(async () => {
      if (
        !(await bridge.confirm({
          title: t('webhooks.renewSecret'),
          content: t('webhooks.renewConfirm', { name: row.name }),
        }))
      )
        return;
      setSecret(await api.call(contract.webhooks.renewSecret, { params: { id: row.id } }));
    });
  const remove = (row: WebhookEndpoint) =>
    act(async () => {
      if (
        !(await bridge.confirm({
          title: t('common:deleteTitle'),
          content: t('webhooks.deleteConfirm', { name: row.name }),
        }))
      )
        return;
      await api.call(contract.webhooks.remove, { body: { ids: [row.id] }, showSuccess: true });
      await load();
    });

  return (
    <div data-testid="page-webhook">
      <div className="page-toolbar">
        <Space>
          {can(P.add) && (
            <Button type="primary" data-testid="webhook-add" onClick={() => form.open(null)}>
              {t('common:add')}
            </Button>
          )}
          <Button data-testid="webhook-refresh" onClick={() => act(load)}>
            {t('webhooks.refresh')}
          </Button>
        </Space>
      </div>
      <Table<WebhookEndpoint>
        rowKey="id"
        loading={busy}
        data={rows}
        pagination={{ pageSize: 20 }}
        data-testid="webhooks-table"
        scroll={{ x: 1200 }}
        columns={[
          { title: t('webhooks.name'), dataIndex: 'name' },
          { title: t('webhooks.url'), dataIndex: 'url', ellipsis: true },
          {
            title: t('webhooks.events'),
            dataIndex: 'events',
            render: (v: string[]) => (
              <Space wrap size="mini">
                {v.map((e) => (
                  <Tag key={e} size="small">
                    {t(eventKey(e))}
                  </Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('webhooks.enabled'),
            dataIndex: 'enabled',
            width: 90,
            render: (v: boolean) => (v ? <Tag color="green">{t('common:yes')}</Tag> : <Tag>{t('common:no')}</Tag>),
          },
          { title: t('webhooks.pending'), dataIndex: 'pending', width: 90 },
          {
            title: t('webhooks.failed'),
            dataIndex: 'failed',
            width: 90,
            render: (v: number) => (v ? <Tag color="red">{v}</Tag> : v),
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: 390,
            render: (_: unknown, r: WebhookEndpoint) => (
              <Space size="mini">
                <Button size="mini" type="text" data-testid={`webhook-log-${r.name}`} onClick={() => setLog(r)}>
                  {t('webhooks.deliveries')}
                </Button>
                {can(P.edit) && (
                  <Button size="mini" type="text" onClick={() => form.open(r)}>
                    {t('common:edit')}
                  </Button>
                )}
                {can(P.edit) && (
                  <Button size="mini" type="text" onClick={() => renew(r)}>
                    {t('webhooks.renewSecret')}
                  </Button>
                )}
                {can(P.remove) && (
                  <Button size="mini" type="text" status="danger" onClick={() => remove(r)}>
                    {t('common:delete')}
                  </Button>
                )}
                <HistoryButton
                  target={{ entity: 'webhook', recordId: r.id, title: r.name }}
                  labels={{
                    fields: {
                      name: t('webhooks.name'),
                      url: t('webhooks.url'),
                      events: t('webhooks.events'),
                      enabled: t('webhooks.enabled'),
                      secret: t('webhooks.secretTitle'),
                    },
                  }}
                />
              </Space>
            ),
          },
        ]}
      />
      <WebhookForm open={form.visible} editing={form.editing} onSave={save} onClose={form.close} />
      <Modal
        title={t('webhooks.secretTitle')}
        visible={secret !== null}
        onOk={() => setSecret(null)}
        onCancel={() => setSecret(null)}
        hideCancel
        okButtonProps={{ 'data-testid': 'webhook-secret-done' } as object}
      >
        <p style={{ marginTop: 0 }}>{t('webhooks.secretHelp')}</p>
        <div data-testid="webhook-secret">
          <Typography.Paragraph copyable code>
            {secret?.secret ?? ''}
          </Typography.Paragraph>
        </div>
      </Modal>
      <WebhookDeliveries endpoint={log} canResend={can(P.edit)} onClose={() => setLog(null)} />
    </div>
  );
}
