import { lazy, type ComponentType } from 'react';
import type { ResourceDef } from '../../../model/engine';
import type { RouteTable } from '../routing';
import type { ResourceOverrides } from './types';

/** The table, forms and dialogs: loaded with the first screen opened (or ahead, when the browser is idle), not with the app's first paint. */
export const loadResourcePage = () => import('./ResourcePage');
export const LazyResourcePage = lazy(loadResourcePage);

/** The route component of a definition's generated screen, with the parts that differ. */
export function resourceScreen(def: ResourceDef, overrides: ResourceOverrides = {}): ComponentType {
  const Screen = () => <LazyResourcePage def={def} overrides={overrides} />;
  Screen.displayName = `Screen(${def.name})`;
  return Screen;
}

export interface AppScreens {
  /** The app's route prefixes (SPEC §2). */
  prefixes: readonly string[];
  /** Definitions, of which those whose screen's path is under the prefixes are the app's. */
  definitions: readonly ResourceDef[];
  /** How a definition's screen differs from the generated one, by definition name. */
  overrides?: Readonly<Record<string, ResourceOverrides>>;
  /** The app's screens that are no definition's, by route. */
  pages?: RouteTable;
}

const under = (prefixes: readonly string[], path: string) => prefixes.some((p) => path.startsWith(`/${p}/`));

/**
 * A sub-app's route table, from one place: the screen of each definition whose path is under the
 * app's prefixes, with its overrides, and the app's pages. A page at a definition's path, an
 * override of a definition the app does not show, or a page outside the prefixes is a mistake
 * caught when the app starts (and by its tests).
 */
export function screenRoutes({ prefixes, definitions, overrides = {}, pages = {} }: AppScreens): RouteTable {
  const mine = definitions.filter((d) => d.path && under(prefixes, d.path));
  const names = new Set(mine.map((d) => d.name));
  const stray = Object.keys(overrides).filter((n) => !names.has(n));
  if (stray.length > 0) throw new Error(`overrides of screens this app does not show: ${stray.join(', ')}`);
  const table: RouteTable = Object.fromEntries(mine.map((d) => [d.path!, resourceScreen(d, overrides[d.name])]));
  for (const [path, page] of Object.entries(pages)) {
    if (table[path]) throw new Error(`${path} is the screen of a definition`);
    if (!under(prefixes, path) && !prefixes.some((p) => path === `/${p}`)) throw new Error(`${path} is not this app's`);
    table[path] = page;
  }
  return table;
}
