/** Issue 4 calls beyond the engine: the menu tree, a role's menu permissions, a user's password reset. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { access } from '../../model/contract/access';
import { role, user } from '../../model/resources';
import type { DB } from '../db/types';
import { hashPassword, temporaryPassword } from '../auth/password';
import { missingClassesText, passwordPolicy } from '../auth/password-policy';
import { notFound } from '../http';
import { serve } from '../serve';
import { fieldError, invalid } from '../engine/errors';
import { revokeSessions } from '../engine/hooks/access';
import { logOperation, requestLine } from '../engine/oplog';
import { callerOf, scopeOf } from '../engine/scope';
import { getRow } from '../engine/store';
import { menuTree } from '../menu/tree';
import { menuLinks, replaceRoleMenus, roleMenuIds, setPasswordHash } from './store';
import { actorOf, writeHistory } from '../audit/write';

export function accessRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, access.menuTree, async ({ tr }) => menuTree(db, tr.language));

  serve(app, access.roleMenus, async ({ ctx, params, tr }) => {
    const found = await getRow(db, role, scopeOf(role, callerOf(ctx)), params.id);
    if (!found) throw notFound('resource.notFound');
    return { tree: await menuTree(db, tr.language), menuIds: await roleMenuIds(db, ctx.tenantId, params.id) };
  });

  serve(app, access.setRoleMenus, async ({ ctx, params, body, request }) => {
    const found = await getRow(db, role, scopeOf(role, callerOf(ctx)), params.id);
    if (!found) throw notFound('resource.notFound');
    const wanted = [...new Set(body.menuIds.map((id) => id.toLowerCase()))];
    const menus = await menuLinks(db);
    const parentOf = new Map(menus.map((m) => [m.id, m.parent_id]));
    const granted = new Set<string>();
    for (const id of wanted) {
      // An unknown id is ignored: the tree may have changed since the screen loaded it.
      for (let at: string | null | undefined = id; at && parentOf.has(at) && !granted.has(at); at = parentOf.get(at))
        granted.add(at);
    }
    // History names a menu entry by its permission code (its stable code when it has none).
    const codeOf = new Map(menus.map((m) => [m.id, m.perms || m.code]));
    const codes = (ids: Iterable<string>) => [...ids].map((id) => codeOf.get(id) ?? id).sort();
    await db.transaction().execute(async (trx) => {
      const held = await replaceRoleMenus(trx, ctx.tenantId, params.id, granted);
      await logOperation(trx, callerOf(ctx), {
        type: 'edit',
        ...requestLine(request),
        resource: 'role',
        ids: [params.id],
      });
      const before = codes(held);
      const after = codes(granted);
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await writeHistory(trx, actorOf(ctx), [
          {
            action: 'update',
            entity: role.name,
            recordId: params.id,
            recordCode: String(found.code ?? ''),
            changes: [{ field: 'permissions', before, after }],
          },
        ]);
      }
    });
    return { tree: [], menuIds: [...granted] };
  });

  serve(app, access.resetPassword, async ({ ctx, params, body, request, tr }) => {
    const found = await getRow(db, user, scopeOf(user, callerOf(ctx)), params.id);
    if (!found) throw notFound('resource.notFound');
    const policy = await passwordPolicy(db, ctx.tenantId);
    const classes = body.password === undefined ? null : missingClassesText(tr, policy, body.password);
    if (classes) throw invalid([fieldError(user, 'password', 'validation.passwordClasses', tr, { classes })], tr);
    const temporary = body.password === undefined ? temporaryPassword(policy.classes) : null;
    const hash = await hashPassword(body.password ?? temporary!);
    await db.transaction().execute(async (trx) => {
      await setPasswordHash(trx, ctx.tenantId, params.id, hash, ctx.user.id);
      await revokeSessions(trx, ctx.tenantId, [params.id]);
      await logOperation(trx, callerOf(ctx), {
        type: 'edit',
        ...requestLine(request),
        resource: 'user',
        ids: [params.id],
      });
      await writeHistory(trx, actorOf(ctx), [
        {
          action: 'update',
          entity: user.name,
          recordId: params.id,
          recordCode: String(found.account ?? ''),
          changes: [{ field: 'password', before: null, after: null, secret: true }],
        },
      ]);
    });
    return { temporaryPassword: temporary };
  });
}
