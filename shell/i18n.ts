import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../model/languages';
import { switchLanguage } from '../locales/catalog';

export const i18n = i18next.createInstance();

// Texts arrive per language when first needed (locales/catalog.ts); main.tsx waits for the first.
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['shell', 'common', 'model'],
  defaultNS: 'shell',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Shows the shell in a language once its texts have arrived. */
export const showLanguage = (lang: Language): Promise<void> => switchLanguage(i18n, lang);
