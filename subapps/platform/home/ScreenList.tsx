import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { Button, Card } from '@arco-design/web-react';
import { IconStarFill } from '@arco-design/web-react/icon';
import { useBridge } from '../../../bridge/react';
import { contract } from '../../../model/contract';
import type { ScreenLink, ScreenLinks } from '../../../model/workbench';
import { useApi } from '../../kit/api';
import { CardBody } from './CardBody';
import { useCard } from './useCard';

type Kind = 'favourites' | 'recent' | 'frequent';

/** Screens to open with one click: the favourites (each can be unstarred), the recent, the most used. */
export function ScreenList({ kind }: { kind: Kind }) {
  const { t } = useTranslation('platform');
  const api = useApi();
  const bridge = useBridge();
  const [state, setData] = useCard<ScreenLinks>(() =>
    kind === 'favourites'
      ? api.call(contract.workbench.favourites)
      : api.call(contract.workbench.screens, { query: { list: kind } }),
  );

  const unstar = async (link: ScreenLink) => {
    // A refusal is shown by the shell; the list stays as it was.
    const left = await api
      .call(contract.workbench.removeFavourite, { params: { id: link.functionId } })
      .catch(() => null);
    if (left) setData(left);
  };
  const note = (link: ScreenLink) => {
    if (kind === 'recent' && link.at) return dayjs(link.at).format('MM-DD HH:mm');
    if (kind === 'frequent' && link.count !== null) return t('workbench.visits', { count: link.count });
    return null;
  };

  return (
    <Card title={t(`workbench.${kind}.title`)} data-testid={`card-${kind}`} className="workbench-card">
      <CardBody state={state} empty={t(`workbench.${kind}.empty`)} isEmpty={(d) => d.items.length === 0}>
        {(d) => (
          <ul className="workbench-links">
            {d.items.map((link) => (
              <li key={link.functionId}>
                <Button type="text" onClick={() => void bridge.navigate(link.path)} data-testid={`${kind}-link`}>
                  {link.name}
                </Button>
                {note(link) && <span className="workbench-note">{note(link)}</span>}
                {kind === 'favourites' && (
                  <Button
                    type="text"
                    size="mini"
                    icon={<IconStarFill className="favourite-on" />}
                    onClick={() => void unstar(link)}
                    aria-label={t('workbench.favourites.remove', { name: link.name })}
                    data-testid="favourite-remove"
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
