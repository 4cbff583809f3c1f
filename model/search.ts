import { z } from 'zod';
import { Uuid } from './contract/common';
import { SEARCH_MAX_LENGTH } from './search-limits';

export { SEARCH_GROUP_SIZE, SEARCH_MAX_LENGTH, recordPath } from './search-limits';

/** Search everywhere (issue 24): menu entries by their name in any language, then records by code or name. */
export const searchQuery = z.object({
  q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH),
});

export const SearchMenuHit = z.object({
  id: Uuid,
  /** The route of the entry (`/basic/material`). */
  path: z.string(),
  /** The entry's name in the caller's language. */
  name: z.string(),
  /** The name that matched, when it is the entry's name in another language. */
  matched: z.string().nullable(),
});
export type SearchMenuHit = z.infer<typeof SearchMenuHit>;

export const SearchRecordHit = z.object({
  id: Uuid,
  code: z.string(),
  name: z.string(),
  /** The screen at that record: the menu path, then the record's id. */
  path: z.string(),
});
export type SearchRecordHit = z.infer<typeof SearchRecordHit>;

export const SearchRecordGroup = z.object({
  /** The resource's name (`material`). */
  resource: z.string(),
  /** The screen's menu entry, in the caller's language. */
  title: z.string(),
  hits: z.array(SearchRecordHit),
});
export type SearchRecordGroup = z.infer<typeof SearchRecordGroup>;

export const SearchResult = z
  .object({
    menus: z.array(SearchMenuHit),
    records: z.array(SearchRecordGroup).meta({ description: 'One group per resource with hits, in menu order' }),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResult>;
