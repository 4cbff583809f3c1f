/**
 * The engine's hooks, one entry per resource that has any, keyed by its definition's name (so a
 * renamed resource keeps its hooks); each resource's hooks live in their own module beside this one.
 */
import type { ResourceDef } from '../../../model/engine';
import { app } from '../../../model/resources/app';
import { department } from '../../../model/resources/department';
import { materialClass } from '../../../model/resources/material-class';
import { menu } from '../../../model/resources/menu';
import { printer } from '../../../model/resources/printer';
import { role } from '../../../model/resources/role';
import { tenant } from '../../../model/resources/tenant';
import { user } from '../../../model/resources/user';
import { menuHooks, roleHooks, userHooks } from './access';
import { printerHooks } from './printer';
import { appHooks, tenantHooks } from './system';
import { treeHooks } from './tree';
import type { ResourceHooks } from './types';

export type { ResourceHooks } from './types';

const HOOKS = new Map<string, ResourceHooks>([
  [printer.name, printerHooks],
  [materialClass.name, treeHooks('resource.materialClass')],
  [department.name, treeHooks('resource.department')],
  [user.name, userHooks],
  [role.name, roleHooks],
  [menu.name, menuHooks],
  [app.name, appHooks],
  [tenant.name, tenantHooks],
]);

export function hooksOf(def: ResourceDef): ResourceHooks {
  return HOOKS.get(def.name) ?? {};
}
