/** The workbench (issue 24): the cards a caller sees, visited screens, and favourite screens per user and factory. */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ALARM_PERMISSIONS } from '../../model/bells';
import { workbench } from '../../model/contract/workbench';
import { menuScreens } from '../../model/menu-tree';
import { FLOW_PERMISSIONS } from '../../model/workflow/input';
import {
  FREQUENT_DAYS,
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
import { userMenuTree } from './platform';

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

/** Visits older than this do not make a screen recent. */
const RECENT_DAYS = 90;

type Screen = { path: string; name: string };

/** The screens of the caller's menu by id, named in the caller's language; the workbench itself is none of its lists. */
async function screensOf(db: Kysely<DB>, ctx: RequestContext, tr: Translator): Promise<Map<string, Screen>> {
  const tree = await userMenuTree(db, {
    tenantId: ctx.tenantId,
    userId: ctx.user.id,
    type: ctx.user.type,
    terminalType: 'web',
    tr,
  });
  return new Map(
    menuScreens(tree)
      .filter((n) => n.path !== WORKBENCH_PATH)
      .map((n) => [n.id, { path: n.path, name: n.functionName }]),
  );
}

/** Rows in the caller's menu, as links, at most WORKBENCH_LIST_SIZE (a screen taken off the menu drops out). */
function links(
  rows: readonly { function_id: string; at: Date | string | null; count: number | string | null }[],
  screens: Map<string, Screen>,
): ScreenLink[] {
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

  const favourites = async (ctx: RequestContext, factoryId: string, screens: Map<string, Screen>) => {
    const rows = await db
      .selectFrom('menu_favourite')
      .select(['function_id', 'created_at as at', sql<null>`null`.as('count')])
      .where('tenant_id', '=', ctx.tenantId)
      .where('user_id', '=', ctx.user.id)
      .where('factory_id', '=', factoryId)
      .orderBy('created_at')
      .orderBy('function_id')
      .execute();
    return { items: links(rows, screens) };
  };
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
    const base = db
      .selectFrom('menu_access_record')
      .select('function_id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('user_id', '=', ctx.user.id)
      .where('factory_id', '=', ctx.factoryId)
      .groupBy('function_id')
      // Room for screens taken off the caller's menu since their visit.
      .limit(WORKBENCH_LIST_SIZE * 4);
    const rows =
      query.list === 'recent'
        ? await base
            .select([sql<Date>`max(created_at)`.as('at'), sql<null>`null`.as('count')])
            .where('created_at', '>', sql<Date>`now() - make_interval(days => ${RECENT_DAYS})`)
            .orderBy(sql`max(created_at)`, 'desc')
            .orderBy('function_id')
            .execute()
        : await base
            .select([sql<null>`null`.as('at'), sql<string>`count(*)`.as('count')])
            .where('created_at', '>', sql<Date>`now() - make_interval(days => ${FREQUENT_DAYS})`)
            .orderBy(sql`count(*)`, 'desc')
            .orderBy(sql`max(created_at)`, 'desc')
            .orderBy('function_id')
            .execute();
    return { items: links(rows, screens) };
  });

  serve(app, workbench.favourites, async ({ ctx, tr }) => {
    if (!ctx.factoryId) return { items: [] };
    return favourites(ctx, ctx.factoryId, await screensOf(db, ctx, tr));
  });

  serve(app, workbench.addFavourite, async ({ ctx, params, tr }) => {
    const factoryId = factoryOf(ctx);
    const screens = await screensOf(db, ctx, tr);
    const id = params.id.toLowerCase();
    if (!screens.has(id)) throw new ApiError(404, 'workbench.notInMenu');
    await db.transaction().execute(async (trx) => {
      // One caller's favourites at a time: the count below cannot be raced past the limit.
      await sql`select pg_advisory_xact_lock(hashtext(${`favourites:${ctx.tenantId}:${ctx.user.id}:${factoryId}`}))`.execute(
        trx,
      );
      const held = await trx
        .selectFrom('menu_favourite')
        .select(['function_id'])
        .where('tenant_id', '=', ctx.tenantId)
        .where('user_id', '=', ctx.user.id)
        .where('factory_id', '=', factoryId)
        .execute();
      if (held.some((r) => r.function_id === id)) return;
      // Favourites of screens since taken off the caller's menu do not count against the limit.
      if (held.filter((r) => screens.has(r.function_id)).length >= WORKBENCH_LIST_SIZE) {
        throw new ApiError(409, 'workbench.tooManyFavourites', { max: WORKBENCH_LIST_SIZE });
      }
      await trx
        .insertInto('menu_favourite')
        .values({ tenant_id: ctx.tenantId, user_id: ctx.user.id, factory_id: factoryId, function_id: id })
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
    return favourites(ctx, factoryId, screens);
  });

  serve(app, workbench.removeFavourite, async ({ ctx, params, tr }) => {
    const factoryId = factoryOf(ctx);
    await db
      .deleteFrom('menu_favourite')
      .where('tenant_id', '=', ctx.tenantId)
      .where('user_id', '=', ctx.user.id)
      .where('factory_id', '=', factoryId)
      .where('function_id', '=', params.id.toLowerCase())
      .execute();
    return favourites(ctx, factoryId, await screensOf(db, ctx, tr));
  });
}
