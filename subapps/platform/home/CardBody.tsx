import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Empty, Result, Spin } from '@arco-design/web-react';
import type { CardState } from './useCard';

/** A card's content by its state: loading, failed (said in the card, the page goes on), empty or ready. */
export function CardBody<T>({
  state,
  empty,
  isEmpty,
  children,
}: {
  state: CardState<T>;
  empty: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('platform');
  if (state.kind === 'loading') return <Spin className="workbench-loading" />;
  if (state.kind === 'failed') return <Result status="warning" subTitle={t('workbench.failed')} />;
  if (isEmpty(state.data)) return <Empty description={empty} />;
  return <>{children(state.data)}</>;
}
