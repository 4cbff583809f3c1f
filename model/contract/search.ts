/** Search everywhere (issue 24): one route over the menu and the records the caller may read. */
import { SEARCH_GROUP_SIZE, SearchResult, searchQuery } from '../search';
import { endpoint, json } from './endpoint';

export const search = {
  everywhere: endpoint({
    method: 'GET',
    path: '/platform-system/search',
    operationId: 'searchEverywhere',
    tag: 'search',
    auth: 'bearer',
    permission: null,
    summary: 'Menu entries and records matching a text',
    description: `Menu entries of the caller's menu whose name in any language contains q; then, per resource whose view permission the caller holds and whose screen is in the caller's menu, records of the caller's scope (tenant, factory, data permission) whose code or name starts with q (case-insensitive for Latin letters). At most ${SEARCH_GROUP_SIZE} per group.`,
    query: searchQuery,
    labels: { q: 'search.query' },
    answer: json(SearchResult),
  }),
};
