import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../model/languages';

const root = resolve(import.meta.dirname, '../..');
const dir = join(root, 'locales');
type Tree = { [k: string]: string | Tree };

const flat = (o: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v]] : Object.entries(flat(v, `${prefix}${k}.`))));

const load = (lang: string, file: string) => flat(JSON.parse(readFileSync(join(dir, lang, file), 'utf8')) as Tree);
const namespaces = readdirSync(join(dir, 'zh-CN')).filter((f) => f.endsWith('.json'));

describe('five languages, the same keys (SPEC §9)', () => {
  it('has every namespace in every language', () => {
    expect(namespaces.length).toBeGreaterThanOrEqual(5);
    for (const lang of LANGUAGES) {
      expect(readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json')).sort(), lang).toEqual([...namespaces].sort());
    }
  });

  for (const ns of namespaces) {
    it(`${ns}: no key missing or extra, no empty text, same interpolations`, () => {
      const source = load('zh-CN', ns);
      for (const lang of LANGUAGES) {
        const other = load(lang, ns);
        expect(Object.keys(other).sort(), `${lang}/${ns}`).toEqual(Object.keys(source).sort());
        for (const [key, text] of Object.entries(other)) {
          expect(text.trim(), `${lang}/${ns}:${key} is empty`).not.toBe('');
          const vars = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
          expect(vars(text), `${lang}/${ns}:${key} interpolations`).toEqual(vars(source[key] ?? ''));
        }
      }
    });
  }

  it('every literal key the shell and sub-apps translate exists in zh-CN', () => {
    const known = new Set(namespaces.flatMap((f) => Object.keys(load('zh-CN', f)).map((k) => `${f.replace('.json', '')}:${k}`)));
    const missing: string[] = [];
    const walk = (d: string): string[] => readdirSync(d).flatMap((n) => {
      const p = join(d, n);
      return statSync(p).isDirectory() ? walk(p) : /\.tsx?$/.test(n) ? [p] : [];
    });
    for (const file of [...walk(join(root, 'shell')), ...walk(join(root, 'subapps'))]) {
      const text = readFileSync(file, 'utf8');
      // The file's default namespace: the first of useTranslation('ns') / useTranslation(['ns', …]).
      const defaultNs = /useTranslation\(\s*\[?\s*'([\w-]+)'/.exec(text)?.[1] ?? (file.includes('/shell/') ? 'shell' : 'common');
      for (const m of text.matchAll(/\bt\(\s*'([\w.:-]+)'/g)) {
        const key = m[1]!;
        const full = key.includes(':') ? key : `${defaultNs}:${key}`;
        if (!known.has(full)) missing.push(`${file.replace(root + '/', '')}: ${full}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
