/** The languages of SPEC §9; the first is the default and the fallback. */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en', 'vi', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a browser or Accept-Language tag (zh, zh-Hant, en-US, es-419 …) to a supported language. */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const t = tag.trim().toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === t);
  if (exact) return exact;
  if (t.startsWith('zh')) {
    return /(tw|hk|mo|hant)/.test(t) ? 'zh-TW' : 'zh-CN';
  }
  const base = t.split('-')[0];
  return LANGUAGES.find((l) => l.toLowerCase() === base) ?? null;
}

/** First supported language of an Accept-Language header, by order of preference. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const lang = matchLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
