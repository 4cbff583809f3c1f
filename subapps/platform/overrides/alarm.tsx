import { useTranslation } from 'react-i18next';
import { Button, Tag } from '@arco-design/web-react';
import { contract } from '../../../model/contract';
import type { ResourceRow } from '../../../model/engine';
import { useApi } from '../../kit/api';
import type { PageContext, ResourceOverrides } from '../../kit/engine/types';
import { act } from '../../kit/act';

const LEVEL_COLORS: Record<string, string> = { critical: 'red', warning: 'orange', info: 'blue' };

function Level({ level }: { level: unknown }) {
  const { t } = useTranslation('model');
  return <Tag color={LEVEL_COLORS[String(level)] ?? 'blue'}>{t(`enum.alarmLevel.${String(level)}`)}</Tag>;
}

/** Acknowledged, or the button that acknowledges it (with the handle permission), or open. */
function State({ row, ctx }: { row: ResourceRow; ctx: PageContext }) {
  const { t } = useTranslation('model');
  const api = useApi();
  if (row.acknowledgedAt) return <>{t('enum.alarmState.true')}</>;
  if (!ctx.can('handle')) return <>{t('enum.alarmState.false')}</>;
  const acknowledge = async () => {
    await api.call(contract.alarm.acknowledge, { params: { id: row.id }, showSuccess: true });
    ctx.reload();
  };
  return (
    <Button size="mini" type="primary" data-testid="row-acknowledge" onClick={() => act(acknowledge)}>
      {ctx.t('platform:content.alarm.acknowledge')}
    </Button>
  );
}

/** Alarms of the current factory: the level as a coloured tag, and each one's state with its acknowledgement. */
export const alarmOverrides: ResourceOverrides = {
  cells: { level: (v) => <Level level={v} /> },
  columns: (generated, ctx) => [
    ...generated,
    {
      key: 'state',
      title: ctx.t('model:alarm.acknowledged'),
      render: (_v: unknown, row: ResourceRow) => <State row={row} ctx={ctx} />,
    },
  ],
  historyLabels: () => ({ hidden: ['factoryId', 'acknowledgedBy'] }),
};
