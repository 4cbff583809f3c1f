/**
 * Arco's own texts (pagination, pickers, empty states) in the portal's language. English fills what
 * a locale lacks and zh-CN is Arco's own default, so both come with the page; the other languages
 * are downloaded when first shown.
 */
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import enUS from '@arco-design/web-react/es/locale/en-US';
import type { Locale } from '@arco-design/web-react/es/locale/interface';
import type { Language } from '../model/languages';

// Some of Arco's locales lag its interface by a component or two; English fills the gaps.
const fill = (l: object): Locale => ({ ...enUS, ...l }) as Locale;

const loaders: Record<Language, () => Promise<Locale>> = {
  'zh-CN': () => Promise.resolve(fill(zhCN)),
  en: () => Promise.resolve(enUS),
  'zh-TW': () => import('@arco-design/web-react/es/locale/zh-TW').then((m) => fill(m.default)),
  vi: () => import('@arco-design/web-react/es/locale/vi-VN').then((m) => fill(m.default)),
  es: () => import('@arco-design/web-react/es/locale/es-ES').then((m) => fill(m.default)),
};

const loaded = new Map<Language, Locale>([
  ['zh-CN', fill(zhCN)],
  ['en', enUS],
]);
const loading = new Map<Language, Promise<Locale>>();

/** Arco's texts in a language, downloaded once (a failed download is tried again at the next need). */
export function loadArcoLocale(lang: Language): Promise<Locale> {
  const held = loaded.get(lang);
  if (held) return Promise.resolve(held);
  let p = loading.get(lang);
  if (!p) {
    p = loaders[lang]().then((l) => {
      loaded.set(lang, l);
      return l;
    });
    p.catch(() => undefined).finally(() => loading.delete(lang));
    loading.set(lang, p);
  }
  return p;
}

/** Arco's texts in a language if they have arrived, else English. */
export function arcoLocale(lang: Language): Locale {
  return loaded.get(lang) ?? enUS;
}
