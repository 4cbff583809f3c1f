import type { Page } from '../../model/api';

/** What a list call asks for: a page number counted from 1 and its size. */
export interface PageQuery {
  page: number;
  size: number;
}

/**
 * One page of a list in the API's envelope: `rows` reads the page (the list's order is the
 * caller's), `count` the number of rows the whole list has; the two run together.
 */
export async function pageOf<R, T>(
  query: PageQuery,
  rows: (limit: number, offset: number) => Promise<R[]>,
  count: () => Promise<{ n: string | number | bigint }>,
  map: (row: R) => T,
): Promise<Page<T>> {
  const [list, total] = await Promise.all([rows(query.size, (query.page - 1) * query.size), count()]);
  return { records: list.map(map), total: Number(total.n), page: query.page, size: query.size };
}
