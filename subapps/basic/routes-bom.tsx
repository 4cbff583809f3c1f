import { lazy } from 'react';
import type { RouteTable } from '../kit/routing';

const BomPage = lazy(() => import('./bom/BomPage').then((m) => ({ default: m.BomPage })));

/** The BOM screen (issue 7): not a generated screen, a line's key is (parent, serial number). */
export const BOM_ROUTES: RouteTable = {
  '/basic/bom': BomPage,
};
