import { endpoints } from '../api/endpoints';
import { probeShared } from './probe';
import { appForPath } from '../../model/app-routes';
import { menuPaths } from '../../model/menu-tree';
import type { MenuNode } from '../../model';

type AppsAnswer = ReturnType<typeof endpoints.apps>;
let early: { token: string; answer: AppsAnswer } | null = null;

/**
 * Asks for the app registry ahead of the layout: the guard does, beside the menu, so the first
 * screen's frame waits for neither in turn.
 */
export function requestApps(token: string): void {
  if (early?.token !== token) early = { token, answer: endpoints.apps() };
}

/** The registry's answer asked for ahead, without taking it. */
export const appsAhead = (): AppsAnswer | null => early?.answer ?? null;

/**
 * Probes, as soon as the registry and the menu are both known, the apps the menu reaches and the
 * server found online: the first frame waits for its app's probe, and finds it under way.
 */
export function probeReached(menu: MenuNode[]): void {
  const held = early;
  if (!held) return;
  void held.answer.then((res) => {
    if (res.code !== 200) return;
    const reached = new Set(menuPaths(menu).map((path) => appForPath(res.data, path)?.id));
    for (const app of res.data)
      if (reached.has(app.id) && app.status === 'enabled' && app.online) void probeShared(app.url);
  });
}

/** The registry asked for ahead for this session, or asked now. */
export function takeApps(token: string): AppsAnswer {
  const held = early;
  early = null;
  return held?.token === token ? held.answer : endpoints.apps();
}
