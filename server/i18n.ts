/** Server-side translation of answer messages (namespace `server`) and validation messages (`model`). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../model/languages';
import type { I18nText } from './db/types';

const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'locales');
const NAMESPACES = ['server', 'model'] as const;

function loadResources(): Record<string, Record<string, unknown>> {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const lang of LANGUAGES) {
    resources[lang] = {};
    for (const ns of NAMESPACES) {
      const file = path.join(LOCALES_DIR, lang, `${ns}.json`);
      resources[lang][ns] = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    }
  }
  return resources;
}

const instance = i18next.createInstance();
void instance.init({
  resources: loadResources() as never,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'server',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export interface Translator {
  /** A message of namespace `server`. */
  t(key: string, options?: Record<string, unknown>): string;
  /** A label or validation message of namespace `model`. */
  tm(key: string, options?: Record<string, unknown>): string;
  language: Language;
}

const cache = new Map<Language, Translator>();

export function translator(language: Language): Translator {
  let tr = cache.get(language);
  if (!tr) {
    const ts: TFunction = instance.getFixedT(language, 'server');
    const tmf: TFunction = instance.getFixedT(language, 'model');
    // A message without placeholders reads the same every time ("success" ends every answer).
    const plain = new Map<string, string>();
    tr = {
      language,
      t: (key, options) => {
        if (options) return String(ts(key, options as never));
        let text = plain.get(key);
        if (text === undefined) plain.set(key, (text = String(ts(key))));
        return text;
      },
      tm: (key, options) => String(tmf(key, options as never)),
    };
    cache.set(language, tr);
  }
  return tr;
}

/** A name kept in several languages (`name_i18n`), in `language`; zh-CN, then English, then any, then `fallback`. */
export function localName(names: I18nText | null | undefined, language: Language, fallback = ''): string {
  if (!names) return fallback;
  return names[language] ?? names['zh-CN'] ?? names.en ?? Object.values(names)[0] ?? fallback;
}
