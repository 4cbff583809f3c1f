import { useTranslation } from 'react-i18next';
import { Empty } from '@arco-design/web-react';
import { dictItem } from '../../../model/resources';
import type { ResourceRow } from '../../../model/engine';
import { LazyResourcePage as ResourcePage } from '../../kit/engine/screen';
import type { ResourceOverrides } from '../../kit/engine/types';

/** The details (label and value) of the dictionary last clicked, on the same engine screen. */
function DictItems({ dict, onChanged }: { dict: ResourceRow | null; onChanged: () => void }) {
  const { t } = useTranslation('platform');
  if (!dict) return <Empty description={t('dict.chooseOne')} />;
  return (
    <section data-testid="dict-items">
      <div className="page-panel-title">{t('dict.itemsOf', { name: String(dict.name) })}</div>
      <ResourcePage
        key={dict.id}
        def={dictItem}
        params={{ id: dict.id }}
        embedded
        // The item count beside each dictionary follows its details.
        onChanged={onChanged}
        overrides={{
          historyLabels: () => ({
            fields: { dictId: t('model:dict.type') },
            values: { dictId: { [dict.id]: String(dict.type) } },
          }),
        }}
      />
    </section>
  );
}

/** Dictionaries: each one's details beside the list. */
export const dictOverrides: ResourceOverrides = {
  aside: (row, ctx) => <DictItems dict={row} onChanged={ctx.reload} />,
};
