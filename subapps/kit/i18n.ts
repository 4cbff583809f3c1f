import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../model/languages';
import { deferFallback, loadFallback, setOverrides, type Namespace } from '../../locales/catalog';
import type { BridgeContext } from '../../bridge/protocol';
import { preloadLastLanguage } from './lastLanguage';

/** An i18next instance for one sub-app, with only the namespaces it uses; texts arrive per language (locales/catalog.ts). */
export function createSubAppI18n(namespaces: readonly Namespace[], defaultNS: Namespace): I18n {
  const instance = i18next.createInstance();
  let fallbackAsked = false;
  void instance.use(initReactI18next).init({
    resources: {},
    partialBundledLanguages: true,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...namespaces],
    defaultNS,
    interpolation: { escapeValue: false },
    initAsync: false,
    // Every shipped language is complete: the fallback language's texts are downloaded only if a text is missing.
    saveMissing: true,
    missingKeyHandler: () => {
      if (fallbackAsked) return;
      fallbackAsked = true;
      loadFallback(instance).then(
        () => instance.changeLanguage(instance.language),
        () => {
          fallbackAsked = false;
        },
      );
    },
  });
  deferFallback(instance);
  preloadLastLanguage(instance);
  return instance;
}

let appliedVersion = '';

/** Lays the tenant's overrides from the bridge context over this app's texts (again only when they changed). */
export function applyContextTranslations(instance: I18n, translations: BridgeContext['translations']): void {
  const version = translations?.version ?? '';
  if (version === appliedVersion) return;
  appliedVersion = version;
  void setOverrides(instance, translations?.texts ?? {});
}
