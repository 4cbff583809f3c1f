import { appForPath } from '../../model/app-routes';
import { WORKBENCH_PATH } from '../../model/workbench';
import { store, tokenAtom } from '../state/atoms';
import { appsAhead, requestApps } from '../subapp/appsRequest';
import { frameUrl } from '../subapp/appRoutes';
import { hasLanding, prewarmLanding } from '../subapp/prewarm';
import { requestRoutes } from './routesRequest';

/**
 * Once a login is answered: asks for the app registry, and for the menu of `factoryId` when known,
 * beside the factory list rather than after it. A browser with no landing remembered starts loading
 * the workbench's frame once the registry names its app.
 */
export function askAhead(token: string, factoryId: string | null, lang: string): void {
  requestApps(token);
  if (factoryId) requestRoutes(factoryId, lang);
  if (hasLanding()) return;
  void appsAhead()?.then((res) => {
    if (res.code !== 200 || store.get(tokenAtom) !== token) return;
    const app = appForPath(
      res.data.filter((a) => a.status === 'enabled' && a.online),
      WORKBENCH_PATH,
    );
    if (app) prewarmLanding(frameUrl(app.url, WORKBENCH_PATH));
  });
}
