import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Grid, Radio, Spin, Statistic, Table } from '@arco-design/web-react';
import { useBridgeContext } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import { VISIT_RANGES, type VisitRange, type VisitStatistics as Stats } from '../../../model/statistics';
import { useApi } from '../../kit/api';
import { VisitChart } from './VisitChart';

/** Visit statistics (SPEC §2): day, week, month and year ranges, a chart, and the Top N visitors and screens. */
export function VisitStatistics() {
  const { t } = useTranslation(['platform', 'common']);
  const api = useApi();
  const { factoryId } = useBridgeContext();
  const [range, setRange] = useState<VisitRange>('week');
  const [data, setData] = useState<Stats | null>(null);

  useEffect(() => {
    let live = true;
    api
      .call(contract.statistics.visits, { query: { range, top: 10 } })
      .then((d) => {
        if (live) setData(d);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, range, factoryId]);

  return (
    <div data-testid="page-visit-statistics">
      <div className="page-toolbar">
        <Radio.Group type="button" value={range} onChange={(v: VisitRange) => setRange(v)}>
          {VISIT_RANGES.map((r) => (
            <Radio key={r} value={r} data-testid={`range-${r}`}>
              {t(`visits.range.${r}`)}
            </Radio>
          ))}
        </Radio.Group>
      </div>
      {!data ? (
        <Spin />
      ) : (
        <>
          <Card>
            <Statistic title={t('visits.total')} value={data.total} data-testid="visit-total" />
            <VisitChart series={data.series} label={t('visits.count')} />
          </Card>
          <Grid.Row gutter={16} style={{ marginTop: 16 }}>
            <Grid.Col span={12}>
              <Card title={t('visits.topVisitors')}>
                <Table
                  rowKey="userId"
                  pagination={false}
                  data-testid="top-visitors"
                  data={data.topVisitors}
                  columns={[
                    { title: '#', render: (_: unknown, __: unknown, i: number) => i + 1, width: 50 },
                    {
                      title: t('visits.visitor'),
                      render: (_: unknown, r: Stats['topVisitors'][number]) => `${r.nickname} (${r.account})`,
                    },
                    { title: t('visits.count'), dataIndex: 'count', width: 100 },
                  ]}
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={12}>
              <Card title={t('visits.topMenus')}>
                <Table
                  rowKey="functionId"
                  pagination={false}
                  data={data.topMenus}
                  columns={[
                    { title: '#', render: (_: unknown, __: unknown, i: number) => i + 1, width: 50 },
                    { title: t('visits.menu'), dataIndex: 'name' },
                    { title: t('visits.count'), dataIndex: 'count', width: 100 },
                  ]}
                />
              </Card>
            </Grid.Col>
          </Grid.Row>
        </>
      )}
    </div>
  );
}
