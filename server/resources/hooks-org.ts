/** Departments form a tree: a department never sits below itself, and levels follow the parents. */
import { sql } from 'kysely';
import { ApiError } from '../http';
import type { ResourceHooks } from './hooks';
import { run, tableOf, type Db } from './table';

const MAX_DEPTH = 20;

export const departmentHooks: ResourceHooks = {
  async afterWrite(db: Db, def, scope, id) {
    const t = tableOf(def);
    // Walk up from the written department: meeting it again means it was put under its own subtree.
    const up = await run(db, sql`
      with recursive chain(id, parent_id, depth) as (
        select id, ${t.ref('parentId')}, 1 from ${t.table} where ${t.scopeWhere(scope)} and id = ${id}
        union all
        select c.id, c.${t.ref('parentId')}, chain.depth + 1 from ${t.table} c join chain on c.id = chain.parent_id
        where c.tenant_id = ${scope.tenantId} and chain.depth <= ${MAX_DEPTH + 1} and c.id <> ${id}
      )
      select max(depth) as depth, bool_or(parent_id = ${id}) as loops from chain`);
    const row = (up[0] ?? {}) as { depth: number | null; loops: boolean | null };
    if (row.loops) throw new ApiError(400, 'resource.department.cycle');
    if (Number(row.depth) > MAX_DEPTH) throw new ApiError(400, 'resource.department.tooDeep', { max: MAX_DEPTH });
    await run(db, sql`
      with recursive tree(id, level) as (
        select id, ${Number(row.depth ?? 1)}::int from ${t.table} where ${t.scopeWhere(scope)} and id = ${id}
        union all
        select c.id, tree.level + 1 from ${t.table} c join tree on c.${t.ref('parentId')} = tree.id
        where c.tenant_id = ${scope.tenantId} and tree.level < ${MAX_DEPTH + 1}
      )
      update ${t.table} d set ${t.ref('level')} = tree.level from tree where d.id = tree.id and d.tenant_id = ${scope.tenantId}`);
  },
};
