import type { RouteTable } from '../kit/routing';
import { LanguagesPage } from './helper/LanguagesPage';
import { ServicesPage } from './helper/ServicesPage';

/** Helper screens (issue 12). */
export const HELPER_ROUTES: RouteTable = {
  '/helper/language': LanguagesPage,
  '/helper/services': ServicesPage,
};
