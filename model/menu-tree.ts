/** The menu tree's shape and the walks over it (zod-free: the shell's router needs them before any schema). */

export type MenuType = 'catalogue' | 'menu' | 'button' | 'tab';

/** A button or tab permission under a menu (SPEC §3 buttonChildren / tabChildren). */
export interface PermissionNode {
  id: string;
  functionName: string;
  /** The permission code, e.g. `platform:dict:add`. */
  perms: string;
}

/** One node of the menu tree answered by `function/routes` (SPEC §3). */
export interface MenuNode {
  id: string;
  functionName: string;
  /** Route path without the language segment, e.g. `/platform/dict`; empty for catalogues. */
  path: string;
  type: 'catalogue' | 'menu';
  icon: string | null;
  productType: string;
  productTypeName: string;
  hasAuth: boolean;
  children: MenuNode[];
  buttonChildren: PermissionNode[];
  tabChildren: PermissionNode[];
}

export type TerminalType = 'web' | 'app';

/** Every screen entry (a menu node with a path) of a menu tree, depth first, in menu order. */
export function menuScreens(nodes: readonly MenuNode[]): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (list: readonly MenuNode[]) => {
    for (const n of list) {
      if (n.type === 'menu' && n.path) out.push(n);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}

/** Every path of a menu tree, depth first, in menu order. */
export function menuPaths(nodes: readonly MenuNode[]): string[] {
  return menuScreens(nodes).map((n) => n.path);
}

/** Every button and tab permission code of a menu tree. */
export function menuPermissions(nodes: readonly MenuNode[]): string[] {
  const out = new Set<string>();
  const walk = (list: readonly MenuNode[]) => {
    for (const n of list) {
      for (const b of n.buttonChildren) out.add(b.perms);
      for (const t of n.tabChildren) out.add(t.perms);
      walk(n.children);
    }
  };
  walk(nodes);
  return [...out];
}

/** The menu node whose path is `path` or a parent route of it. */
export function findMenuByPath(nodes: readonly MenuNode[], path: string): MenuNode | null {
  for (const n of nodes) {
    if (n.type === 'menu' && n.path && (path === n.path || path.startsWith(n.path + '/'))) return n;
    const hit = findMenuByPath(n.children, path);
    if (hit) return hit;
  }
  return null;
}
