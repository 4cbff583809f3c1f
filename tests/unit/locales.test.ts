import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../model/languages';

const root = resolve(import.meta.dirname, '../..');
const dir = join(root, 'locales');
type Tree = { [k: string]: string | Tree };

const flat = (o: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(o).flatMap(([k, v]) =>
      typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flat(v, `${prefix}${k}.`)),
    ),
  );

const load = (lang: string, file: string) => flat(JSON.parse(readFileSync(join(dir, lang, file), 'utf8')) as Tree);

/** i18next's plural keys (`key_one`, `key_other`, …): each language has the forms its plural rules name. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseOf = (key: string) => key.replace(PLURAL, '');
/** The keys of a namespace with each plural group as its base key, and the forms each group has. */
function grouped(keys: string[]) {
  const forms = new Map<string, string[]>();
  for (const k of keys) {
    const m = PLURAL.exec(k);
    if (m) forms.set(baseOf(k), [...(forms.get(baseOf(k)) ?? []), m[1]!].sort());
  }
  return {
    bases: [...new Set(keys.map((k) => (PLURAL.test(k) && forms.has(baseOf(k)) ? baseOf(k) : k)))].sort(),
    forms,
  };
}
const namespaces = readdirSync(join(dir, 'zh-CN')).filter((f) => f.endsWith('.json'));

describe('five languages, the same keys (SPEC §9)', () => {
  it('has every namespace in every language', () => {
    expect(namespaces.length).toBeGreaterThanOrEqual(5);
    for (const lang of LANGUAGES) {
      expect(
        readdirSync(join(dir, lang))
          .filter((f) => f.endsWith('.json'))
          .sort(),
        lang,
      ).toEqual([...namespaces].sort());
    }
  });

  for (const ns of namespaces) {
    it(`${ns}: no key missing or extra, no empty text, same interpolations`, () => {
      const source = load('zh-CN', ns);
      const sourceGroups = grouped(Object.keys(source));
      for (const lang of LANGUAGES) {
        const other = load(lang, ns);
        const groups = grouped(Object.keys(other));
        expect(groups.bases, `${lang}/${ns}`).toEqual(sourceGroups.bases);
        // A plural group has exactly the forms of the language's plural rules, and always "other".
        const categories = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
        for (const base of new Set([...groups.forms.keys(), ...sourceGroups.forms.keys()])) {
          expect(groups.forms.get(base), `${lang}/${ns}:${base} plural forms`).toEqual(categories);
        }
        for (const [key, text] of Object.entries(other)) {
          expect(text.trim(), `${lang}/${ns}:${key} is empty`).not.toBe('');
          const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
          const counterpart = source[key] ?? source[`${baseOf(key)}_other`] ?? '';
          expect(vars(text), `${lang}/${ns}:${key} interpolations`).toEqual(vars(counterpart));
        }
      }
    });
  }

  it('every literal key the shell and sub-apps translate exists in zh-CN', () => {
    const known = new Set(
      namespaces.flatMap((f) =>
        grouped(Object.keys(load('zh-CN', f))).bases.map((k) => `${f.replace('.json', '')}:${k}`),
      ),
    );
    const missing: string[] = [];
    const walk = (d: string): string[] =>
      readdirSync(d).flatMap((n) => {
        const p = join(d, n);
        return statSync(p).isDirectory() ? walk(p) : /\.tsx?$/.test(n) ? [p] : [];
      });
    for (const file of [...walk(join(root, 'shell')), ...walk(join(root, 'subapps'))]) {
      const text = readFileSync(file, 'utf8');
      // The file's default namespace: the first of useTranslation('ns') / useTranslation(['ns', …]).
      const defaultNs =
        /useTranslation\(\s*\[?\s*'([\w-]+)'/.exec(text)?.[1] ?? (file.includes('/shell/') ? 'shell' : 'common');
      for (const m of text.matchAll(/\bt\(\s*'([\w.:-]+)'/g)) {
        const key = m[1]!;
        const full = key.includes(':') ? key : `${defaultNs}:${key}`;
        if (!known.has(full)) missing.push(`${file.replace(root + '/', '')}: ${full}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
