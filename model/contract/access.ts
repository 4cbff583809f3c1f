/** Access control beyond the resource engine (issue 4): the menu tree, a role's menus, a user's password reset. */
import { MenuTreeNode, ResetPasswordResult, RoleMenus, resetPasswordInput, roleMenusInput } from '../access';
import { z } from 'zod';
import { IdParams } from './common';
import { endpoint, json } from './endpoint';

const tag = 'platform-system';

export const access = {
  menuTree: endpoint({
    method: 'GET',
    path: '/platform-system/menu/tree',
    operationId: 'getMenuTree',
    tag,
    auth: 'bearer',
    permission: 'platform:menu:view',
    summary: 'The whole menu tree (catalogues, menus, buttons, tabs), names in the request language',
    answer: json(z.array(MenuTreeNode)),
  }),
  roleMenus: endpoint({
    method: 'GET',
    path: '/platform-system/role/:id/menus',
    operationId: 'getRoleMenus',
    tag,
    auth: 'bearer',
    permission: 'platform:role:assign-permission',
    summary: 'The menu tree and the menus, buttons and tabs a role holds',
    params: IdParams,
    answer: json(RoleMenus),
  }),
  setRoleMenus: endpoint({
    method: 'PUT',
    path: '/platform-system/role/:id/menus',
    operationId: 'setRoleMenus',
    tag,
    auth: 'bearer',
    permission: 'platform:role:assign-permission',
    summary: "Replaces a role's menus, buttons and tabs (each granted node's ancestors are granted too)",
    description:
      'The whole set: menus left out are taken away. Ids not in the tree are ignored. Answers the ids granted (`tree` empty).',
    params: IdParams,
    body: roleMenusInput,
    labels: { menuIds: 'role.menuIds' },
    answer: json(RoleMenus),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/platform-system/app-user/:id/reset-password',
    operationId: 'resetUserPassword',
    tag,
    auth: 'bearer',
    permission: 'platform:user:reset-password',
    summary: "Sets a user's password (given, or a generated temporary one answered once) and ends the user's sessions",
    params: IdParams,
    body: resetPasswordInput,
    labels: { password: 'user.password' },
    answer: json(ResetPasswordResult),
  }),
};
