import type { BridgeContext } from '../../bridge/protocol';
import { isLanguage } from '../../model/languages';
import { menuPermissions } from '../../model/menu-tree';
import { i18n } from '../i18n';
import { factoryIdAtom, menuAtom, orgCodeAtom, settingsAtom, store, themeAtom, userAtom } from '../state/atoms';
import { overridesAtom } from '../state/tenantTexts';

/** Each app's current and previous route, as the shell last showed or was told it. */
const routes = new Map<string, { path: string; previousPath: string | null }>();

export function setAppRoute(appId: string, path: string) {
  const current = routes.get(appId);
  if (current?.path === path) return;
  routes.set(appId, { path, previousPath: current?.path ?? null });
}

export function appRoute(appId: string) {
  return routes.get(appId) ?? null;
}

/** The context a sub-app sees (DESIGN §6); never the token. */
export function contextFor(appId: string, language: string = i18n.language): BridgeContext {
  const user = store.get(userAtom);
  const route = routes.get(appId);
  return {
    path: route?.path ?? '/',
    previousPath: route?.previousPath ?? null,
    language: isLanguage(language) ? language : 'zh-CN',
    factoryId: store.get(factoryIdAtom),
    orgCode: store.get(orgCodeAtom),
    user: user ? { id: user.id, account: user.account, nickname: user.nickname, type: user.type } : null,
    fontSize: store.get(settingsAtom).size,
    theme: store.get(themeAtom),
    permissions: menuPermissions(store.get(menuAtom)),
    modal: false,
    ...translationsOf(),
  };
}

/** Present only when the tenant has overrides, so apps of tenants without any see the 1.0 context. */
function translationsOf(): Pick<BridgeContext, 'translations'> {
  const o = store.get(overridesAtom);
  return o && Object.keys(o.texts).length > 0 ? { translations: { version: o.version, texts: o.texts } } : {};
}
