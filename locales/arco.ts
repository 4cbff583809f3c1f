import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import zhTW from '@arco-design/web-react/es/locale/zh-TW';
import enUS from '@arco-design/web-react/es/locale/en-US';
import viVN from '@arco-design/web-react/es/locale/vi-VN';
import esES from '@arco-design/web-react/es/locale/es-ES';
import type { Locale } from '@arco-design/web-react/es/locale/interface';
import type { Language } from '../model/languages';

// Some of Arco's locales lag its interface by a component or two; English fills the gaps.
const fill = (l: object): Locale => ({ ...enUS, ...l }) as Locale;
const LOCALES: Record<Language, Locale> = { 'zh-CN': fill(zhCN), 'zh-TW': fill(zhTW), en: enUS, vi: fill(viVN), es: fill(esES) };

/** Arco's own texts (pagination, pickers, empty states) in the portal's language. */
export function arcoLocale(lang: Language): Locale {
  return LOCALES[lang];
}
