import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../model/languages';
import { NAMESPACES, pick, type Namespace } from '../../locales/resources';
import { applyOverrides } from '../../locales/overrides';
import type { BridgeContext } from '../../bridge/protocol';

/** An i18next instance for one sub-app, with only the namespaces it uses. */
export function createSubAppI18n(namespaces: readonly Namespace[], defaultNS: Namespace): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: pick(namespaces),
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...namespaces],
    defaultNS,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

let appliedVersion = '';

/** Lays the tenant's overrides from the bridge context over this app's texts (again only when they changed). */
export function applyContextTranslations(instance: I18n, translations: BridgeContext['translations']): void {
  const version = translations?.version ?? '';
  if (version === appliedVersion) return;
  appliedVersion = version;
  const own = ([] as string[]).concat(instance.options.ns ?? []);
  applyOverrides(instance, NAMESPACES.filter((ns) => own.includes(ns)), translations?.texts ?? {});
}
