/** The product's menu as trees: a user's (what the user's roles reach) and the whole one (for granting). */
import type { Kysely } from 'kysely';
import type { MenuTreeNode } from '../../model/access';
import type { Language } from '../../model/languages';
import type { MenuNode, PermissionNode } from '../../model/menu';
import type { DB, I18nText } from '../db/types';
import { localName, type Translator } from '../i18n';

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
  caller: { tenantId: string; user: { id: string; type: 'admin' | 'staff' } },
  tr: Translator,
  terminalType: 'web' | 'app' = 'web',
): Promise<MenuNode[]> {
  const rows = (await db
    .selectFrom('menu')
    .select(['id', 'parent_id', 'type', 'name_i18n', 'path', 'perms', 'icon', 'sort', 'product_type'])
    .where('terminal_type', '=', terminalType)
    .orderBy('sort')
    .orderBy('code')
    .execute()) as MenuRow[];
  let allowed: Set<string> | null = null; // null: everything
  if (caller.user.type !== 'admin') {
    const granted = await db
      .selectFrom('role_member as ur')
      .innerJoin('role as r', (j) => j.onRef('r.tenant_id', '=', 'ur.tenant_id').onRef('r.id', '=', 'ur.role_id'))
      .innerJoin('role_menu as rm', (j) => j.onRef('rm.tenant_id', '=', 'r.tenant_id').onRef('rm.role_id', '=', 'r.id'))
      .select('rm.menu_id')
      .distinct()
      .where('ur.tenant_id', '=', caller.tenantId)
      .where('ur.user_id', '=', caller.user.id)
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
  const lang = tr.language;
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
        productTypeName: tr.t(`productType.${r.product_type}`, { defaultValue: r.product_type }),
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
