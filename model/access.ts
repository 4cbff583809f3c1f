/** The calls of issue 4 beyond the resource engine: a role's menu permissions, a user's password reset. */

/** One node of the product's menu tree, as the permission tree and the menu tree view show it. */
export interface MenuTreeNode {
  id: string;
  code: string;
  type: 'catalogue' | 'menu' | 'button' | 'tab';
  /** In the request language. */
  name: string;
  perms: string | null;
  path: string | null;
  icon: string | null;
  sort: number;
  terminalType: 'web' | 'app';
  children: MenuTreeNode[];
}

/** GET `/api/platform-system/role/:id/menus`: the whole tree and the ids the role holds. */
export interface RoleMenus {
  tree: MenuTreeNode[];
  menuIds: string[];
}

/** PUT `/api/platform-system/role/:id/menus` */
export interface RoleMenusInput {
  menuIds: string[];
}

export const roleMenusPath = (roleId: string) => `/api/platform-system/role/${roleId}/menus`;
export const MENU_TREE_PATH = '/api/platform-system/menu/tree';
export const resetPasswordPath = (userId: string) => `/api/platform-system/app-user/${userId}/reset-password`;

/** POST reset-password: a given password, or none for a generated temporary one. */
export interface ResetPasswordInput {
  password?: string;
}

/** The generated temporary password, answered once; null when the caller gave one. */
export interface ResetPasswordResult {
  temporaryPassword: string | null;
}
