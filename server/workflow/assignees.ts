/** Turns a task's assignee spec into the enabled users of the tenant who may decide it. */
import { sql, type Kysely, type Transaction } from 'kysely';
import { parseAssignee } from '../../model/workflow/assignee';
import type { DB } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;

async function tableExists(db: Db, name: string): Promise<boolean> {
  const r = await sql<{ found: string | null }>`select to_regclass(${name})::text as found`.execute(db);
  return Boolean(r.rows[0]?.found);
}

/** The head of a department, read from the organisation tables when they exist. */
async function departmentHead(
  db: Db,
  tenantId: string,
  where: { code?: string; id?: string },
): Promise<{ headId: string | null; parentId: string | null } | null> {
  if (!(await tableExists(db, 'department'))) return null;
  const r = await sql<{ head_user_id: string | null; parent_id: string | null }>`
    select head_user_id, parent_id from department
    where tenant_id = ${tenantId} and ${where.code !== undefined ? sql`code = ${where.code}` : sql`id = ${where.id}`}
    limit 1`.execute(db);
  const row = r.rows[0];
  return row ? { headId: row.head_user_id, parentId: row.parent_id } : null;
}

async function starterDepartment(db: Db, tenantId: string, userId: string): Promise<string | null> {
  if (!(await tableExists(db, 'staff'))) return null;
  const r = await sql<{ department_id: string | null }>`
    select department_id from staff where tenant_id = ${tenantId} and user_id = ${userId} limit 1`.execute(db);
  return r.rows[0]?.department_id ?? null;
}

export async function resolveAssignee(db: Db, tenantId: string, spec: string, starterId: string): Promise<string[]> {
  const parsed = parseAssignee(spec);
  if (!parsed) return [];
  let ids: string[] = [];
  switch (parsed.kind) {
    case 'user': {
      const u = await db
        .selectFrom('app_user')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('account', '=', parsed.account)
        .executeTakeFirst();
      ids = u ? [u.id] : [];
      break;
    }
    case 'role': {
      const rows = await db
        .selectFrom('role_member as ur')
        .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'ur.tenant_id').onRef('r.id', '=', 'ur.role_id'))
        .select('ur.user_id')
        .where('ur.tenant_id', '=', tenantId)
        .where('r.code', '=', parsed.code)
        .where('r.enabled', '=', true)
        .execute();
      ids = rows.map((r) => r.user_id);
      break;
    }
    case 'dept-head': {
      const d = await departmentHead(db, tenantId, { code: parsed.code });
      ids = d?.headId ? [d.headId] : [];
      break;
    }
    case 'manager': {
      const departmentId = await starterDepartment(db, tenantId, starterId);
      let d = departmentId ? await departmentHead(db, tenantId, { id: departmentId }) : null;
      // Heads of a department report to the head of the department above.
      for (let hops = 0; d && d.headId === starterId && d.parentId && hops < 20; hops++)
        d = await departmentHead(db, tenantId, { id: d.parentId });
      ids = d?.headId && d.headId !== starterId ? [d.headId] : [];
      break;
    }
  }
  if (ids.length === 0) return [];
  const enabled = await db
    .selectFrom('app_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .where('status', '=', 'enabled')
    .execute();
  return enabled.map((u) => u.id);
}
