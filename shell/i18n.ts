import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../model/languages';
import { pick } from '../locales/resources';

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: pick(['common', 'shell', 'model']),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['shell', 'common', 'model'],
  defaultNS: 'shell',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
