import type { i18n as I18n } from 'i18next';
import { isLanguage, type Language } from '../../model/languages';
import { loadLanguage } from '../../locales/catalog';
import { loadArcoLocale } from '../../locales/arco';

/** The language this app's pages were last shown in, in this origin's storage. */
const KEY = 'mes-portal:subapp-language';

/** Keeps the language the shell shows this app in, for the app's next page load. */
export function rememberLanguage(lang: Language): void {
  try {
    if (localStorage.getItem(KEY) !== lang) localStorage.setItem(KEY, lang);
  } catch {
    /* storage refused: the next load just waits for the shell's context */
  }
}

/**
 * Starts downloading the texts (the app's and Arco's) of the language the app was last shown in, as
 * the page starts: the shell's context, which names the language, comes only once the bridge has
 * connected, and most often names the same one, which then is there or under way. Another language
 * costs its own download, as it did before.
 */
export function preloadLastLanguage(instance: I18n): void {
  let lang: string | null;
  try {
    lang = localStorage.getItem(KEY);
  } catch {
    return;
  }
  if (!isLanguage(lang)) return;
  loadLanguage(instance, lang).catch(() => undefined);
  loadArcoLocale(lang).catch(() => undefined);
}
