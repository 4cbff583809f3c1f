/**
 * A tenant's overrides of shipped texts applied to an i18next instance: each namespace is reset to
 * its shipped texts, then the overrides are laid over it, so removing an override brings the
 * shipped word back. The shell and every sub-app use this same function.
 */
import type { i18n as I18n } from 'i18next';
import { resources, type Namespace } from './resources';

export type OverrideTexts = Partial<Record<string, Partial<Record<string, Record<string, string>>>>>;

export function applyOverrides(instance: I18n, namespaces: readonly Namespace[], texts: OverrideTexts): void {
  for (const [lang, byNs] of Object.entries(resources)) {
    for (const ns of namespaces) {
      instance.removeResourceBundle(lang, ns);
      instance.addResourceBundle(lang, ns, byNs[ns], true, true);
      for (const [key, value] of Object.entries(texts[lang]?.[ns] ?? {})) instance.addResource(lang, ns, key, value);
    }
  }
  // react-i18next re-renders on a language change; the same language announced again redraws the texts.
  void instance.changeLanguage(instance.language);
}
