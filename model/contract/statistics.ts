/** Visit statistics over the access records the shell sends (SPEC §2). */
import { VISIT_PERMISSION, VisitStatistics, visitQuery } from '../statistics';
import { endpoint, json } from './endpoint';

export const statistics = {
  visits: endpoint({
    method: 'GET',
    path: '/platform-system/visit/statistics',
    operationId: 'getVisitStatistics',
    tag: 'statistics',
    auth: 'bearer',
    permission: VISIT_PERMISSION,
    summary: 'Visits per hour, day or month, and the Top N visitors and menus (current factory when one is chosen)',
    description: "Buckets follow the client's time zone (`X-Timezone-Offset`).",
    query: visitQuery,
    answer: json(VisitStatistics),
  }),
};
