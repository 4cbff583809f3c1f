import { useEffect, useState } from 'react';
import type { ResourceDef, ResourceRow } from '../../../model/engine';
import { recordIdOf, useRoutePath } from '../routePath';
import type { Filters } from './useResourceList';

/**
 * A screen opened at a record (`<screen path>/<id>`, as the shell's search opens it): the list is
 * searched by that record's code and the record selected. Null filters: no record named, none
 * read (`get` null: the screen does not open records by address), or not one the user may read
 * (the get answers 404 and the list stays whole).
 */
export function useRecordFocus(
  def: ResourceDef,
  get: ((id: string) => Promise<ResourceRow>) | null,
  apply: (filters: Filters, id: string) => void,
): Filters | null {
  const recordId = recordIdOf(useRoutePath());
  const [filters, setFilters] = useState<Filters | null>(null);
  const reads = get !== null;
  useEffect(() => {
    if (!recordId || !get) return;
    let live = true;
    get(recordId)
      .then((row) => {
        const code = row[def.codeField];
        if (!live || typeof code !== 'string' || !code) return;
        const next = { [def.codeField]: code };
        setFilters(next);
        apply(next, row.id);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // Once per record: `get` and `apply` are fresh closures on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, recordId, reads]);
  return filters;
}
