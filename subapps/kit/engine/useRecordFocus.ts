import { useEffect, useState } from 'react';
import { endpointsOf } from '../../../model/contract';
import type { ResourceDef } from '../../../model/engine';
import { useApi } from '../api';
import { recordIdOf, useRoutePath } from '../routePath';
import type { Filters } from './useResourceList';

/**
 * A screen opened at a record (`<screen path>/<id>`, as the shell's search opens it): the list is
 * searched by that record's code and the record selected. Null filters: no record named, or not one
 * the user may read (the get answers 404 and the list stays whole).
 */
export function useRecordFocus(def: ResourceDef, apply: (filters: Filters, id: string) => void): Filters | null {
  const api = useApi();
  const recordId = recordIdOf(useRoutePath());
  const [filters, setFilters] = useState<Filters | null>(null);
  useEffect(() => {
    if (!recordId) return;
    let live = true;
    api
      .call(endpointsOf(def).get, { params: { id: recordId }, showError: false })
      .then((row) => {
        const code = (row as Record<string, unknown>)[def.codeField];
        if (!live || typeof code !== 'string' || !code) return;
        const next = { [def.codeField]: code };
        setFilters(next);
        apply(next, row.id);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Once per record: `apply` is a fresh closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, def, recordId]);
  return filters;
}
