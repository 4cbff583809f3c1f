import { z } from 'zod';
import { Uuid } from './contract/common';
import type { MenuNode as MenuNodeShape, PermissionNode as PermissionNodeShape } from './menu-tree';

export { findMenuByPath, menuPaths, menuPermissions, type MenuType, type TerminalType } from './menu-tree';

/** A button or tab permission under a menu (SPEC §3 buttonChildren / tabChildren). */
export const PermissionNode = z
  .object({
    id: Uuid,
    functionName: z.string(),
    perms: z.string().meta({ description: 'The permission code, e.g. `platform:dict:add`' }),
  })
  .meta({ id: 'MenuPermissionNode' });
export type PermissionNode = PermissionNodeShape;

/** One node of the menu tree answered by `function/routes` (SPEC §3). */
export type MenuNode = MenuNodeShape;
export const MenuNode: z.ZodType<MenuNode> = z
  .object({
    id: Uuid,
    functionName: z.string(),
    path: z
      .string()
      .meta({ description: 'Route path without the language segment, e.g. `/platform/dict`; empty for catalogues' }),
    type: z.enum(['catalogue', 'menu']),
    icon: z.string().nullable(),
    productType: z.string(),
    productTypeName: z.string(),
    hasAuth: z.boolean(),
    get children() {
      return z.array(MenuNode);
    },
    buttonChildren: z.array(PermissionNode),
    tabChildren: z.array(PermissionNode),
  })
  .meta({ id: 'MenuNode' });

// The plain shape and the schema describe one thing: a change to either that the other lacks fails here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type PermissionNodeChecked = Holds<Same<z.infer<typeof PermissionNode>, PermissionNodeShape>>;
