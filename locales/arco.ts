import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import zhTW from '@arco-design/web-react/es/locale/zh-TW';
import enUS from '@arco-design/web-react/es/locale/en-US';
import viVN from '@arco-design/web-react/es/locale/vi-VN';
import esES from '@arco-design/web-react/es/locale/es-ES';
import type { Language } from '../model/languages';

const LOCALES = { 'zh-CN': zhCN, 'zh-TW': zhTW, en: enUS, vi: viVN, es: esES } as const;

/** Arco's own texts (pagination, pickers, empty states) in the portal's language. */
export function arcoLocale(lang: Language) {
  return LOCALES[lang];
}
