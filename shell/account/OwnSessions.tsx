import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Tag } from '@arco-design/web-react';
import { contract } from '../api/contract';
import type { OnlineSession } from '../../model/security';
import { describeUserAgent } from '../../model/user-agent';
import { callApi } from '../api/client';

/** The user's own live sessions in the personal centre; any but the current one can be ended. */
export function OwnSessions() {
  const { t } = useTranslation('shell');
  const [rows, setRows] = useState<OnlineSession[] | null>(null);

  const load = useCallback(async () => {
    const res = await callApi(contract.security.ownSessions);
    if (res.code === 200) setRows(res.data.records);
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const end = async (id: string) => {
    if ((await callApi(contract.security.endOwnSession, { params: { id } })).code === 200) await load();
  };
  const endOthers = async () => {
    if ((await callApi(contract.security.endOtherOwnSessions)).code === 200) await load();
  };

  if (!rows) return null;
  const others = rows.filter((r) => !r.current).length;
  return (
    <div data-testid="own-sessions">
      {rows.map((r) => (
        <div key={r.id} className="own-session" data-testid="own-session" data-current={r.current}>
          <div>
            <div>
              {describeUserAgent(r.userAgent)}{' '}
              {r.current && (
                <Tag size="small" color="green">
                  {t('sessions.thisOne')}
                </Tag>
              )}
            </div>
            <div className="own-session-meta">
              {r.ip ?? '-'} · {t(`sessions.methods.${r.method}`)} ·{' '}
              {t('sessions.lastSeenAt', { time: new Date(r.lastSeenAt).toLocaleString() })}
            </div>
          </div>
          {!r.current && (
            <Button size="mini" status="danger" data-testid={`own-session-end-${r.id}`} onClick={() => void end(r.id)}>
              {t('sessions.end')}
            </Button>
          )}
        </div>
      ))}
      {others > 0 && (
        <Button
          size="small"
          style={{ marginTop: 8 }}
          data-testid="own-sessions-end-others"
          onClick={() => void endOthers()}
        >
          {t('sessions.endOthers', { count: others })}
        </Button>
      )}
    </div>
  );
}
