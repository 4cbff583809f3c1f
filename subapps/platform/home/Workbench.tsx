import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Grid, Spin } from '@arco-design/web-react';
import { contract } from '../../../model/contract';
import type { WorkbenchCard } from '../../../model/workbench';
import { useApi } from '../../kit/api';
import { AlarmsCard, NoticesCard, TasksCard, readNotices } from './Activity';
import { CountCard } from './Counts';
import { ScreenList } from './ScreenList';
import { useCard } from './useCard';
import './workbench.css';

const COUNTS: WorkbenchCard[] = ['feedback', 'applications', 'apps'];

function CardOf({ card, notices }: { card: WorkbenchCard; notices: ReturnType<typeof readNotices> | null }) {
  switch (card) {
    case 'tasks':
      return <TasksCard />;
    case 'notices':
      return <NoticesCard first={notices} />;
    case 'alarms':
      return <AlarmsCard />;
    case 'favourites':
    case 'recent':
    case 'frequent':
      return <ScreenList kind={card} />;
    case 'feedback':
    case 'applications':
    case 'apps':
      return <CountCard kind={card} />;
  }
}

/**
 * The workbench (`/home`, issue 24): where login lands. The server says which cards the user may see;
 * each then loads on its own.
 */
export function Workbench() {
  const { t } = useTranslation('platform');
  const api = useApi();
  // Every user has the notices card: its first rows are asked for beside the list of cards, not after it.
  const notices = useRef<ReturnType<typeof readNotices> | null>(null);
  const [state] = useCard(() => {
    if (!notices.current) {
      notices.current = readNotices(api);
      // The notices card takes this read over once the cards are known; should they never be (the
      // cards refused, a logout), nobody else waits for it and its refusal is not an error.
      notices.current.catch(() => undefined);
    }
    return api.call(contract.workbench.cards);
  });
  if (state.kind !== 'ready')
    return <div data-testid="page-workbench">{state.kind === 'loading' ? <Spin /> : t('workbench.failed')}</div>;
  const counts = state.data.cards.filter((c) => COUNTS.includes(c));
  const others = state.data.cards.filter((c) => !COUNTS.includes(c));
  return (
    <div data-testid="page-workbench" className="workbench">
      {counts.length > 0 && (
        <section aria-label={t('workbench.actions')} className="workbench-section">
          <Grid.Row gutter={16}>
            {counts.map((c) => (
              <Grid.Col key={c} xs={24} sm={8}>
                <CardOf card={c} notices={notices.current} />
              </Grid.Col>
            ))}
          </Grid.Row>
        </section>
      )}
      <Grid.Row gutter={[16, 16]}>
        {others.map((c) => (
          <Grid.Col key={c} xs={24} md={12} xl={8}>
            <CardOf card={c} notices={notices.current} />
          </Grid.Col>
        ))}
      </Grid.Row>
    </div>
  );
}
