import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Tag, type TableColumnProps } from '@arco-design/web-react';
import { act } from './act';
import { HistoryButton } from '../../kit/history/HistoryButton';
import { alarmHistory } from './history-labels';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { ALARM_PERMISSIONS, type AlarmItem, type AlarmSearch } from '../../../model/alarm';
import { contract } from '../../../model/contract';
import { useApi } from '../../kit/api';
import { usePagedList, type Filters } from '../../kit/usePagedList';
import { SearchForm } from '../../kit/SearchForm';
import { PagedTable } from '../../kit/PagedTable';

/** The current factory's alarms with search and acknowledgement (raising is for other domains' API calls). */
export function AlarmAdmin() {
  const { t } = useTranslation(['platform', 'common']);
  const bridge = useBridge();
  const api = useApi();
  const { permissions } = useBridgeContext();
  const list = usePagedList(contract.alarm.page);
  const [filters, setFilters] = useState<Filters>({});

  const search = (next: Filters) => {
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
      <SearchForm
        filters={[
          { key: 'keyword', kind: 'text', label: t('content.alarm.keyword'), testId: 'alarm-keyword' },
          {
            key: 'level',
            kind: 'select',
            label: t('content.alarm.level'),
            width: 120,
            options: ['info', 'warning', 'critical'].map((v) => ({ value: v, label: t(`content.alarmLevel.${v}`) })),
          },
          {
            key: 'acknowledged',
            kind: 'select',
            label: t('content.alarm.state'),
            width: 120,
            options: [
              { value: 'false', label: t('content.alarm.open') },
              { value: 'true', label: t('content.alarm.acknowledged') },
            ],
          },
        ]}
        onSearch={search}
        actions={
          permissions.includes(ALARM_PERMISSIONS.export) && (
            <Button
              data-testid="alarm-export"
              onClick={() =>
                void bridge
                  .download({
                    // The form's filters are the search's own fields, with the values its options offer.
                    ...api.prepare(contract.alarm.export, { query: filters as AlarmSearch }),
                    filename: `${t('content.alarm.file')}.xlsx`,
                  })
                  .catch(() => undefined)
              }
            >
              {t('common:export')}
            </Button>
          )
        }
      />
      <PagedTable<AlarmItem> list={list} columns={columns} />
    </div>
  );
}
