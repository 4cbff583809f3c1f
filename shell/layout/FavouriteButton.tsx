import { useEffect, useRef, useState } from 'react';
import { atom, useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button } from '@arco-design/web-react';
import { IconStar, IconStarFill } from '@arco-design/web-react/icon';
import { findMenuByPath, menuScreens } from '../../model/menu-tree';
import { WORKBENCH_PATH, type ScreenLink } from '../../model/workbench';
import { contract } from '../api/contract';
import { callApi } from '../api/client';
import { afterScreen } from '../subapp/firstScreen';
import { factoryIdAtom, menuAtom } from '../state/atoms';

/** The favourite screens of the user in the current factory (the workbench shows them). */
export const favouritesAtom = atom<ScreenLink[] | null>(null);

/**
 * Stars the screen shown, for the workbench's favourites (issue 24). Shown when the user's menu has the
 * workbench. The list is read again on a factory switch and on leaving the workbench, where it may change.
 */
export function FavouriteButton({ path }: { path: string | null }) {
  const { t } = useTranslation('shell');
  const menu = useAtomValue(menuAtom);
  const factoryId = useAtomValue(factoryIdAtom);
  const [favourites, setFavourites] = useAtom(favouritesAtom);
  const hasWorkbench = menuScreens(menu).some((n) => n.path === WORKBENCH_PATH);
  const previous = useRef<string | null>(null);
  const [reads, setReads] = useState(0);

  useEffect(() => {
    if (previous.current === WORKBENCH_PATH && path !== WORKBENCH_PATH) setReads((n) => n + 1);
    previous.current = path;
  }, [path]);
  useEffect(() => {
    if (!hasWorkbench || !factoryId) return;
    let live = true;
    // Read after the screen switched to has painted: nothing on it waits for the list.
    const cancel = afterScreen(() => {
      void callApi(contract.workbench.favourites, { showError: false }).then((res) => {
        if (live && res.code === 200) setFavourites(res.data.items);
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [hasWorkbench, factoryId, reads, setFavourites]);

  const screen = path && path !== WORKBENCH_PATH ? findMenuByPath(menu, path) : null;
  if (!hasWorkbench || !factoryId || !screen || favourites === null) return null;
  const starred = favourites.some((f) => f.functionId === screen.id);
  const toggle = async () => {
    const ep = starred ? contract.workbench.removeFavourite : contract.workbench.addFavourite;
    const res = await callApi(ep, { params: { id: screen.id } });
    if (res.code === 200) setFavourites(res.data.items);
  };
  const label = t(starred ? 'favourites.remove' : 'favourites.add', { name: screen.functionName });
  return (
    <Button
      type="text"
      icon={starred ? <IconStarFill className="favourite-on" /> : <IconStar />}
      aria-label={label}
      title={label}
      aria-pressed={starred}
      onClick={() => void toggle()}
      data-testid="favourite-toggle"
    />
  );
}
