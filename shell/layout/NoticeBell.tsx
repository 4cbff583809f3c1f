import { useCallback, useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Drawer, Empty, List, Tag } from '@arco-design/web-react';
import { IconNotification } from '@arco-design/web-react/icon';
import type { NoticeListData } from '../../model/notice';
import { NOTICE_POLL_MS } from '../../model/bells';
import { contract } from '../api/contract';
import { callApi } from '../api/client';
import { factoryIdAtom } from '../state/atoms';
import { usePolling } from '../hooks/usePolling';
import { useAfterFirstScreen } from '../subapp/firstScreen';
import { useEscapeCloses } from '../hooks/useEscapeCloses';

/** Text of stored notice HTML; rich rendering comes with the notice administration (issue 9). */
function plain(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

const EMPTY: NoticeListData = { records: [], handledNum: 0, unHandleNum: 0, totalNum: 0 };

/** The header's notice counters (SPEC §3), polled while polling is on and the page is visible. */
export function NoticeBell() {
  const { t, i18n } = useTranslation('shell');
  const factoryId = useAtomValue(factoryIdAtom);
  const [data, setData] = useState<NoticeListData>(EMPTY);
  const [open, setOpen] = useState(false);

  const load = useCallback(async () => {
    const res = await callApi(contract.notice.list, { query: { limit: 50 }, showError: false });
    if (res.code === 200) setData(res.data);
  }, []);

  // Read once the first screen has had its turn: the counter never delays it.
  const ready = useAfterFirstScreen();
  useEffect(() => {
    if (ready) void load();
  }, [load, factoryId, ready]);
  usePolling(load, NOTICE_POLL_MS);

  useEscapeCloses(open, () => setOpen(false));

  async function handle(id: string) {
    const res = await callApi(contract.notice.handle, { params: { id } });
    if (res.code === 200) await load();
  }

  return (
    <>
      <Badge count={data.unHandleNum} maxCount={99} dot={false}>
        <Button
          type="text"
          icon={<IconNotification />}
          aria-label={t('notice.title')}
          onClick={() => {
            setOpen(true);
            void load();
          }}
          data-testid="notice-bell"
        />
      </Badge>
      <Drawer title={t('notice.title')} visible={open} width={420} footer={null} onCancel={() => setOpen(false)}>
        <div className="notice-counters" data-testid="notice-counters">
          <Tag color="orangered">{t('notice.unhandled', { count: data.unHandleNum })}</Tag>
          <Tag color="green">{t('notice.handled', { count: data.handledNum })}</Tag>
          <Tag>{t('notice.total', { count: data.totalNum })}</Tag>
        </div>
        {data.records.length === 0 ? (
          <Empty description={t('notice.empty')} />
        ) : (
          <List
            dataSource={data.records}
            render={(n) => (
              <List.Item
                key={n.id}
                data-testid={`notice-${n.id}`}
                actions={
                  n.handled
                    ? [
                        <Tag key="done" color="green">
                          {t('notice.done')}
                        </Tag>,
                      ]
                    : [
                        <Button key="handle" size="mini" type="primary" onClick={() => void handle(n.id)}>
                          {t('notice.markHandled')}
                        </Button>,
                      ]
                }
              >
                <List.Item.Meta
                  title={
                    <>
                      {n.level !== 'info' && (
                        <Tag color={n.level === 'urgent' ? 'red' : 'orange'} size="small">
                          {t(`notice.level.${n.level}`)}
                        </Tag>
                      )}{' '}
                      {n.title}
                    </>
                  }
                  description={
                    <>
                      <div className="notice-time">{new Date(n.publishAt).toLocaleString(i18n.language)}</div>
                      <div>{plain(n.content)}</div>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </Drawer>
    </>
  );
}
