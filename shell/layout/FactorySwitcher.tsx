import { useEffect, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Select } from '@arco-design/web-react';
import type { Factory } from '../../model';
import { sessionFactories } from '../state/factories';
import { factoryIdAtom, menuLoadedAtom } from '../state/atoms';
import { confirmDiscard } from './unsaved';

/** Switches the current factory; the menu is fetched again for the new one. */
export function FactorySwitcher() {
  const { t } = useTranslation('shell');
  const [factories, setFactories] = useState<Factory[]>([]);
  const [factoryId, setFactoryId] = useAtom(factoryIdAtom);
  const setMenuLoaded = useSetAtom(menuLoadedAtom);

  useEffect(() => {
    let cancelled = false;
    void sessionFactories().then((list) => {
      if (cancelled || list.length === 0) return;
      setFactories(list);
      if (!list.some((f) => f.id === factoryId)) setFactoryId(list[0]?.id ?? null);
    });
    return () => {
      cancelled = true;
    };
    // Only on mount: the list does not change while the shell is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const options = factories.map((f) => ({ label: `${f.name} (${f.code})`, value: f.id }));
  return (
    // The switcher keeps its width: a long name shows whole on hover, and whole in the list.
    <span title={options.find((o) => o.value === factoryId)?.label}>
      <Select
        className="factory-switcher"
        data-testid="factory-switcher"
        triggerProps={{ autoAlignPopupWidth: false }}
        value={factoryId ?? undefined}
        placeholder={t('factory.choose')}
        style={{ width: 200 }}
        onChange={(id: string) => {
          if (id === factoryId) return;
          void confirmDiscard().then((ok) => {
            if (!ok) return;
            setFactoryId(id);
            setMenuLoaded(false);
          });
        }}
        options={options}
      />
    </span>
  );
}
