import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, Space, Table, Tag } from '@arco-design/web-react';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import { SECURITY_PERMISSIONS as P, type OnlineSession } from '../../../model/security';
import { describeUserAgent } from '../../../model/user-agent';
import { useApi } from '../../kit/api';
import { act } from '../../kit/act';

/** Online sessions (issue 26): the tenant's live sessions; end one, or all of a user's. */
export function OnlineSessionsPage() {
  const { t, i18n } = useTranslation(['platform', 'common']);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  const api = useApi();
  const bridge = useBridge();
  const { permissions } = useBridgeContext();
  const canEnd = permissions.includes(P.sessionsEnd);
  const [rows, setRows] = useState<OnlineSession[]>([]);
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState(false);

  const load = async (kw = keyword) => {
    setBusy(true);
    try {
      setRows((await api.call(contract.security.onlineSessions, { query: { keyword: kw || undefined } })).records);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => act(() => load('')), []); // eslint-disable-line react-hooks/exhaustive-deps

  const endOne = (row: OnlineSession) =>
    act(async () => {
      if (
        !(await bridge.confirm({
          title: t('sessions.end'),
          content: t('sessions.endConfirm', { account: row.account }),
        }))
      )
        return;
      await api.call(contract.security.endSession, { params: { id: row.id } });
      bridge.notify({ type: 'success', message: t('sessions.ended', { count: 1 }) });
      await load();
    });
  const endUser = (row: OnlineSession) =>
    act(async () => {
      if (
        !(await bridge.confirm({
          title: t('sessions.endUser'),
          content: t('sessions.endUserConfirm', { account: row.account }),
        }))
      )
        return;
      const { ended } = await api.call(contract.security.endUserSessions, { params: { userId: row.userId } });
      bridge.notify({ type: 'success', message: t('sessions.ended', { count: ended }) });
      await load();
    });

  return (
    <div data-testid="page-online-session">
      <div className="page-toolbar">
        <Space>
          <Input
            allowClear
            style={{ width: 240 }}
            data-testid="search-keyword"
            placeholder={t('sessions.keyword')}
            value={keyword}
            onChange={setKeyword}
            onPressEnter={() => act(() => load())}
          />
          <Button type="primary" data-testid="btn-search" onClick={() => act(() => load())}>
            {t('common:search')}
          </Button>
        </Space>
      </div>
      <Table<OnlineSession>
        rowKey="id"
        loading={busy}
        data={rows}
        pagination={{ pageSize: 20 }}
        data-testid="sessions-table"
        scroll={{ x: 1560 }}
        columns={[
          {
            title: t('sessions.account'),
            dataIndex: 'account',
            width: 200,
            render: (v: string, r) => (
              <span>
                {v}
                {r.current && (
                  <Tag color="green" size="small" style={{ marginLeft: 6 }}>
                    {t('sessions.current')}
                  </Tag>
                )}
              </span>
            ),
          },
          { title: t('sessions.nickname'), dataIndex: 'nickname', width: 140 },
          { title: t('sessions.ip'), dataIndex: 'ip', width: 140, render: (v: string | null) => v ?? '-' },
          {
            title: t('sessions.browser'),
            dataIndex: 'userAgent',
            width: 180,
            render: (v: string | null) => <span title={v ?? ''}>{describeUserAgent(v)}</span>,
          },
          {
            title: t('sessions.method'),
            dataIndex: 'method',
            width: 120,
            render: (v: OnlineSession['method']) => t(`sessions.methods.${v}`),
          },
          { title: t('sessions.started'), dataIndex: 'createdAt', width: 180, render: when },
          { title: t('sessions.lastSeen'), dataIndex: 'lastSeenAt', width: 180, render: when },
          {
            title: t('sessions.factory'),
            dataIndex: 'factoryName',
            width: 200,
            render: (v: string | null, r) => (v ? `${v} (${r.factoryCode ?? ''})` : '-'),
          },
          ...(canEnd
            ? [
                {
                  title: t('common:actions'),
                  key: 'actions',
                  fixed: 'right' as const,
                  width: 220,
                  // Ending the session one works in would log the administrator out; the user menu does that.
                  render: (_: unknown, r: OnlineSession) =>
                    r.current ? (
                      <span className="muted">-</span>
                    ) : (
                      <Space>
                        <Button
                          size="mini"
                          status="danger"
                          data-testid={`end-session-${r.id}`}
                          onClick={() => endOne(r)}
                        >
                          {t('sessions.end')}
                        </Button>
                        <Button size="mini" data-testid={`end-user-${r.account}`} onClick={() => endUser(r)}>
                          {t('sessions.endUser')}
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
