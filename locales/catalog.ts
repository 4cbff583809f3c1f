/**
 * The browser's translations, one file per language and namespace, each loaded when a page first
 * needs it: a login page in English downloads the English texts of its namespaces and nothing else.
 * A tenant's overrides are kept beside them, so a language loaded later gets them too.
 * (The server and the tests read every file at once through `resources.ts`.)
 */
import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, type Language } from '../model/languages';
import type { OverrideTexts } from './overrides';

export const NAMESPACES = ['common', 'shell', 'platform', 'basic', 'model'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Translations = { [key: string]: string | Translations };

const files = import.meta.glob<Translations>(
  ['./*/common.json', './*/shell.json', './*/platform.json', './*/basic.json', './*/model.json'],
  { import: 'default' },
);
const shipped = new Map<string, Promise<Translations>>();

function shippedTexts(lang: Language, ns: Namespace): Promise<Translations> {
  const path = `./${lang}/${ns}.json`;
  let texts = shipped.get(path);
  if (!texts) {
    const load = files[path];
    if (!load) return Promise.reject(new Error(`no translations at ${path}`));
    texts = load();
    // A failed download is tried again at the next need, not remembered.
    texts.catch(() => shipped.delete(path));
    shipped.set(path, texts);
  }
  return texts;
}

const overridesOf = new WeakMap<I18n, OverrideTexts>();

/** Puts a language's shipped texts of the instance's namespaces (or of those given) in it, with the tenant's overrides on top. */
async function install(instance: I18n, lang: Language, only?: readonly Namespace[]): Promise<void> {
  const namespaces = only ?? (([] as string[]).concat(instance.options.ns ?? []) as Namespace[]);
  const texts = await Promise.all(namespaces.map((ns) => shippedTexts(lang, ns)));
  const overrides = overridesOf.get(instance)?.[lang] ?? {};
  namespaces.forEach((ns, i) => {
    instance.removeResourceBundle(lang, ns);
    instance.addResourceBundle(lang, ns, texts[i], true, true);
    for (const [key, value] of Object.entries(overrides[ns] ?? {})) instance.addResource(lang, ns, key, value);
  });
}

/** `make()` once per instance and key: callers share it, and a failure is tried again by the next caller. */
function once<K>(
  table: WeakMap<I18n, Map<K, Promise<void>>>,
  instance: I18n,
  key: K,
  make: () => Promise<void>,
): Promise<void> {
  let mine = table.get(instance);
  if (!mine) table.set(instance, (mine = new Map()));
  let done = mine.get(key);
  if (!done) {
    done = make();
    done.catch(() => mine.delete(key));
    mine.set(key, done);
  }
  return done;
}

const installing = new WeakMap<I18n, Map<Language, Promise<void>>>();

/** Loads a language into the instance once (concurrent callers share the download). */
export function loadLanguage(instance: I18n, lang: Language): Promise<void> {
  return once(installing, instance, lang, () => install(instance, lang));
}

const fallbackLater = new WeakSet<I18n>();

/** The instance loads its fallback language only once `loadFallback` is called (the shell's login page goes without). */
export function deferFallback(instance: I18n): void {
  fallbackLater.add(instance);
}

export function loadFallback(instance: I18n): Promise<void> {
  fallbackLater.delete(instance);
  return loadLanguage(instance, DEFAULT_LANGUAGE);
}

/**
 * Shows the instance in a language once its texts (and `alongside`) have arrived. The fallback language follows in
 * the background: every shipped language is complete, so it only covers a key added since.
 */
export async function switchLanguage(instance: I18n, lang: Language, alongside?: Promise<unknown>): Promise<void> {
  // What else the language needs before it is shown (Arco's texts) downloads at the same time.
  await Promise.all([loadLanguage(instance, lang), alongside?.catch(() => undefined)]);
  if (lang !== DEFAULT_LANGUAGE && !fallbackLater.has(instance))
    loadLanguage(instance, DEFAULT_LANGUAGE).catch(() => undefined);
  if (instance.language !== lang) await instance.changeLanguage(lang);
}

const adding = new WeakMap<I18n, Map<Namespace, Promise<void>>>();

/**
 * Adds a namespace to an instance that started without it, in every language it holds and in those
 * it loads later (the shell's `model` texts, which the login page does not show, come with the layout).
 */
export function addNamespace(instance: I18n, ns: Namespace): Promise<void> {
  return once(adding, instance, ns, async () => {
    await instance.loadNamespaces(ns);
    const held = [...(installing.get(instance)?.entries() ?? [])];
    // A language still arriving may have read the namespaces before this one joined: wait for it.
    await Promise.all(
      held.map(async ([lang, loading]) => {
        if (
          await loading.then(
            () => true,
            () => false,
          )
        )
          await install(instance, lang, [ns]);
      }),
    );
  });
}

/** Lays a tenant's overrides over every language the instance holds (and those it loads later). */
export async function setOverrides(instance: I18n, texts: OverrideTexts): Promise<void> {
  overridesOf.set(instance, texts);
  const held = [...(installing.get(instance)?.keys() ?? [])];
  await Promise.all(held.map((lang) => install(instance, lang)));
  // react-i18next re-renders on a language change; the same language announced again redraws the texts.
  await instance.changeLanguage(instance.language);
}
