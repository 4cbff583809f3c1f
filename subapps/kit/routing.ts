import type { ComponentType } from 'react';

export type RouteTable = Record<string, ComponentType>;

/** The page for a route: an exact path, else the longest registered parent route. */
export function matchRoute(routes: RouteTable, path: string): ComponentType | null {
  if (routes[path]) return routes[path];
  const parent = Object.keys(routes)
    .filter((p) => path.startsWith(p + '/'))
    .sort((a, b) => b.length - a.length)[0];
  return parent ? (routes[parent] ?? null) : null;
}
