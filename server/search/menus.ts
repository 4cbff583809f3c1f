/** The caller's menu entries with their names in every language, and those a text matches. */
import type { Kysely } from 'kysely';
import { LANGUAGES, type Language } from '../../model/languages';
import { menuScreens, type MenuNode } from '../../model/menu-tree';
import type { SearchMenuHit } from '../../model/search';
import type { DB, I18nText } from '../db/types';

export interface MenuEntry {
  id: string;
  path: string;
  /** In the caller's language. */
  name: string;
  names: I18nText;
  /** The screen's own permission (`basic:material:view`). */
  perms: string | null;
}

/** The menu entries (not catalogues) of a user's tree, in menu order, with their names and permission. */
export async function menuEntries(db: Kysely<DB>, tree: readonly MenuNode[]): Promise<MenuEntry[]> {
  const nodes = menuScreens(tree);
  if (nodes.length === 0) return [];
  const rows = await db
    .selectFrom('menu')
    .select(['id', 'name_i18n', 'perms'])
    .where(
      'id',
      'in',
      nodes.map((n) => n.id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return nodes.map((n) => ({
    id: n.id,
    path: n.path,
    name: n.functionName,
    names: (byId.get(n.id)?.name_i18n ?? {}) as I18nText,
    perms: byId.get(n.id)?.perms ?? null,
  }));
}

/** Entries whose name contains `q` (case-insensitive): those matching in `language` first, then by another language's name. */
export function searchMenus(
  entries: readonly MenuEntry[],
  q: string,
  language: Language,
  limit: number,
): SearchMenuHit[] {
  const needle = q.toLocaleLowerCase();
  const has = (s: string | undefined) => typeof s === 'string' && s.toLocaleLowerCase().includes(needle);
  const own: SearchMenuHit[] = [];
  const other: SearchMenuHit[] = [];
  for (const e of entries) {
    if (has(e.name)) {
      own.push({ id: e.id, path: e.path, name: e.name, matched: null });
      continue;
    }
    const lang = LANGUAGES.find((l) => l !== language && has(e.names[l]));
    if (lang) other.push({ id: e.id, path: e.path, name: e.name, matched: e.names[lang] ?? null });
  }
  return [...own, ...other].slice(0, limit);
}
