import type { RouteTable } from '../kit/routing';
import { LanguagesPage } from './helper/LanguagesPage';
import { ServicesPage } from './helper/ServicesPage';
import { ApplyMenuPage } from './helper/ApplyMenuPage';

/** Helper screens (issue 12). */
export const HELPER_ROUTES: RouteTable = {
  '/helper/language': LanguagesPage,
  '/helper/services': ServicesPage,
  '/helper/apply-menu': ApplyMenuPage,
};
