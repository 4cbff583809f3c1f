/** The workbench (issue 24): the cards a caller sees, visited screens, and favourite screens per user and factory. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ALARM_PERMISSIONS } from '../../model/bells';
import { workbench } from '../../model/contract/workbench';
import { menuScreens } from '../../model/menu-tree';
import { FLOW_PERMISSIONS } from '../../model/workflow/input';
import {
  WORKBENCH_CARDS,
  WORKBENCH_LIST_SIZE,
  WORKBENCH_PATH,
  type ScreenLink,
  type WorkbenchCard,
} from '../../model/workbench';
import type { DB } from '../db/types';
import { ApiError, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { serve } from '../serve';
import { userMenuTree } from '../menu/tree';
import { addFavourite, favouriteRows, removeFavourite, visitedRows, type Owner, type ScreenRow } from './store';

/** The permission each card's content needs (null: every user of the workbench); alarms also need a factory. */
const CARD_PERMISSION: Record<WorkbenchCard, string | null> = {
  tasks: FLOW_PERMISSIONS.taskView,
  notices: null,
  alarms: ALARM_PERMISSIONS.view,
  favourites: null,
  recent: null,
  frequent: null,
  feedback: 'system:feedback:view',
  applications: 'helper:apply-menu:view',
  apps: 'platform:app:view',
};

type Screen = { path: string; name: string };

/** The screens of the caller's menu by id, named in the caller's language; the workbench itself is none of its lists. */
async function screensOf(db: Kysely<DB>, ctx: RequestContext, tr: Translator): Promise<Map<string, Screen>> {
  const tree = await userMenuTree(db, ctx, tr);
  return new Map(
    menuScreens(tree)
      .filter((n) => n.path !== WORKBENCH_PATH)
      .map((n) => [n.id, { path: n.path, name: n.functionName }]),
  );
}

/** Rows in the caller's menu, as links, at most WORKBENCH_LIST_SIZE (a screen taken off the menu drops out). */
function links(rows: readonly ScreenRow[], screens: Map<string, Screen>): ScreenLink[] {
  const out: ScreenLink[] = [];
  for (const r of rows) {
    const screen = screens.get(r.function_id);
    if (!screen) continue;
    out.push({
      functionId: r.function_id,
      path: screen.path,
      name: screen.name,
      at: r.at === null ? null : new Date(r.at).toISOString(),
      count: r.count === null ? null : Number(r.count),
    });
    if (out.length === WORKBENCH_LIST_SIZE) break;
  }
  return out;
}

export function workbenchRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  const owner = (ctx: RequestContext, factoryId: string): Owner => ({
    tenantId: ctx.tenantId,
    userId: ctx.user.id,
    factoryId,
  });
  const favourites = async (o: Owner, screens: Map<string, Screen>) => ({
    items: links(await favouriteRows(db, o), screens),
  });
  const factoryOf = (ctx: RequestContext): string => {
    if (!ctx.factoryId) throw new ApiError(400, 'workbench.factoryRequired');
    return ctx.factoryId;
  };

  serve(app, workbench.cards, async ({ ctx }) => {
    const shown = await Promise.all(
      WORKBENCH_CARDS.map(async (card) => {
        if (card === 'alarms' && !ctx.factoryId) return false;
        const perm = CARD_PERMISSION[card];
        return perm === null || ctx.hasPermission(perm);
      }),
    );
    return { cards: WORKBENCH_CARDS.filter((_, i) => shown[i]) };
  });

  serve(app, workbench.screens, async ({ ctx, query, tr }) => {
    if (!ctx.factoryId) return { items: [] };
    const screens = await screensOf(db, ctx, tr);
    return { items: links(await visitedRows(db, owner(ctx, ctx.factoryId), query.list), screens) };
  });

  serve(app, workbench.favourites, async ({ ctx, tr }) => {
    if (!ctx.factoryId) return { items: [] };
    return favourites(owner(ctx, ctx.factoryId), await screensOf(db, ctx, tr));
  });

  serve(app, workbench.addFavourite, async ({ ctx, params, tr }) => {
    const o = owner(ctx, factoryOf(ctx));
    const screens = await screensOf(db, ctx, tr);
    const id = params.id.toLowerCase();
    if (!screens.has(id)) throw new ApiError(404, 'workbench.notInMenu');
    // Favourites of screens since taken off the caller's menu do not count against the limit.
    const added = await addFavourite(db, o, id, WORKBENCH_LIST_SIZE, (f) => screens.has(f));
    if (added === 'full') throw new ApiError(409, 'workbench.tooManyFavourites', { max: WORKBENCH_LIST_SIZE });
    return favourites(o, screens);
  });

  serve(app, workbench.removeFavourite, async ({ ctx, params, tr }) => {
    const o = owner(ctx, factoryOf(ctx));
    await removeFavourite(db, o, params.id.toLowerCase());
    return favourites(o, await screensOf(db, ctx, tr));
  });
}
