import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Drawer, Empty, List, Message, Notification, Tag } from '@arco-design/web-react';
import { IconExclamationCircle } from '@arco-design/web-react/icon';
import type { AlarmItem } from '../../model/alarm';
import { ALARM_PERMISSIONS, ALARM_POLL_MS } from '../../model/bells';
import { contract } from '../api/contract';
import { menuPermissions } from '../../model/menu-tree';
import { callApi } from '../api/client';
import { factoryIdAtom, menuAtom } from '../state/atoms';
import { usePolling } from '../hooks/usePolling';
import { useAfterFirstScreen } from '../subapp/firstScreen';
import { speak } from './speech';
import { useEscapeCloses } from '../hooks/useEscapeCloses';

const LEVEL_COLOUR: Record<AlarmItem['level'], string> = { info: 'arcoblue', warning: 'orange', critical: 'red' };

/**
 * The header's alarms: the factory's unacknowledged count, new alarms announced and read aloud as
 * they arrive (polled while polling is on), and the open list with acknowledgement.
 */
export function AlarmBell() {
  const { t, i18n } = useTranslation(['shell', 'model']);
  const factoryId = useAtomValue(factoryIdAtom);
  const canHandle = menuPermissions(useAtomValue(menuAtom)).includes(ALARM_PERMISSIONS.handle);
  const [count, setCount] = useState(0);
  const [open, setOpen] = useState(false);
  useEscapeCloses(open, () => setOpen(false));
  const [list, setList] = useState<AlarmItem[]>([]);
  const cursor = useRef<string | null>(null);
  const toldNoSpeech = useRef(false);

  const announce = useCallback(
    (alarm: AlarmItem) => {
      const level = t(`model:enum.alarmLevel.${alarm.level}`);
      const text = t('shell:alarm.spoken', { level, source: alarm.sourceSystem, description: alarm.description });
      Notification[alarm.level === 'info' ? 'info' : alarm.level === 'warning' ? 'warning' : 'error']({
        title: t('shell:alarm.new', { level, number: alarm.number }),
        content: alarm.description,
        duration: 8000,
      });
      if (!speak(text, i18n.language) && !toldNoSpeech.current) {
        toldNoSpeech.current = true;
        Message.warning(t('shell:alarm.noSpeech'));
      }
    },
    [t, i18n],
  );

  // The poll keeps its identity when the translations change (a language or the tenant's own words
  // arriving): a new identity would restart the cursor and swallow alarms raised meanwhile.
  const announceRef = useRef(announce);
  announceRef.current = announce;
  const poll = useCallback(async () => {
    const params = cursor.current === null ? {} : { after: cursor.current };
    const res = await callApi(contract.alarm.feed, { query: params, showError: false });
    if (res.code !== 200) return;
    const first = cursor.current === null;
    cursor.current = res.data.cursor;
    setCount(res.data.unacknowledged);
    if (!first) res.data.records.forEach((alarm) => announceRef.current(alarm));
  }, []);

  const loadOpen = useCallback(async () => {
    const res = await callApi(contract.alarm.open, { query: { limit: 100 }, showError: false });
    if (res.code === 200) {
      setList(res.data.records);
      setCount(res.data.total);
    }
  }, []);

  // A new factory has other alarms: start its cursor afresh.
  // Read once the first screen has had its turn: the counter never delays it.
  const ready = useAfterFirstScreen();
  useEffect(() => {
    cursor.current = null;
    if (ready) void poll();
  }, [poll, factoryId, ready]);
  usePolling(poll, ALARM_POLL_MS);

  async function acknowledge(id: string) {
    const res = await callApi(contract.alarm.acknowledge, { params: { id } });
    if (res.code === 200) await loadOpen();
  }

  if (!factoryId) return null;
  return (
    <>
      <Badge count={count} maxCount={99}>
        <Button
          type="text"
          icon={<IconExclamationCircle />}
          aria-label={t('shell:alarm.title')}
          data-testid="alarm-bell"
          onClick={() => {
            setOpen(true);
            void loadOpen();
          }}
        />
      </Badge>
      <Drawer title={t('shell:alarm.title')} visible={open} width={460} footer={null} onCancel={() => setOpen(false)}>
        {list.length === 0 ? (
          <Empty description={t('shell:alarm.empty')} />
        ) : (
          <List
            dataSource={list}
            render={(a) => (
              <List.Item
                key={a.id}
                data-testid={`alarm-${a.number}`}
                actions={
                  canHandle
                    ? [
                        <Button key="ack" size="mini" type="primary" onClick={() => void acknowledge(a.id)}>
                          {t('shell:alarm.acknowledge')}
                        </Button>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={
                    <>
                      <Tag color={LEVEL_COLOUR[a.level]} size="small">
                        {t(`model:enum.alarmLevel.${a.level}`)}
                      </Tag>{' '}
                      {a.number} · {a.sourceSystem}
                    </>
                  }
                  description={
                    <>
                      <div className="notice-time">{new Date(a.occurredAt).toLocaleString(i18n.language)}</div>
                      <div>{a.description}</div>
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
