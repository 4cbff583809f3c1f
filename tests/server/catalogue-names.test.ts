/** Every name of the menu tree is in the locales, in every language (model/catalogue.ts keeps only keys). */
import { describe, expect, it } from 'vitest';
import { MENU_CATALOGUE, type CatalogueNode } from '../../model/catalogue';
import { LANGUAGES } from '../../model/languages';
import { catalogueNames } from '../../server/seed/menu';

const nodes: CatalogueNode[] = [];
const walk = (list: CatalogueNode[]) =>
  list.forEach((n) => {
    nodes.push(n);
    walk(n.children);
  });
walk(MENU_CATALOGUE);

describe("the menu tree's names", () => {
  it('are found in the locales for every entry, catalogue, button and tab, in every language', () => {
    const missing: string[] = [];
    for (const n of nodes) {
      const names = catalogueNames(n.names);
      const key = Array.isArray(n.names) ? null : n.names.key;
      for (const lang of LANGUAGES) if (!names[lang] || names[lang] === key) missing.push(`${n.code} ${lang}`);
    }
    expect(nodes.length).toBeGreaterThan(200);
    expect(missing).toEqual([]);
  });

  it('name each entry differently within its catalogue in every language', () => {
    for (const n of nodes.filter((x) => x.type === 'catalogue'))
      for (const lang of LANGUAGES) {
        const names = n.children.map((c) => catalogueNames(c.names)[lang]);
        expect(new Set(names).size, `${n.code} ${lang}`).toBe(names.length);
      }
  });
});
