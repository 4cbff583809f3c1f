import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Select, Space, Tag, type TableColumnProps } from '@arco-design/web-react';
import { act } from './act';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { alarmHistory } from './history-labels';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { ALARM_PERMISSIONS, type AlarmItem, type AlarmSearch } from '../../../model/alarm';
import { contract } from '../../../model/contract';
import { useApi } from '../../kit/api';
import { usePagedList } from '../../kit/usePagedList';
import { PagedTable } from '../../kit/PagedTable';

type Filters = AlarmSearch;

/** The current factory's alarms with search and acknowledgement (raising is for other domains' API calls). */
export function AlarmAdmin() {
  const { t } = useTranslation(['platform', 'common']);
  const bridge = useBridge();
  const api = useApi();
  const { permissions } = useBridgeContext();
  const list = usePagedList(contract.alarm.page);
  const [filters, setFilters] = useState<Filters>({});

  const search = (v: Filters) => {
    const next = { keyword: v.keyword?.trim() || undefined, level: v.level, acknowledged: v.acknowledged };
    setFilters(next);
    list.search(next);
  };

  async function acknowledge(row: AlarmItem) {
    await api.call(contract.alarm.acknowledge, { params: { id: row.id }, showSuccess: true });
    list.reload();
  }

  const columns: TableColumnProps<AlarmItem>[] = [
    { title: t('content.alarm.number'), dataIndex: 'number' },
    { title: t('content.alarm.type'), dataIndex: 'type' },
    { title: t('content.alarm.sourceSystem'), dataIndex: 'sourceSystem' },
    { title: t('content.alarm.sourceNumber'), dataIndex: 'sourceNumber' },
    {
      title: t('content.alarm.project'),
      render: (_: unknown, r: AlarmItem) => [r.projectCode, r.projectName].filter(Boolean).join(' '),
    },
    { title: t('content.alarm.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('content.alarm.level'),
      dataIndex: 'level',
      render: (v: string) => (
        <Tag color={v === 'critical' ? 'red' : v === 'warning' ? 'orange' : 'blue'}>{t(`content.alarmLevel.${v}`)}</Tag>
      ),
    },
    {
      title: t('content.alarm.occurredAt'),
      dataIndex: 'occurredAt',
      render: (v: string) => new Date(v).toLocaleString(),
    },
    {
      title: t('content.alarm.state'),
      render: (_: unknown, r: AlarmItem) =>
        r.acknowledgedAt ? (
          t('content.alarm.acknowledged')
        ) : permissions.includes(ALARM_PERMISSIONS.handle) ? (
          <Button size="mini" type="primary" onClick={() => act(() => acknowledge(r))}>
            {t('content.alarm.acknowledge')}
          </Button>
        ) : (
          t('content.alarm.open')
        ),
    },
    {
      title: t('common:actions'),
      width: 90,
      render: (_: unknown, r: AlarmItem) => (
        <HistoryButton target={{ entity: 'alarm', recordId: r.id, title: r.number }} labels={alarmHistory(t)} />
      ),
    },
  ];

  return (
    <div data-testid="page-alarm-admin">
      <Form layout="inline" onSubmit={search}>
        <Form.Item field="keyword" label={t('content.alarm.keyword')}>
          <Input allowClear data-testid="alarm-keyword" />
        </Form.Item>
        <Form.Item field="level" label={t('content.alarm.level')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={['info', 'warning', 'critical'].map((v) => ({ value: v, label: t(`content.alarmLevel.${v}`) }))}
          />
        </Form.Item>
        <Form.Item field="acknowledged" label={t('content.alarm.state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            options={[
              { value: 'false', label: t('content.alarm.open') },
              { value: 'true', label: t('content.alarm.acknowledged') },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('common:search')}
          </Button>
          {permissions.includes(ALARM_PERMISSIONS.export) && (
            <Button
              data-testid="alarm-export"
              onClick={() =>
                void bridge
                  .download({
                    ...api.prepare(contract.alarm.export, { query: filters }),
                    filename: `${t('content.alarm.file')}.xlsx`,
                  })
                  .catch(() => undefined)
              }
            >
              {t('common:export')}
            </Button>
          )}
        </Space>
      </Form>
      <PagedTable<AlarmItem> list={list} columns={columns} />
    </div>
  );
}
