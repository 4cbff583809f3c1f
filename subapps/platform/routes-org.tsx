import type { RouteTable } from '../kit/routing';

/** Screens of tenants, factories, organisations, staff, departments, configuration, app registry and logs (issue 4). */
export const ORG_ROUTES: RouteTable = {};
