import type { RouteTable } from '../kit/routing';

/** Screens of users, roles and menus (issue 4). */
export const ACCESS_ROUTES: RouteTable = {};
