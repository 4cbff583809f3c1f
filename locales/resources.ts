/**
 * The front-end's translations: every namespace of every language, bundled statically so a missing
 * file is a build error. zh-CN is the default and the fallback (SPEC §9).
 */
import zhCNcommon from './zh-CN/common.json';
import zhCNshell from './zh-CN/shell.json';
import zhCNplatform from './zh-CN/platform.json';
import zhCNbasic from './zh-CN/basic.json';
import zhCNmodel from './zh-CN/model.json';
import zhTWcommon from './zh-TW/common.json';
import zhTWshell from './zh-TW/shell.json';
import zhTWplatform from './zh-TW/platform.json';
import zhTWbasic from './zh-TW/basic.json';
import zhTWmodel from './zh-TW/model.json';
import encommon from './en/common.json';
import enshell from './en/shell.json';
import enplatform from './en/platform.json';
import enbasic from './en/basic.json';
import enmodel from './en/model.json';
import vicommon from './vi/common.json';
import vishell from './vi/shell.json';
import viplatform from './vi/platform.json';
import vibasic from './vi/basic.json';
import vimodel from './vi/model.json';
import escommon from './es/common.json';
import esshell from './es/shell.json';
import esplatform from './es/platform.json';
import esbasic from './es/basic.json';
import esmodel from './es/model.json';

export const NAMESPACES = ['common', 'shell', 'platform', 'basic', 'model'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources = {
  'zh-CN': { common: zhCNcommon, shell: zhCNshell, platform: zhCNplatform, basic: zhCNbasic, model: zhCNmodel },
  'zh-TW': { common: zhTWcommon, shell: zhTWshell, platform: zhTWplatform, basic: zhTWbasic, model: zhTWmodel },
  en: { common: encommon, shell: enshell, platform: enplatform, basic: enbasic, model: enmodel },
  vi: { common: vicommon, shell: vishell, platform: viplatform, basic: vibasic, model: vimodel },
  es: { common: escommon, shell: esshell, platform: esplatform, basic: esbasic, model: esmodel },
} as const;

/** The resources of some namespaces only, so a sub-app bundles what it uses. */
export type Translations = { [key: string]: string | Translations };

export function pick(namespaces: readonly Namespace[]): Record<string, Record<string, Translations>> {
  const out: Record<string, Record<string, Translations>> = {};
  for (const [lang, all] of Object.entries(resources)) {
    out[lang] = Object.fromEntries(namespaces.map((ns) => [ns, all[ns] as Translations]));
  }
  return out;
}
