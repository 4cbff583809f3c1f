import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../model/languages';
import { pick, type Namespace } from '../../locales/resources';

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
