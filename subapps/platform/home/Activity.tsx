import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Badge, Button, Card } from '@arco-design/web-react';
import { useBridge } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import { useApi } from '../../kit/api';
import { CardBody } from './CardBody';
import { useCard } from './useCard';

const SHOWN = 5;
const when = (iso: string) => dayjs(iso).format('MM-DD HH:mm');
// A coloured dot beside the level's word: a pale tag's coloured text would be too faint to read.
const LEVEL_STATUS: Record<string, 'processing' | 'warning' | 'error'> = { info: 'processing', warning: 'warning', urgent: 'error' };

function Header({ title, count, testId }: { title: string; count: number | null; testId: string }) {
  return <span className="workbench-title">{title}{count !== null && <Badge count={count} maxCount={99} data-testid={`${testId}-count`} />}</span>;
}

/** My pending approval tasks; the task screen decides them. */
export function TasksCard() {
  const { t } = useTranslation('platform');
  const api = useApi();
  const bridge = useBridge();
  const [state] = useCard(() => api.call(contract.flow.pendingTasks, { query: { page: 1, size: SHOWN } }));
  return (
    <Card data-testid="card-tasks" className="workbench-card"
      title={<Header title={t('workbench.tasks.title')} count={state.kind === 'ready' ? state.data.total : null} testId="tasks" />}
      extra={<Button type="text" size="small" onClick={() => void bridge.navigate('/flow/task')}>{t('workbench.all')}</Button>}>
      <CardBody state={state} empty={t('workbench.tasks.empty')} isEmpty={(d) => d.records.length === 0}>
        {(d) => (
          <ul className="workbench-rows">
            {d.records.map((r) => <li key={r.id}><span>{r.title}</span><span className="workbench-note">{r.name} · {when(r.createdAt)}</span></li>)}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

/** Notices I have not handled yet. */
export function NoticesCard() {
  const { t } = useTranslation('platform');
  const api = useApi();
  const [state] = useCard(() => api.call(contract.notice.list, { query: { limit: 20 } }));
  return (
    <Card data-testid="card-notices" className="workbench-card"
      title={<Header title={t('workbench.notices.title')} count={state.kind === 'ready' ? state.data.unHandleNum : null} testId="notices" />}>
      <CardBody state={state} empty={t('workbench.notices.empty')} isEmpty={(d) => !d.records.some((n) => !n.handled)}>
        {(d) => (
          <ul className="workbench-rows">
            {d.records.filter((n) => !n.handled).slice(0, SHOWN).map((n) => (
              <li key={n.id}><span><Badge status={LEVEL_STATUS[n.level]} text={t(`workbench.level.${n.level}`)} /> {n.title}</span><span className="workbench-note">{when(n.publishAt)}</span></li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

/** The factory's alarms nobody has acknowledged. */
export function AlarmsCard() {
  const { t } = useTranslation('platform');
  const api = useApi();
  const bridge = useBridge();
  const [state] = useCard(() => api.call(contract.alarm.open, { query: { limit: SHOWN } }));
  return (
    <Card data-testid="card-alarms" className="workbench-card"
      title={<Header title={t('workbench.alarms.title')} count={state.kind === 'ready' ? state.data.total : null} testId="alarms" />}
      extra={<Button type="text" size="small" onClick={() => void bridge.navigate('/system/alarm')}>{t('workbench.all')}</Button>}>
      <CardBody state={state} empty={t('workbench.alarms.empty')} isEmpty={(d) => d.records.length === 0}>
        {(d) => (
          <ul className="workbench-rows">
            {d.records.map((a) => <li key={a.id}><span>{a.number} · {a.description}</span><span className="workbench-note">{when(a.occurredAt)}</span></li>)}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
