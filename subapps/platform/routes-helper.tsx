import { lazy } from 'react';
import type { RouteTable } from '../kit/routing';

// Each screen loads when it is opened: the app's first page does not wait for the others.
const LanguagesPage = lazy(() => import('./helper/LanguagesPage').then((m) => ({ default: m.LanguagesPage })));
const ServicesPage = lazy(() => import('./helper/ServicesPage').then((m) => ({ default: m.ServicesPage })));
const ApplyMenuPage = lazy(() => import('./helper/ApplyMenuPage').then((m) => ({ default: m.ApplyMenuPage })));

/** Helper screens (issue 12). */
export const HELPER_ROUTES: RouteTable = {
  '/helper/language': LanguagesPage,
  '/helper/services': ServicesPage,
  '/helper/apply-menu': ApplyMenuPage,
};
