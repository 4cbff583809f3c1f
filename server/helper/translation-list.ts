/** The texts a tenant may override, as rows: each key with its shipped text and override per language. */
import type { ParsedQuery } from '../../model/contract/endpoint';
import type { helper } from '../../model/contract/helper';
import {
  OVERRIDABLE_NAMESPACES,
  type OverridableNamespace,
  type TranslationOverrides,
  type TranslationRow,
} from '../../model/helper';
import { LANGUAGES } from '../../model/languages';
import type { Page } from '../../model/api';
import { keysOf, shippedText } from './translations';

interface Entry {
  namespace: OverridableNamespace;
  key: string;
}

export function allEntries(namespace?: OverridableNamespace): Entry[] {
  return (namespace ? [namespace] : OVERRIDABLE_NAMESPACES).flatMap((ns) =>
    keysOf(ns).map((key) => ({ namespace: ns, key })),
  );
}

export function rowOf(e: Entry, overrides: TranslationOverrides): TranslationRow {
  const shipped: TranslationRow['shipped'] = {};
  const override: TranslationRow['override'] = {};
  for (const lang of LANGUAGES) {
    const s = shippedText(lang, e.namespace, e.key);
    if (s !== undefined) shipped[lang] = s;
    const o = overrides.texts[lang]?.[e.namespace]?.[e.key];
    if (o !== undefined) override[lang] = o;
  }
  return { namespace: e.namespace, key: e.key, shipped, override };
}

/** A page of the rows of a namespace (or all), only overridden ones if asked, the keyword in key or any text. */
export function translationPage(
  overrides: TranslationOverrides,
  query: ParsedQuery<typeof helper.translations>,
): Page<TranslationRow> {
  const needle = query.keyword?.toLowerCase();
  const rows = allEntries(query.namespace)
    .map((e) => rowOf(e, overrides))
    .filter((r) => {
      if (query.overridden === '1' && Object.keys(r.override).length === 0) return false;
      if (!needle) return true;
      return (
        r.key.toLowerCase().includes(needle) ||
        Object.values(r.shipped).some((s) => s?.toLowerCase().includes(needle)) ||
        Object.values(r.override).some((s) => s?.toLowerCase().includes(needle))
      );
    });
  return {
    records: rows.slice((query.page - 1) * query.size, query.page * query.size),
    total: rows.length,
    page: query.page,
    size: query.size,
  };
}
