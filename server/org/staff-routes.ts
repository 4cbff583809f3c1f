/** SPEC §7 staff endpoints of the current user: their staff record, and their personal-centre fields. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { staff as staffContract } from '../../model/contract/staff';
import { staff, user } from '../../model/resources';
import { duplicate, fieldError, invalid } from '../engine/errors';
import { isUniqueViolation } from '../db/errors';
import { logOperation, requestLine } from '../engine/oplog';
import { callerOf, scopeOf } from '../engine/scope';
import { getRow } from '../engine/store';
import { createUser } from '../tenants/provision';
import { accountTaken, linkAccount, ownStaffRecord, roleIdsByCode, updateOwnStaff } from './store';
import { temporaryPassword } from '../auth/password';
import { canUseFactory } from '../auth/permissions';
import type { DB } from '../db/types';
import '../db/types-org';
import { ApiError, notFound } from '../http';
import { serve } from '../serve';
import { dateOnly } from '../dates';
import { actorOf, writeHistory } from '../audit/write';
import { diffFields } from '../audit/diff';

/** A DATE column as YYYY-MM-DD, whatever zone the server and the driver put its midnight in. */
const day = (d: string | Date | null): string | null => dateOnly(d);

export function staffRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, staffContract.detail, async ({ ctx, query }) => {
    const factoryId = query.factoryId?.toLowerCase() ?? ctx.factoryId;
    if (!factoryId) throw new ApiError(404, 'staff.notFound');
    // A factory the user may not use is answered like one without a record: nothing to learn from it.
    if (!(await canUseFactory(db, ctx.tenantId, ctx.user.id, ctx.user.type, factoryId)))
      throw new ApiError(404, 'staff.notFound');
    const row = await ownStaffRecord(db, ctx.tenantId, ctx.user.id);
    if (!row) throw new ApiError(404, 'staff.notFound');
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      englishName: row.english_name,
      sex: row.sex,
      entryDate: day(row.entry_date),
      departmentId: row.department_id,
      departmentName: row.department_name,
      job: row.job,
      extensionNumber: row.extension_number,
      onJob: row.on_job,
      useState: row.use_state,
      userId: row.user_id,
      factoryId,
    };
  });

  serve(app, staffContract.updatePersonal, async ({ ctx, body }) => {
    const set = {
      english_name: body.englishName || null,
      sex: body.sex,
      extension_number: body.extensionNumber || null,
    };
    const updated = await updateOwnStaff(db, actorOf(ctx), ctx.tenantId, ctx.user.id, set);
    if (updated === 0) throw new ApiError(404, 'staff.notFound');
    return null;
  });
  serve(app, staffContract.createAccount, async ({ ctx, params, body, request, tr }) => {
    // Making an account is adding a user: both permissions are needed.
    if (!(await ctx.permissions()).has('platform:user:add')) throw new ApiError(403, 'error.forbidden');
    const row = await getRow(db, staff, scopeOf(staff, callerOf(ctx)), params.id);
    if (!row) throw notFound('resource.notFound');
    if (row.userId) throw new ApiError(409, 'staff.hasAccount');
    const roles = body.roles ?? (await roleIdsByCode(db, ctx.tenantId, 'staff'));
    if (roles.length > 0 && (await roleIdsByCode(db, ctx.tenantId, null, roles)).length !== new Set(roles).size)
      throw invalid([fieldError(user, 'roles', 'validation.reference', tr)], tr);
    const taken = await accountTaken(db, ctx.tenantId, body.account);
    if (taken) throw duplicate(user, 'account', body.account, tr);
    const temporary = temporaryPassword();
    const userId = await db
      .transaction()
      .execute(async (trx) => {
        // The account works in the factory it was made from (an administrator may add others on the user screen).
        const created = await createUser(trx, {
          tenantId: ctx.tenantId,
          account: body.account,
          password: temporary,
          nickname: String(row.name),
          type: 'staff',
          roleIds: roles,
          factoryIds: ctx.factoryId ? [ctx.factoryId] : [],
          createdBy: ctx.user.id,
        });
        const linked = await linkAccount(trx, ctx.tenantId, params.id, created, ctx.user.id);
        // Linked meanwhile by another call: nothing of this one stays.
        if (!linked) throw new ApiError(409, 'staff.hasAccount');
        await logOperation(trx, callerOf(ctx), {
          type: 'add',
          ...requestLine(request),
          resource: 'user',
          ids: [created],
        });
        const actor = actorOf(ctx);
        const made = {
          account: body.account,
          nickname: String(row.name),
          type: 'staff',
          roles: [...roles].sort(),
          factories: ctx.factoryId ? [ctx.factoryId] : [],
        };
        await writeHistory(trx, actor, [
          {
            action: 'create',
            entity: user.name,
            recordId: created,
            recordCode: body.account,
            changes: [...diffFields(null, made), { field: 'password', before: null, after: null, secret: true }],
          },
          {
            action: 'update',
            entity: staff.name,
            recordId: params.id,
            recordCode: String(row.code ?? ''),
            factoryId: scopeOf(staff, callerOf(ctx)).factoryId,
            changes: [{ field: 'userId', before: null, after: created }],
          },
        ]);
        return created;
      })
      .catch((err: unknown) => {
        // The same account made by a concurrent call.
        if (isUniqueViolation(err)) throw duplicate(user, 'account', body.account, tr);
        throw err;
      });
    return { userId, account: body.account, temporaryPassword: temporary };
  });
}
