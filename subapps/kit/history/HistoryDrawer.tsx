/**
 * A record's History (issue 25): who changed it, when, from where, and what changed, before → after,
 * newest first, in the user's language. Opened from a row action on every screen with records.
 */
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer, Empty, Space, Spin, Table, Tag } from '@arco-design/web-react';
import { contract } from '../../../model/contract';
import type { AuditChange, AuditEntry } from '../../../model/audit';
import type { ResourceDef } from '../../../model/engine';
import { useApi } from '../api';
import { useHistoryFormat, type HistoryLabels } from './values';

export interface HistoryTarget {
  entity: string;
  recordId: string;
  /** What the drawer's title names (the record's code or name). */
  title: string;
}

const ACTION_COLORS: Record<AuditEntry['action'], string> = {
  create: 'green',
  update: 'arcoblue',
  state: 'orange',
  delete: 'red',
  import: 'cyan',
  sign: 'purple',
};

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

export function HistoryDrawer({
  target,
  def,
  labels,
  onClose,
}: {
  target: HistoryTarget | null;
  def?: ResourceDef;
  labels?: HistoryLabels;
  onClose: () => void;
}) {
  const { t } = useTranslation(['common', 'model']);
  const api = useApi();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const format = useHistoryFormat(t, def, labels, entries);

  useEffect(() => {
    setEntries(null);
    if (!target) return;
    let live = true;
    void api
      .call(contract.audit.history, { params: { entity: target.entity, id: target.recordId }, query: { limit: 200 } })
      .then((h) => {
        if (live) setEntries(h.items);
      })
      .catch(() => {
        if (live) setEntries([]);
      });
    return () => {
      live = false;
    };
  }, [api, target]);

  const shown = (e: AuditEntry) => e.changes.filter((c) => !labels?.hidden?.includes(c.field));
  const who = (e: AuditEntry) => {
    const user = e.userName ?? t('common:history.system');
    return e.apiKeyName ? t('common:history.viaKey', { user, key: e.apiKeyName }) : user;
  };

  return (
    <Drawer
      width={720}
      visible={target !== null}
      title={target ? t('common:history.title', { name: target.title }) : ''}
      footer={null}
      onCancel={onClose}
      unmountOnExit
    >
      <div data-testid="history-drawer">
        {entries === null && <Spin />}
        {entries?.length === 0 && <Empty description={t('common:history.empty')} />}
        {entries?.map((e) => (
          <div
            key={e.id}
            className="history-entry"
            data-testid="history-entry"
            data-action={e.action}
            style={{ marginBottom: 16 }}
          >
            <Space wrap size="small" style={{ marginBottom: 6 }}>
              <Tag color={ACTION_COLORS[e.action]} data-testid="history-action">
                {t(`common:history.action.${e.action}`)}
              </Tag>
              <span data-testid="history-at">{time(e.at)}</span>
              <span data-testid="history-who">{who(e)}</span>
              {e.ip && <span style={{ color: 'var(--color-text-3)' }}>{e.ip}</span>}
              {e.importJobId && (
                <span style={{ color: 'var(--color-text-3)' }}>
                  {t('common:history.importJob', { id: e.importJobId })}
                </span>
              )}
            </Space>
            {e.signature && (
              <div data-testid="history-signature" data-meaning={e.signature.meaning} style={{ marginBottom: 6 }}>
                {t('common:history.signedBy', {
                  name: e.signature.signerName,
                  meaning: t(`common:signature.meaning.${e.signature.meaning}`, { defaultValue: e.signature.meaning }),
                  time: time(e.signature.at),
                })}
              </div>
            )}
            {shown(e).length > 0 && (
              <Table<AuditChange & { $key: number }>
                size="mini"
                pagination={false}
                border={{ wrapper: true, cell: true }}
                rowKey="$key"
                data={shown(e).map((c, i) => ({ ...c, $key: i }))}
                onRow={(c) => ({ 'data-testid': 'history-change', 'data-field': c.field }) as never}
                columns={[
                  {
                    title: t('common:history.fieldName'),
                    dataIndex: 'field',
                    width: 160,
                    render: (f: string) => format.label(f),
                  },
                  {
                    title: t('common:history.before'),
                    dataIndex: 'before',
                    render: (_: unknown, c) => (c.secret ? '' : format.value(c.field, c.before)),
                  },
                  {
                    title: t('common:history.after'),
                    dataIndex: 'after',
                    render: (_: unknown, c) =>
                      c.secret ? <i>{t('common:history.secretChanged')}</i> : format.value(c.field, c.after),
                  },
                ]}
              />
            )}
          </div>
        ))}
      </div>
    </Drawer>
  );
}
