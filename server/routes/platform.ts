/** The shell's calls of SPEC §7 at their exact paths (under /api). */
import { probeCached } from '../helper/probe-cache';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Factory } from '../../model/auth';
import { platform } from '../../model/contract/platform';
import type { MenuNode, PermissionNode } from '../../model/menu';
import { LANGUAGES, type Language } from '../../model/languages';
import type { DB, I18nText } from '../db/types';
import type { Config } from '../config';
import { ApiError } from '../http';
import { serve } from '../serve';
import { canUseFactory, usableFactories } from '../auth/permissions';
import { loadCurrentUser } from '../auth/routes';
import { LANGUAGE_NAMES, SERVED_APPS } from '../../model/catalogue';
import { appUrl } from '../app-registry';
import type { Translator } from '../i18n';

export function localName(names: I18nText | null | undefined, language: Language, fallback = ''): string {
  if (!names) return fallback;
  return names[language] ?? names['zh-CN'] ?? names.en ?? Object.values(names)[0] ?? fallback;
}

interface MenuRow {
  id: string;
  parent_id: string | null;
  type: 'catalogue' | 'menu' | 'button' | 'tab';
  name_i18n: I18nText;
  path: string | null;
  perms: string | null;
  icon: string | null;
  sort: number;
  product_type: string;
}

/** Builds the menu tree of a user: admins see everything; others what their enabled roles grant. */
export async function userMenuTree(
  db: Kysely<DB>,
  input: { tenantId: string; userId: string; type: 'admin' | 'staff'; terminalType: string; tr: Translator },
): Promise<MenuNode[]> {
  const rows = (await db
    .selectFrom('menu')
    .select(['id', 'parent_id', 'type', 'name_i18n', 'path', 'perms', 'icon', 'sort', 'product_type'])
    .where('terminal_type', '=', input.terminalType as 'web' | 'app')
    .orderBy('sort')
    .orderBy('code')
    .execute()) as MenuRow[];
  let allowed: Set<string> | null = null; // null: everything
  if (input.type !== 'admin') {
    const granted = await db
      .selectFrom('role_member as ur')
      .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'ur.tenant_id').onRef('r.id', '=', 'ur.role_id'))
      .innerJoin('role_menu as rm', (j) => j.onRef('rm.tenant_id', '=', 'r.tenant_id').onRef('rm.role_id', '=', 'r.id'))
      .select('rm.menu_id')
      .distinct()
      .where('ur.tenant_id', '=', input.tenantId)
      .where('ur.user_id', '=', input.userId)
      .where('r.enabled', '=', true)
      .execute();
    allowed = new Set(granted.map((g) => g.menu_id));
  }
  const byParent = new Map<string | null, MenuRow[]>();
  for (const r of rows) {
    const list = byParent.get(r.parent_id) ?? [];
    list.push(r);
    byParent.set(r.parent_id, list);
  }
  const lang = input.tr.language;
  const isAllowed = (id: string) => allowed === null || allowed.has(id);
  const perm = (r: MenuRow): PermissionNode => ({
    id: r.id,
    functionName: localName(r.name_i18n, lang),
    perms: r.perms ?? '',
  });
  const build = (parentId: string | null): MenuNode[] => {
    const out: MenuNode[] = [];
    for (const r of byParent.get(parentId) ?? []) {
      if (r.type !== 'catalogue' && r.type !== 'menu') continue;
      const children = build(r.id);
      if (r.type === 'menu' && !isAllowed(r.id)) continue;
      if (r.type === 'catalogue' && children.length === 0) continue;
      const sub = byParent.get(r.id) ?? [];
      out.push({
        id: r.id,
        functionName: localName(r.name_i18n, lang),
        path: r.type === 'menu' ? (r.path ?? '') : '',
        type: r.type,
        icon: r.icon,
        productType: r.product_type,
        productTypeName: input.tr.t(`productType.${r.product_type}`, { defaultValue: r.product_type }),
        hasAuth: true,
        children,
        buttonChildren: sub.filter((s) => s.type === 'button' && isAllowed(s.id)).map(perm),
        tabChildren: sub.filter((s) => s.type === 'tab' && isAllowed(s.id)).map(perm),
      });
    }
    return out;
  };
  return build(null);
}

/** How long the registry answer waits for an app that neither answers nor refuses (it is then not online). */
const REGISTRY_PROBE_TIMEOUT_MS = 1500;
const LOOPBACK = { protocol: 'http', hostname: '127.0.0.1' };

