import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, matchLanguage, type Language } from '../../model/languages';

/** Paths (after the language segment) that anyone may open (SPEC §2). */
const PUBLIC = [/^\/login$/, /^\/app\/download$/, /^\/sop\/[^/]+$/, /^\/(401|403|404|500)$/];

import { ROUTE_PREFIXES } from '../../model/app-routes';

/** One wildcard route per sub-application prefix (SPEC §2), plus the shell's helper pages. */
export { ROUTE_PREFIXES };

/** Whether any route serves this path (else it is an unknown path, answered by 404). */
export function isKnownPath(path: string): boolean {
  if (path === '/') return true;
  const first = path.split('/')[1] ?? '';
  return (ROUTE_PREFIXES as readonly string[]).includes(first);
}

/** Routes of full-screen apps (SPEC §2 `visual/*`): shown without menu, header and tabs. */
export function isFullScreenPath(path: string): boolean {
  return path === '/visual' || path.startsWith('/visual/');
}

export function isPublicPath(path: string): boolean {
  return PUBLIC.some((re) => re.test(path));
}

/** Splits `/en/platform/dict` into its language and the rest; null when the first segment is no language. */
export function splitLanguage(pathname: string): { lang: Language; path: string } | null {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (!match || !isLanguage(match[1])) return null;
  const rest = (match[2] ?? '').replace(/\/+$/, '');
  return { lang: match[1], path: rest || '/' };
}

/**
 * The language `/` redirects to: the stored current language, else the browser's if supported,
 * else the first supported language (SPEC §2).
 */
export function rootLanguage(stored: string | null | undefined, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const lang = matchLanguage(tag);
    if (lang) return lang;
  }
  return LANGUAGES[0] ?? DEFAULT_LANGUAGE;
}

/** Whether `path` is one of the menu's paths or a route below one. */
export function inMenu(path: string, menuPaths: readonly string[]): boolean {
  return menuPaths.some((p) => path === p || path.startsWith(p + '/'));
}

export interface GuardInput {
  /** Path after the language segment. */
  path: string;
  lang: Language;
  token: string | null;
  menuLoaded: boolean;
  menuPaths: readonly string[];
}

export type GuardDecision = { kind: 'pass' } | { kind: 'loadMenu' } | { kind: 'redirect'; to: string };

/**
 * The navigation rules of SPEC §2, in their order: public routes pass; an unknown path is 404; without a token, login;
 * with a token but no menu yet, load it; a path in the menu opens; the landing path `/` leads to the
 * first allowed menu path; any other path is a screen outside the user's menu, refused with 403
 * (SPEC §6), as is the landing path when the menu allows nothing.
 */
export function decide(input: GuardInput): GuardDecision {
  const { path, lang } = input;
  if (isPublicPath(path)) return { kind: 'pass' };
  if (!isKnownPath(path)) return { kind: 'redirect', to: `/${lang}/404` };
  if (!input.token) return { kind: 'redirect', to: `/${lang}/login` };
  if (!input.menuLoaded) return { kind: 'loadMenu' };
  if (path !== '/' && inMenu(path, input.menuPaths)) return { kind: 'pass' };
  const first = path === '/' ? input.menuPaths[0] : undefined;
  if (first) return { kind: 'redirect', to: `/${lang}${first}` };
  return { kind: 'redirect', to: `/${lang}/403` };
}

export type MenuLoadOutcome = { kind: 'loaded' } | { kind: 'redirect'; to: string; errorText?: string };

/**
 * After the menu call: success marks the menu loaded; a failed call goes to login; a non-200
 * answer keeps its message for the error page (SPEC §8).
 */
export function afterMenuLoad(
  lang: Language,
  result: { code: number; msg: string } | 'network-error',
): MenuLoadOutcome {
  if (result === 'network-error') return { kind: 'redirect', to: `/${lang}/login` };
  if (result.code === 200) return { kind: 'loaded' };
  if (result.code === 401 || result.code === 0) return { kind: 'redirect', to: `/${lang}/login` };
  return { kind: 'redirect', to: errorPagePath(lang, Date.now()), errorText: result.msg };
}

/** A routing error goes to the 500 page with a timestamp query (SPEC §2). */
export function errorPagePath(lang: Language, now: number): string {
  return `/${lang}/500?t=${now}`;
}
