import type { Factory } from '../../model';
import { endpoints } from '../api/endpoints';
import { store, tokenAtom } from './atoms';

let held: { token: string; answer: Promise<Factory[]> } | null = null;

/**
 * The factories the session's user may work in, asked once per session: the login's choice, the
 * selection page and the switcher share the answer. A failed answer is asked again next time.
 */
export function sessionFactories(): Promise<Factory[]> {
  const token = store.get(tokenAtom) ?? '';
  if (held?.token === token) return held.answer;
  const mine: { token: string; answer: Promise<Factory[]> } = {
    token,
    answer: endpoints.factories().then((res) => {
      if (res.code === 200) return res.data.factoryList;
      if (held === mine) held = null;
      return [];
    }),
  };
  held = mine;
  return mine.answer;
}
