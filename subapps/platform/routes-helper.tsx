import type { RouteTable } from '../kit/routing';
import { LanguagesPage } from './helper/LanguagesPage';

/** Helper screens (issue 12). */
export const HELPER_ROUTES: RouteTable = {
  '/helper/language': LanguagesPage,
};
