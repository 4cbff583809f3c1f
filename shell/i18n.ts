import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../model/languages';
import { loadArcoLocale } from '../locales/arco';
import { addNamespace, deferFallback, loadFallback, loadLanguage, switchLanguage } from '../locales/catalog';

export const i18n = i18next.createInstance();

// Texts arrive per language when first needed (locales/catalog.ts); main.tsx waits for the first.
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // The login page's texts; `common` and `model` (field labels, validation messages) come with what needs them.
  ns: ['shell'],
  defaultNS: 'shell',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  // Every shipped language is complete: the fallback language's texts are downloaded only if a text is missing.
  saveMissing: true,
  missingKeyHandler: () => {
    fallbackWanted();
  },
});

deferFallback(i18n);

/** Downloads a language's texts without showing it (a message said in it). */
export const loadTexts = (lang: Language): Promise<void> => loadLanguage(i18n, lang);

/** Shows the shell in a language once its texts and Arco's have arrived. */
export const showLanguage = (lang: Language): Promise<void> => switchLanguage(i18n, lang, loadArcoLocale(lang));

/** The `common` and `model` texts, loaded with the screens that show them (after login, the login's second step). */
export const loadMoreTexts = (): Promise<void> =>
  Promise.all([addNamespace(i18n, 'common'), addNamespace(i18n, 'model')]).then(
    () => undefined,
    () => undefined,
  );

let fallbackAsked = false;
/** Downloads the fallback language's texts once, then draws the page again with them. */
function fallbackWanted(): void {
  if (fallbackAsked) return;
  fallbackAsked = true;
  loadFallback(i18n).then(
    () => i18n.changeLanguage(i18n.language),
    () => {
      fallbackAsked = false;
    },
  );
}
