import { useMemo } from 'react';
import { endpointsOf } from '../../../model/contract';
import type { ResourceDef, ResourceRow } from '../../../model/engine';
import { usePagedList, type PagedList, type Sort } from '../usePagedList';

export type { Filters, Sort } from '../usePagedList';

/** One resource's list (model/engine/api.ts): the kit's paged list on the definition's list operation. */
export function useResourceList(def: ResourceDef, initialSort: Sort | null, initialSize = 20): PagedList<ResourceRow> {
  const list = useMemo(() => endpointsOf(def).list, [def]);
  return usePagedList(list, { initialSort, initialSize });
}
