/**
 * Shipped front-end texts and a tenant's overrides of them. An override replaces one key in one
 * language; removing it falls back to the shipped text. Placeholders ({{count}} …) must survive an
 * override, or the screen that fills them would show a broken sentence.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { LANGUAGES, type Language } from '../../model/languages';
import { OVERRIDABLE_NAMESPACES, type OverridableNamespace, type TranslationOverrides } from '../../model/helper';
import type { DB } from '../db/types';
import type {} from '../db/types-helper';
import type { OverrideChange } from './translation-history';

const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales');

type Flat = Map<string, string>;

function flatten(value: unknown, prefix: string, out: Flat): void {
  if (typeof value === 'string') {
    out.set(prefix, value);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      // A menu entry's name is seeded into the menu, which menu management renames: an override would change nothing.
      if (k === '_menu') continue;
      flatten(v, prefix ? `${prefix}.${k}` : k, out);
    }
  }
}

let shipped: Map<Language, Map<OverridableNamespace, Flat>> | null = null;

/** The shipped texts, read once: language → namespace → dotted key → text. */
export function shippedTexts(): Map<Language, Map<OverridableNamespace, Flat>> {
  if (shipped) return shipped;
  const all = new Map<Language, Map<OverridableNamespace, Flat>>();
  for (const lang of LANGUAGES) {
    const byNs = new Map<OverridableNamespace, Flat>();
    for (const ns of OVERRIDABLE_NAMESPACES) {
      const flat: Flat = new Map();
      flatten(JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, lang, `${ns}.json`), 'utf8')), '', flat);
      byNs.set(ns, flat);
    }
    all.set(lang, byNs);
  }
  shipped = all;
  return all;
}

export function shippedText(lang: Language, ns: OverridableNamespace, key: string): string | undefined {
  return shippedTexts().get(lang)?.get(ns)?.get(key);
}

/** Every key of a namespace (the default language lists them all; the locale test keeps the others complete). */
export function keysOf(ns: OverridableNamespace): string[] {
  return [...(shippedTexts().get('zh-CN')?.get(ns)?.keys() ?? [])].sort();
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)]
    .map((m) => m[1]!)
    .sort()
    .join(',');

/** Why an override cannot be taken, or null: unknown key, or placeholders that differ from the shipped text. */
export function overrideProblem(
  lang: Language,
  ns: OverridableNamespace,
  key: string,
  value: string,
): 'helper.unknownKey' | 'helper.placeholders' | null {
  const base = shippedText(lang, ns, key) ?? shippedText('zh-CN', ns, key);
  if (base === undefined) return 'helper.unknownKey';
  if (value !== '' && placeholders(value) !== placeholders(base)) return 'helper.placeholders';
  return null;
}

export async function overridesOf(db: Kysely<DB>, tenantId: string): Promise<TranslationOverrides> {
  const rows = await db
    .selectFrom('translation_override')
    .select(['language', 'namespace', 'key', 'value', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .orderBy('language')
    .orderBy('namespace')
    .orderBy('key')
    .execute();
  const texts: TranslationOverrides['texts'] = {};
  let newest = 0;
  for (const r of rows) {
    const lang = r.language as Language;
    const ns = r.namespace as OverridableNamespace;
    ((texts[lang] ??= {})[ns] ??= {})[r.key] = r.value;
    newest = Math.max(newest, new Date(r.updated_at).getTime());
  }
  return { version: `${rows.length}-${newest}`, texts };
}

/** Sets (or clears) one override and answers what it was and what it is now (null: the shipped text). */
export async function setOverride(
  db: Kysely<DB>,
  tenantId: string,
  userId: string,
  lang: Language,
  ns: OverridableNamespace,
  key: string,
  value: string,
): Promise<OverrideChange> {
  const current = await db
    .selectFrom('translation_override')
    .select('value')
    .where('tenant_id', '=', tenantId)
    .where('language', '=', lang)
    .where('namespace', '=', ns)
    .where('key', '=', key)
    .forUpdate()
    .executeTakeFirst();
  const change = { namespace: ns, key, language: lang, before: current?.value ?? null };
  // The shipped text itself is no override: storing it would hide a later release's correction.
  if (value === '' || value === shippedText(lang, ns, key)) {
    if (current) {
      await db
        .deleteFrom('translation_override')
        .where('tenant_id', '=', tenantId)
        .where('language', '=', lang)
        .where('namespace', '=', ns)
        .where('key', '=', key)
        .execute();
    }
    return { ...change, after: null };
  }
  await db
    .insertInto('translation_override')
    .values({ tenant_id: tenantId, language: lang, namespace: ns, key, value, updated_by: userId })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'language', 'namespace', 'key'])
        .doUpdateSet({ value, updated_at: new Date(), updated_by: userId }),
    )
    .execute();
  return { ...change, after: value };
}
