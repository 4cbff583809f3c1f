import type { Factory } from '../../model';
import { endpoints } from '../api/endpoints';
import { perSession } from './perSession';

const factoryList = perSession(
  () => endpoints.factories(),
  (res) => res.code !== 200,
);

/**
 * The factories the session's user may work in, asked once per session: the login's choice, the
 * selection page and the switcher share the answer.
 */
export const sessionFactories = (): Promise<Factory[]> =>
  factoryList().then((res) => (res.code === 200 ? res.data.factoryList : []));
