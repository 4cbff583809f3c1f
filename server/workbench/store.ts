/** The workbench's rows: a user's visits and favourite screens in a factory. */
import { sql, type Kysely } from 'kysely';
import { FREQUENT_DAYS, WORKBENCH_LIST_SIZE } from '../../model/workbench';
import type { DB } from '../db/types';

/** Whose rows: one user in one factory of a tenant. */
export interface Owner {
  tenantId: string;
  userId: string;
  factoryId: string;
}

/** A screen of a list: when it was last opened or starred, or how often it was opened. */
export interface ScreenRow {
  function_id: string;
  at: Date | string | null;
  count: number | string | null;
}

/** Visits older than this do not make a screen recent. */
const RECENT_DAYS = 90;

export function favouriteRows(db: Kysely<DB>, o: Owner): Promise<ScreenRow[]> {
  return db
    .selectFrom('menu_favourite')
    .select(['function_id', 'created_at as at', sql<null>`null`.as('count')])
    .where('tenant_id', '=', o.tenantId)
    .where('user_id', '=', o.userId)
    .where('factory_id', '=', o.factoryId)
    .orderBy('created_at')
    .orderBy('function_id')
    .execute();
}

/** The screens opened lately (newest first), or most often of the last FREQUENT_DAYS. */
export function visitedRows(db: Kysely<DB>, o: Owner, list: 'recent' | 'frequent'): Promise<ScreenRow[]> {
  const base = db
    .selectFrom('menu_access_record')
    .select('function_id')
    .where('tenant_id', '=', o.tenantId)
    .where('user_id', '=', o.userId)
    .where('factory_id', '=', o.factoryId)
    .groupBy('function_id')
    // Room for screens taken off the caller's menu since their visit.
    .limit(WORKBENCH_LIST_SIZE * 4);
  return list === 'recent'
    ? base
        .select([sql<Date>`max(created_at)`.as('at'), sql<null>`null`.as('count')])
        .where('created_at', '>', sql<Date>`now() - make_interval(days => ${RECENT_DAYS})`)
        .orderBy(sql`max(created_at)`, 'desc')
        .orderBy('function_id')
        .execute()
    : base
        .select([sql<null>`null`.as('at'), sql<string>`count(*)`.as('count')])
        .where('created_at', '>', sql<Date>`now() - make_interval(days => ${FREQUENT_DAYS})`)
        .orderBy(sql`count(*)`, 'desc')
        .orderBy(sql`max(created_at)`, 'desc')
        .orderBy('function_id')
        .execute();
}

/**
 * Stars a screen unless it is starred; 'full' when the owner already has `max` favourites among
 * the screens `counts` accepts (those still on the owner's menu).
 */
export function addFavourite(
  db: Kysely<DB>,
  o: Owner,
  functionId: string,
  max: number,
  counts: (functionId: string) => boolean,
): Promise<'added' | 'held' | 'full'> {
  return db.transaction().execute(async (trx) => {
    // One owner's favourites at a time: the count below cannot be raced past the limit.
    await sql`select pg_advisory_xact_lock(hashtext(${`favourites:${o.tenantId}:${o.userId}:${o.factoryId}`}))`.execute(
      trx,
    );
    const held = await trx
      .selectFrom('menu_favourite')
      .select(['function_id'])
      .where('tenant_id', '=', o.tenantId)
      .where('user_id', '=', o.userId)
      .where('factory_id', '=', o.factoryId)
      .execute();
    if (held.some((r) => r.function_id === functionId)) return 'held';
    if (held.filter((r) => counts(r.function_id)).length >= max) return 'full';
    await trx
      .insertInto('menu_favourite')
      .values({ tenant_id: o.tenantId, user_id: o.userId, factory_id: o.factoryId, function_id: functionId })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return 'added';
  });
}

export async function removeFavourite(db: Kysely<DB>, o: Owner, functionId: string): Promise<void> {
  await db
    .deleteFrom('menu_favourite')
    .where('tenant_id', '=', o.tenantId)
    .where('user_id', '=', o.userId)
    .where('factory_id', '=', o.factoryId)
    .where('function_id', '=', functionId)
    .execute();
}