export function platformRoutes(app: FastifyInstance, opts: { db: Kysely<DB>; config: Config }): void {
  const { db, config } = opts;
  serve(app, platform.routes, async ({ ctx, query, tr }) => {
    const factoryId = query.factoryId?.trim();
    if (factoryId && !(await canUseFactory(db, ctx.tenantId, ctx.user.id, ctx.user.type, factoryId))) {
      throw new ApiError(403, 'auth.factoryForbidden');
    }
    return userMenuTree(db, {
      tenantId: ctx.tenantId,
      userId: ctx.user.id,
      type: ctx.user.type,
      terminalType: query.terminalType,
      tr,
    });
  });

  serve(app, platform.corp, async ({ ctx }) => {
    const t = await db
      .selectFrom('tenant')
      .select(['code', 'name', 'languages'])
      .where('id', '=', ctx.tenantId)
      .executeTakeFirstOrThrow();
    return { tenantCode: t.code, tenantName: t.name, language: t.languages };
  });

  serve(app, platform.dictOptions, async ({ ctx, query }) => {
    const type = query.type || 'language';
    const dict = await db
      .selectFrom('dict')
      .select('id')
      .where('tenant_id', '=', ctx.tenantId)
      .where('type', '=', type)
      .executeTakeFirst();
    if (!dict) {
      return type === 'language' ? LANGUAGES.map((l) => ({ dictKey: l, dictValue: LANGUAGE_NAMES[l] ?? l })) : [];
    }
    const items = await db
      .selectFrom('dict_item')
      .select(['label', 'value'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('dict_id', '=', dict.id)
      .orderBy('sort')
      .orderBy('value')
      .execute();
    return items.map((i) => ({ dictKey: i.value, dictValue: i.label }));
  });

  serve(app, platform.apps, async ({ request, ctx }) => {
    const rows = await db.selectFrom('app').selectAll().orderBy('sort').orderBy('app_type').execute();
    const host = { protocol: request.protocol, hostname: request.hostname };
    // The apps this server serves are up; any other enabled app is probed the way the services screen probes it.
    const online = await Promise.all(
      rows.map(async (r) => {
        if ((SERVED_APPS as readonly string[]).includes(r.app_type) && !r.url?.trim()) return true;
        if (r.status !== 'enabled') return false;
        // A default app (no URL of its own) runs beside this server: probed on loopback, never at a host a request named.
        return (
          (await probeCached(appUrl(r, LOOPBACK, config.subappPortBase), REGISTRY_PROBE_TIMEOUT_MS)).state === 'online'
        );
      }),
    );
    return rows.map((r, i) => ({
      id: r.id,
      appType: r.app_type,
      appName: localName(r.name_i18n, ctx.language, r.app_name),
      appFullName: localName(r.full_name_i18n, ctx.language, r.app_name),
      // A registered URL (a third-party app at any origin) wins over the default port.
      url: appUrl(r, host, config.subappPortBase),
      prefixPath: r.prefix_path,
      fullscreen: r.fullscreen,
      status: r.status,
      online: online[i] ?? false,
      isDefault: r.is_default,
    }));
  });

  serve(app, platform.user, async ({ ctx }) => loadCurrentUser(db, ctx.tenantId, ctx.user.id));

  serve(app, platform.factories, async ({ ctx }) => {
    const q = usableFactories(db, ctx.tenantId, ctx.user.id, ctx.user.type)
      .select(['f.id', 'f.code', 'f.name', 'f.status'])
      .orderBy('f.sort')
      .orderBy('f.code');
    const factoryList: Factory[] = await q.execute();
    return { factoryList };
  });

  serve(app, platform.recordAccess, async ({ ctx, body }) => {
    if (!(await canUseFactory(db, ctx.tenantId, ctx.user.id, ctx.user.type, body.factoryId))) {
      throw new ApiError(403, 'auth.factoryForbidden');
    }
    const menu = await db.selectFrom('menu').select('id').where('id', '=', body.functionId).executeTakeFirst();
    if (!menu) throw new ApiError(404, 'menu.notFound');
    await db
      .insertInto('menu_access_record')
      .values({
        tenant_id: ctx.tenantId,
        user_id: ctx.user.id,
        factory_id: body.factoryId.toLowerCase(),
        function_id: menu.id,
      })
      .execute();
    return null;
  });
}
