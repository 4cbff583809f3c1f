/** Server-only rules of users, roles and menus (issue 4): passwords, sessions, who may edit the shared menu. */
import { sql } from 'kysely';
import { ApiError } from '../../http';
import { hashPassword } from '../../auth/password';
import { missingClassesText, passwordPolicy } from '../../auth/password-policy';
import { fieldError, invalid } from '../errors';
import type { ResourceHooks } from './types';
import { run, type Db } from '../table';

const given = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** Ends every open session of the users at once (their next call answers 401). */
export async function revokeSessions(db: Db, tenantId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await run(
    db,
    sql`update session_token set revoked_at = now() where tenant_id = ${tenantId} and user_id = any(${[...userIds]}::uuid[]) and revoked_at is null`,
  );
}

export const userHooks: ResourceHooks = {
  async beforeWrite(db, def, scope, values, existing, req) {
    const out = { ...values };
    if (existing === null && !given(out.password))
      throw invalid([fieldError(def, 'password', 'validation.required', req.tr)], req.tr);
    if (existing && existing.id === req.caller.userId && out.status === 'disabled')
      throw new ApiError(409, 'access.disableSelf');
    if (given(out.password)) {
      // A password an administrator sets follows the tenant's policy too (its required kinds of character).
      const classes = missingClassesText(req.tr, await passwordPolicy(db, scope.tenantId), out.password);
      if (classes)
        throw invalid([fieldError(def, 'password', 'validation.passwordClasses', req.tr, { classes })], req.tr);
      out.password = await hashPassword(out.password);
      if (existing) await revokeSessions(db, scope.tenantId, [existing.id]);
    } else {
      delete out.password; // blank on an update: the password stays
    }
    if (existing && out.status === 'disabled' && existing.status !== 'disabled')
      await revokeSessions(db, scope.tenantId, [existing.id]);
    return out;
  },
  async beforeDelete(_db, _def, _scope, ids, req) {
    if (ids.includes(req.caller.userId)) throw new ApiError(409, 'access.deleteSelf');
  },
};

export const roleHooks: ResourceHooks = {};

/** Whether the caller is an administrator of the operator tenant (the only ones who edit the shared menu tree). */
export async function isOperatorAdmin(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const rows = await run(
    db,
    sql`select 1 from app_user u join tenant t on t.id = u.tenant_id
    where u.tenant_id = ${tenantId} and u.id = ${userId} and u.type = 'admin' and t.operator`,
  );
  return rows.length > 0;
}

export const menuHooks: ResourceHooks = {
  async beforeWrite(db, def, _scope, values, existing, req) {
    if (!(await isOperatorAdmin(db, req.caller.tenantId, req.caller.userId)))
      throw new ApiError(403, 'access.menuOperatorOnly');
    const parent = values.parentId;
    if (existing && given(parent)) {
      // The new parent must not be the node itself or one of its descendants.
      const cycle = await run(
        db,
        sql`with recursive up(id) as (select ${parent}::uuid union select m.parent_id from menu m join up on m.id = up.id where m.parent_id is not null)
        select 1 from up where id = ${existing.id}::uuid limit 1`,
      );
      if (cycle.length > 0) throw invalid([fieldError(def, 'parentId', 'validation.menuCycle', req.tr)], req.tr);
    }
    return values;
  },
  async beforeDelete(db, _def, _scope, _ids, req) {
    if (!(await isOperatorAdmin(db, req.caller.tenantId, req.caller.userId)))
      throw new ApiError(403, 'access.menuOperatorOnly');
  },
};
