import { createContext, useContext } from 'react';
import { UUID_PATTERN } from '../../model/contract/common';

/** The route a kept page was mounted for (each kept route has its own; the shown one changes). */
export const RoutePathContext = createContext<string>('/');

export const useRoutePath = () => useContext(RoutePathContext);

/** Whether the kept page is the one shown (hidden kept pages stay mounted). */
export const RouteShownContext = createContext<boolean>(true);

export const useRouteShown = () => useContext(RouteShownContext);

/** The record a route names after its screen's path (`/basic/material/<id>`, as search results open it). */
export function recordIdOf(path: string): string | null {
  const last = path.split('/').at(-1) ?? '';
  return UUID_PATTERN.test(last) ? last.toLowerCase() : null;
}
