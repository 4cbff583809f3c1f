/**
 * Trees kept by a parent reference (departments, material classes): a node never sits below itself,
 * the depth is bounded, and after each write the node and its whole subtree take their levels from
 * their new place. `messages` names the resource's error keys (`….cycle`, `….tooDeep`).
 */
import { sql } from 'kysely';
import { ApiError } from '../../http';
import type { ResourceHooks } from './types';
import { run, tableOf, type Db } from '../table';

const MAX_DEPTH = 20;

export function treeHooks(messages: string): ResourceHooks {
  return {
    async afterWrite(db: Db, def, scope, id) {
      const t = tableOf(def);
      // Walk up from the written node: meeting it again means it was put under its own subtree.
      const up = await run(
        db,
        sql`
        with recursive chain(id, parent_id, depth) as (
          select id, ${t.ref('parentId')}, 1 from ${t.table} where ${t.scopeWhere(scope)} and id = ${id}
          union all
          select c.id, c.${t.ref('parentId')}, chain.depth + 1 from ${t.table} c join chain on c.id = chain.parent_id
          where c.tenant_id = ${scope.tenantId} and chain.depth <= ${MAX_DEPTH + 1} and c.id <> ${id}
        )
        select max(depth) as depth, bool_or(parent_id = ${id}) as loops from chain`,
      );
      const row = (up[0] ?? {}) as { depth: number | null; loops: boolean | null };
      if (row.loops) throw new ApiError(400, `${messages}.cycle`);
      if (Number(row.depth) > MAX_DEPTH) throw new ApiError(400, `${messages}.tooDeep`, { max: MAX_DEPTH });
      await run(
        db,
        sql`
        with recursive tree(id, level) as (
          select id, ${Number(row.depth ?? 1)}::int from ${t.table} where ${t.scopeWhere(scope)} and id = ${id}
          union all
          select c.id, tree.level + 1 from ${t.table} c join tree on c.${t.ref('parentId')} = tree.id
          where c.tenant_id = ${scope.tenantId} and tree.level < ${MAX_DEPTH + 1}
        )
        update ${t.table} n set ${t.ref('level')} = tree.level from tree where n.id = tree.id and n.tenant_id = ${scope.tenantId}`,
      );
    },
  };
}
