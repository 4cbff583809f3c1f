import { lazy } from 'react';
import type { RouteTable } from '../kit/routing';
import { Dictionaries } from './pages/Dictionaries';
import { ACCESS_ROUTES } from './routes-access';
import { ORG_ROUTES } from './routes-org';
import { CONTENT_ROUTES } from './routes-content';
import { FLOW_ROUTES } from './routes-flow';
import { HELPER_ROUTES } from './routes-helper';
import { SYSTEM_ROUTES } from './routes-system';
import { SECURITY_ROUTES } from './routes-security';
// Charts are heavy: the statistics page loads when it is opened.
const VisitStatistics = lazy(() => import('./pages/VisitStatistics').then((m) => ({ default: m.VisitStatistics })));

/** Every screen of the platform app but the workbench, which the app's first paint carries alone. */
export const PLATFORM_ROUTES: RouteTable = {
  ...ACCESS_ROUTES,
  ...ORG_ROUTES,
  ...CONTENT_ROUTES,
  ...FLOW_ROUTES,
  ...HELPER_ROUTES,
  ...SYSTEM_ROUTES,
  ...SECURITY_ROUTES,
  '/platform/dict': Dictionaries,
  '/system/visit-statistics': VisitStatistics,
};
