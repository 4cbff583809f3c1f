/** What a sheet may say for a field or a value: labels in any of the five languages, or the raw key. */
import { LANGUAGES } from '../../../model/languages';
import { ioFields, type EnumField, type ResourceDef } from '../../../model/engine';
import { translator } from '../../i18n';

/** Case, width, spacing and a required-marker asterisk do not matter. */
export const normalize = (s: string) =>
  s
    .normalize('NFKC')
    .trim()
    .replace(/^\*+\s*|\s*\*+$/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

const translators = LANGUAGES.map((l) => translator(l));

/** Every label of a key of the `model` namespace, one per language. */
export const modelLabels = (key: string) => translators.map((tr) => tr.tm(key));

const headerMaps = new WeakMap<ResourceDef, Map<string, string>>();

/** Normalised header text → field key, for every io field: its key, column and label in each language. */
function headerMap(def: ResourceDef): Map<string, string> {
  let map = headerMaps.get(def);
  if (map) return map;
  map = new Map();
  for (const [key, f] of ioFields(def)) {
    for (const name of [key, f.column ?? key, ...(f.label ? modelLabels(f.label) : [])]) {
      const n = normalize(name);
      if (n && !map.has(n)) map.set(n, key);
    }
  }
  headerMaps.set(def, map);
  return map;
}

/** Field key → index of its column in `headers` (the first column naming it wins). */
export function matchHeaders(def: ResourceDef, headers: readonly string[]): Map<string, number> {
  const map = headerMap(def);
  const out = new Map<string, number>();
  headers.forEach((h, i) => {
    const key = map.get(normalize(h));
    if (key && !out.has(key)) out.set(key, i);
  });
  return out;
}

const enumMaps = new WeakMap<EnumField, Map<string, string>>();

/** Normalised value or option label (any language) → value. */
export function enumLookup(f: EnumField): Map<string, string> {
  let map = enumMaps.get(f);
  if (map) return map;
  map = new Map();
  for (const v of f.values) map.set(normalize(v), v);
  for (const v of f.values) {
    for (const label of modelLabels(`enum.${f.enumName}.${v}`)) {
      const n = normalize(label);
      if (n && !map.has(n)) map.set(n, v);
    }
  }
  enumMaps.set(f, map);
  return map;
}

let boolMap: Map<string, boolean> | null = null;

/** Yes/no in every language, true/false, 1/0. */
export function boolLookup(): Map<string, boolean> {
  if (boolMap) return boolMap;
  boolMap = new Map<string, boolean>([
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
  ]);
  for (const tr of translators) {
    boolMap.set(normalize(tr.t('resource.yes')), true);
    boolMap.set(normalize(tr.t('resource.no')), false);
  }
  return boolMap;
}
