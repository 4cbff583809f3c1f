/** The calls of issue 4 beyond the resource engine: the menu tree, a role's menu permissions, a user's password reset. */
import { z } from 'zod';
import { Uuid } from './contract/common';
import { PASSWORD_PATTERN } from './resources/user';

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
export const MenuTreeNode: z.ZodType<MenuTreeNode> = z
  .object({
    id: Uuid,
    code: z.string(),
    type: z.enum(['catalogue', 'menu', 'button', 'tab']),
    name: z.string().meta({ description: 'In the request language' }),
    perms: z.string().nullable(),
    path: z.string().nullable(),
    icon: z.string().nullable(),
    sort: z.number().int(),
    terminalType: z.enum(['web', 'app']),
    get children() {
      return z.array(MenuTreeNode);
    },
  })
  .meta({ id: 'MenuTreeNode' });

/** A role's menus: the whole tree and the ids the role holds (after a save: the ids granted, no tree). */
export const RoleMenus = z
  .object({
    tree: z.array(MenuTreeNode),
    menuIds: z.array(Uuid),
  })
  .meta({ id: 'RoleMenus' });
export type RoleMenus = z.infer<typeof RoleMenus>;

/** The menus, buttons and tabs a role is to hold (ancestors are granted with them; unknown ids are ignored). */
export const roleMenusInput = z.object({
  menuIds: z
    .array(z.string().regex(/^[0-9a-fA-F-]{36}$/, { error: 'validation.reference' }), { error: 'validation.required' })
    .max(5000, { error: 'validation.tooMany' }),
});
export type RoleMenusInput = z.input<typeof roleMenusInput>;

/** A given password, or none (empty) for a generated temporary one. */
export const resetPasswordInput = z.object({
  password: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().regex(new RegExp(PASSWORD_PATTERN.source), { error: PASSWORD_PATTERN.key }).optional(),
  ),
});
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

/** The generated temporary password, answered once; null when the caller gave one. */
export const ResetPasswordResult = z
  .object({ temporaryPassword: z.string().nullable() })
  .meta({ id: 'ResetPasswordResult' });
export type ResetPasswordResult = z.infer<typeof ResetPasswordResult>;
