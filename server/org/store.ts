/** The organisation's rows a user reaches through their staff record: the record, its own fields, its organisations. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import '../db/types-org';
import type { AuditActor } from '../audit/write';
import { recordRows } from '../audit/record';
import { staff } from '../../model/resources';

/** A user's staff record (the first by code), with its department's name. */
export function ownStaffRecord(db: Kysely<DB>, tenantId: string, userId: string) {
  return db
    .selectFrom('staff as s')
    .leftJoin('department as d', (j) =>
      j.onRef('d.id', '=', 's.department_id').onRef('d.tenant_id', '=', 's.tenant_id'),
    )
    .select([
      's.id',
      's.code',
      's.name',
      's.english_name',
      's.sex',
      's.entry_date',
      's.department_id',
      'd.name as department_name',
      's.job',
      's.extension_number',
      's.on_job',
      's.use_state',
      's.user_id',
    ])
    .where('s.tenant_id', '=', tenantId)
    .where('s.user_id', '=', userId)
    .orderBy('s.code')
    .executeTakeFirst();
}

/** The fields of the personal centre a user edits on their own staff records. */
export interface PersonalFields {
  english_name: string | null;
  sex: string | null;
  extension_number: string | null;
}

/** Writes a user's own fields on every staff record linked to them, with their history; how many there were. */
export function updateOwnStaff(
  db: Kysely<DB>,
  actor: AuditActor,
  tenantId: string,
  userId: string,
  set: PersonalFields,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('staff')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .forUpdate()
      .execute();
    const after = await trx
      .updateTable('staff')
      .set({ ...set, updated_by: userId, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .returningAll()
      .execute();
    const was = new Map(before.map((b) => [b.id, b]));
    await recordRows(
      trx,
      actor,
      staff.name,
      'update',
      after.map((a) => ({ id: a.id, code: a.code, before: was.get(a.id) ?? null, after: a })),
    );
    return after.length;
  });
}

/**
 * The organisations a user may switch to: a staff member tied to organisations (on the job) those;
 * administrators and staff tied to none all of the tenant's.
 */
export async function switchableOrganizations(
  db: Kysely<DB>,
  tenantId: string,
  user: { id: string; type: 'admin' | 'staff' },
) {
  const tied =
    user.type === 'admin'
      ? []
      : await db
          .selectFrom('staff_organization as so')
          .innerJoin('staff as s', (j) => j.onRef('s.tenant_id', '=', 'so.tenant_id').onRef('s.id', '=', 'so.staff_id'))
          .select('so.organization_id')
          .distinct()
          .where('so.tenant_id', '=', tenantId)
          .where('s.user_id', '=', user.id)
          .where('s.on_job', '=', 'onJob')
          .execute();
  let q = db
    .selectFrom('organization as o')
    .select(['o.id', 'o.code', 'o.name'])
    .where('o.tenant_id', '=', tenantId)
    .orderBy('o.sort')
    .orderBy('o.code');
  if (tied.length > 0)
    q = q.where(
      'o.id',
      'in',
      tied.map((t) => t.organization_id),
    );
  return q.execute();
}

/** The ids of the tenant's roles with `code` (any code when null), among `among` when given. */
export async function roleIdsByCode(
  db: Kysely<DB>,
  tenantId: string,
  code: string | null,
  among?: readonly string[],
): Promise<string[]> {
  let q = db.selectFrom('role').select('id').where('tenant_id', '=', tenantId);
  if (code !== null) q = q.where('code', '=', code);
  if (among) q = q.where('id', 'in', among);
  return (await q.execute()).map((r) => r.id);
}

export async function accountTaken(db: Kysely<DB>, tenantId: string, account: string): Promise<boolean> {
  const row = await db
    .selectFrom('app_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('account', '=', account)
    .executeTakeFirst();
  return row !== undefined;
}

/** Links an account to a staff record that has none; false when one was linked meanwhile. */
export async function linkAccount(
  db: Kysely<DB>,
  tenantId: string,
  staffId: string,
  userId: string,
  by: string,
): Promise<boolean> {
  const linked = await db
    .updateTable('staff')
    .set({ user_id: userId, updated_by: by, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', staffId)
    .where('user_id', 'is', null)
    .returning('id')
    .execute();
  return linked.length > 0;
}
