import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Badge, Button, Card } from '@arco-design/web-react';
import { useBridge } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import type { ApiClient } from '../../../model/contract/client';
import { useApi } from '../../kit/api';
import { CardBody } from './CardBody';
import { useCard, type CardState } from './useCard';

const SHOWN = 5;
const when = (iso: string) => dayjs(iso).format('MM-DD HH:mm');
// A coloured dot beside the level's word: a pale tag's coloured text would be too faint to read.
const LEVEL_STATUS: Record<string, 'processing' | 'warning' | 'error'> = {
  info: 'processing',
  warning: 'warning',
  urgent: 'error',
};

interface Row {
  id: string;
  text: ReactNode;
  note: string;
}

/** A card of a few rows with their count in the title and, when given, a link to the screen holding them all. */
function RowsCard<T>({
  kind,
  state,
  count,
  rows,
  screen,
}: {
  kind: 'tasks' | 'notices' | 'alarms';
  state: CardState<T>;
  count: (data: T) => number;
  rows: (data: T) => Row[];
  screen?: string;
}) {
  const { t } = useTranslation('platform');
  const bridge = useBridge();
  return (
    <Card
      data-testid={`card-${kind}`}
      className="workbench-card"
      title={
        <span className="workbench-title">
          {t(`workbench.${kind}.title`)}
          {state.kind === 'ready' && <Badge count={count(state.data)} maxCount={99} data-testid={`${kind}-count`} />}
        </span>
      }
      extra={
        screen && (
          <Button type="text" size="small" onClick={() => void bridge.navigate(screen)}>
            {t('workbench.all')}
          </Button>
        )
      }
    >
      <CardBody state={state} empty={t(`workbench.${kind}.empty`)} isEmpty={(d) => rows(d).length === 0}>
        {(d) => (
          <ul className="workbench-rows">
            {rows(d).map((r) => (
              <li key={r.id}>
                <span>{r.text}</span>
                <span className="workbench-note">{r.note}</span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

/** My pending approval tasks; the task screen decides them. */
export function TasksCard() {
  const api = useApi();
  const [state] = useCard(() => api.call(contract.flow.pendingTasks, { query: { page: 1, size: SHOWN } }));
  return (
    <RowsCard
      kind="tasks"
      state={state}
      screen="/flow/task"
      count={(d) => d.total}
      rows={(d) => d.records.map((r) => ({ id: r.id, text: r.title, note: `${r.name} · ${when(r.createdAt)}` }))}
    />
  );
}

/** The notices the card shows, as it asks for them. */
export const readNotices = (api: ApiClient) => api.call(contract.notice.list, { query: { limit: 20 } });

/** Notices I have not handled yet; `first`, a read of them already under way. */
export function NoticesCard({ first }: { first?: ReturnType<typeof readNotices> | null }) {
  const { t } = useTranslation('platform');
  const api = useApi();
  const [state] = useCard(() => readNotices(api), first);
  return (
    <RowsCard
      kind="notices"
      state={state}
      count={(d) => d.unHandleNum}
      rows={(d) =>
        d.records
          .filter((n) => !n.handled)
          .slice(0, SHOWN)
          .map((n) => ({
            id: n.id,
            text: (
              <>
                <Badge status={LEVEL_STATUS[n.level]} text={t(`workbench.level.${n.level}`)} /> {n.title}
              </>
            ),
            note: when(n.publishAt),
          }))
      }
    />
  );
}

/** The factory's alarms nobody has acknowledged. */
export function AlarmsCard() {
  const api = useApi();
  const [state] = useCard(() => api.call(contract.alarm.open, { query: { limit: SHOWN } }));
  return (
    <RowsCard
      kind="alarms"
      state={state}
      screen="/system/alarm"
      count={(d) => d.total}
      rows={(d) =>
        d.records.map((a) => ({ id: a.id, text: `${a.number} · ${a.description}`, note: when(a.occurredAt) }))
      }
    />
  );
}
