import type { Factory } from '../../model';
import { endpoints } from '../api/endpoints';
import { perSession } from './perSession';

const factoryList = perSession(
  () => endpoints.factories(),
  (res) => res.code !== 200,
);

/** Keeps the factories a login's answer carried: the session's first need of them asks nothing. */
export function holdLoginFactories(token: string, list: Factory[]): void {
  factoryList.hold(token, { code: 200, msg: '', data: { factoryList: list } });
}

/**
 * The factories the session's user may work in, asked once per session (or carried by its login's
 * answer): the login's choice, the selection page and the switcher share the answer.
 */
export const sessionFactories = (): Promise<Factory[]> =>
  factoryList().then((res) => (res.code === 200 ? res.data.factoryList : []));
