import { apiPath, type ResourceDef } from '../../model/engine';

/** `/api/basic-system/unit` → `/basic-system/unit` (the routes are registered under the /api prefix). */
export const routeBase = (def: ResourceDef) => apiPath(def).replace(/^\/api/, '');
