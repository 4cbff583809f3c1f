import { useMemo } from 'react';
import type { ResourceDef, ResourceRow } from '../../../model/engine';
import { operationsOf } from '../../../model/contract';
import { usePagedList, type PagedList, type Sort } from '../usePagedList';

export type { Filters, Sort } from '../usePagedList';

/**
 * One resource's list: the kit's paged list on the definition's list operation (the engine's, or
 * its feature's own, model/contract/operations.ts), under the path parameters `params`.
 */
export function useResourceList(
  def: ResourceDef,
  initialSort: Sort | null,
  options: { initialSize?: number; params?: Record<string, string> } = {},
): PagedList<ResourceRow> {
  const ops = useMemo(() => operationsOf(def), [def]);
  return usePagedList(ops.list, {
    initialSort,
    initialSize: options.initialSize ?? 20,
    params: options.params,
    paged: ops.paged,
    sorts: ops.sorts,
  }) as PagedList<ResourceRow>;
}
