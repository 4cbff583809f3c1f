import { menu, role, user } from '../../model/resources';
import type { RouteTable } from '../kit/routing';
import { resourceScreen } from '../kit/engine/screen';
import { menuOverrides, roleOverrides, userOverrides } from './access/overrides';

/** Screens of users, roles and menus (issue 4). */
export const ACCESS_ROUTES: RouteTable = {
  '/platform/user': resourceScreen(user, userOverrides),
  '/platform/role': resourceScreen(role, roleOverrides),
  '/platform/menu': resourceScreen(menu, menuOverrides),
};
