import { useTranslation } from 'react-i18next';
import { Card, Spin, Statistic } from '@arco-design/web-react';
import { useBridge } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import { useApi } from '../../kit/api';
import { useCard } from './useCard';

type Kind = 'feedback' | 'applications' | 'apps';

/** What needs an administrator's action: one figure per card, opening the screen where it is done. */
export function CountCard({ kind }: { kind: Kind }) {
  const { t } = useTranslation('platform');
  const api = useApi();
  const bridge = useBridge();
  const [state] = useCard<number>(async () => {
    if (kind === 'feedback')
      return (await api.call(contract.feedback.page, { query: { status: 'unprocessed', page: 1, size: 1 } })).total;
    if (kind === 'applications')
      return (await api.call(contract.helper.applications, { query: { status: 'pending', page: 1, size: 1 } })).total;
    // Apps probed offline (or not answering the bridge): their menu entries cannot open.
    return (await api.call(contract.helper.appOnline)).filter((a) => a.state !== 'online').length;
  });
  const screen = { feedback: '/system/feedback', applications: '/helper/apply-menu', apps: '/helper/services' }[kind];
  return (
    // Named by what it shows, the title and the figure.
    <Card
      data-testid={`card-${kind}`}
      className="workbench-card workbench-count"
      hoverable
      role="link"
      tabIndex={0}
      onClick={() => void bridge.navigate(screen)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') void bridge.navigate(screen);
      }}
    >
      {state.kind === 'loading' ? (
        <Spin />
      ) : (
        <Statistic
          title={t(`workbench.${kind}.title`)}
          value={state.kind === 'ready' ? state.data : '—'}
          data-testid={`${kind}-count`}
        />
      )}
    </Card>
  );
}
