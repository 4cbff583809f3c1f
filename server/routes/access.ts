/** Issue 4 calls beyond the engine: the menu tree, a role's menu permissions, a user's password reset. */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { MenuTreeNode } from '../../model/access';
import { missingClasses, type PasswordClass } from '../../model/security';
import { access } from '../../model/contract/access';
import { role, user } from '../../model/resources';
import type { Language } from '../../model/languages';
import type { DB, I18nText } from '../db/types';
import { hashPassword } from '../auth/password';
import { missingClassesText, passwordPolicy } from '../auth/password-policy';
import { notFound } from '../http';
import { serve } from '../serve';
import { fieldError, invalid } from '../engine/errors';
import { revokeSessions } from '../engine/hooks/access';
import { logOperation } from '../engine/oplog';
import { callerOf, scopeOf } from '../engine/scope';
import { getRow } from '../engine/store';
import { localName } from './platform';
import { actorOf, writeHistory } from '../audit/write';

/** The whole menu tree (web and app), names in `language`, children by sort then code. */
export async function menuTree(db: Kysely<DB>, language: Language): Promise<MenuTreeNode[]> {
  const rows = await db
    .selectFrom('menu')
    .select(['id', 'parent_id', 'code', 'type', 'name_i18n', 'perms', 'path', 'icon', 'sort', 'terminal_type'])
    .orderBy('sort')
    .orderBy('code')
    .execute();
  const nodes = new Map<string, MenuTreeNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      code: r.code,
      type: r.type,
      name: localName(r.name_i18n as I18nText, language, r.code),
      perms: r.perms,
      path: r.path,
      icon: r.icon,
      sort: r.sort,
      terminalType: r.terminal_type,
      children: [],
    });
  }
  const roots: MenuTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id ? nodes.get(r.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

const TEMP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const TEMP_SPECIAL = '@#$&*';

/**
 * A temporary password of the SPEC §5 rule: 12 letters and digits, at least one of each, and the
 * kinds of character the tenant's policy requires (a special one then takes the last place).
 */
export function temporaryPassword(required: readonly PasswordClass[] = []): string {
  for (;;) {
    let s = Array.from({ length: 12 }, () => TEMP_ALPHABET[randomInt(TEMP_ALPHABET.length)]).join('');
    if (required.includes('special')) s = s.slice(0, 11) + TEMP_SPECIAL[randomInt(TEMP_SPECIAL.length)];
    if (/\d/.test(s) && /[A-Za-z]/.test(s) && missingClasses(s, required).length === 0) return s;
  }
}

export function accessRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, access.menuTree, async ({ tr }) => menuTree(db, tr.language));

  serve(app, access.roleMenus, async ({ ctx, params, tr }) => {
    const found = await getRow(db, role, scopeOf(role, callerOf(ctx)), params.id);
    if (!found) throw notFound('resource.notFound');
    const held = await db
      .selectFrom('role_menu')
      .select('menu_id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('role_id', '=', params.id)
      .execute();
    return { tree: await menuTree(db, tr.language), menuIds: held.map((h) => h.menu_id) };
  });

  serve(app, access.setRoleMenus, async ({ ctx, params, body, request }) => {
    const found = await getRow(db, role, scopeOf(role, callerOf(ctx)), params.id);
    if (!found) throw notFound('resource.notFound');
    const wanted = [...new Set(body.menuIds.map((id) => id.toLowerCase()))];
    const menus = await db.selectFrom('menu').select(['id', 'parent_id', 'code', 'perms']).execute();
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
      const held = await trx
        .deleteFrom('role_menu')
        .where('tenant_id', '=', ctx.tenantId)
        .where('role_id', '=', params.id)
        .returning('menu_id')
        .execute();
      if (granted.size > 0) {
        await trx
          .insertInto('role_menu')
          .values([...granted].map((menuId) => ({ tenant_id: ctx.tenantId, role_id: params.id, menu_id: menuId })))
          .execute();
      }
      await logOperation(trx, callerOf(ctx), {
        type: 'edit',
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
        resource: 'role',
        ids: [params.id],
      });
      const before = codes(held.map((h) => h.menu_id));
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
      await trx
        .updateTable('app_user')
        .set({ password_hash: hash, updated_at: new Date(), updated_by: ctx.user.id })
        .where('tenant_id', '=', ctx.tenantId)
        .where('id', '=', params.id)
        .execute();
      await revokeSessions(trx, ctx.tenantId, [params.id]);
      await logOperation(trx, callerOf(ctx), {
        type: 'edit',
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
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
