/** Search everywhere (issue 24): the caller's menu entries by name in any language, then records. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { search } from '../../model/contract/search';
import { SEARCH_GROUP_SIZE } from '../../model/search';
import type { DB } from '../db/types';
import { serve } from '../serve';
import { menuEntries, searchMenus } from './menus';
import { searchRecords } from './records';
import { userMenuTree } from '../menu/tree';

export function searchRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  serve(app, search.everywhere, async ({ ctx, query, tr }) => {
    // The tree `function/routes` answers: only the entries, and so the screens, the caller's menu allows.
    const tree = await userMenuTree(db, ctx, tr);
    const entries = await menuEntries(db, tree);
    return {
      menus: searchMenus(entries, query.q, ctx.language, SEARCH_GROUP_SIZE),
      records: await searchRecords(db, ctx, entries, query.q, SEARCH_GROUP_SIZE),
    };
  });
}
