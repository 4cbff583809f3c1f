import type { Factory } from '../../model';
import { endpoints } from '../api/endpoints';
import { perSession } from './perSession';
import { store, tokenAtom } from './atoms';

const factoryList = perSession(
  () => endpoints.factories(),
  (res) => res.code !== 200,
);

/** The list a login's answer carried, for the session it began. */
let given: { token: string; list: Factory[] } | null = null;

/** Keeps the factories a login's answer carried: the session's first need of them asks nothing. */
export function holdLoginFactories(token: string, list: Factory[]): void {
  given = { token, list };
}

/**
 * The factories the session's user may work in, asked once per session (or carried by its login's
 * answer): the login's choice, the selection page and the switcher share the answer.
 */
export const sessionFactories = (): Promise<Factory[]> => {
  if (given && given.token === store.get(tokenAtom)) return Promise.resolve(given.list);
  given = null;
  return factoryList().then((res) => (res.code === 200 ? res.data.factoryList : []));
};
