import { useEffect, useState } from 'react';
import type { ChildBridge } from '../../../bridge/child';
import { useBridge, useBridgeContext } from '../../../bridge/react';
import { endpointsOf } from '../../../model/contract';
import {
  LIST_MAX_SIZE,
  type DictField,
  type RefOption,
  type RefOptionsQuery,
  type ResourceDef,
  type ResourceRow,
} from '../../../model/engine';
import { resourceByName } from '../../../model/resources';
import { bridgeClient } from '../api';

/** How many options a searchable select loads per search. */
export const OPTION_PAGE = 30;

/**
 * Options of a ref, refs or dict field: `GET <resource>/options/<field>` (model/engine/api.ts),
 * read with the screen's own permission. A dict field's options are its dictionary's items, the
 * stored value as `code`.
 */
export function loadOptions(
  bridge: ChildBridge,
  def: ResourceDef,
  fieldKey: string,
  query: RefOptionsQuery,
): Promise<RefOption[]> {
  if (def.served === 'feature') return rowsAsOptions(bridge, def, fieldKey, query);
  const q: RefOptionsQuery = { size: query.size ?? OPTION_PAGE };
  if (query.q) q.q = query.q;
  if (query.ids) q.ids = query.ids;
  return bridgeClient(bridge).call(endpointsOf(def).options, {
    params: { field: fieldKey },
    query: q,
    showError: false,
  });
}

/**
 * A feature serves its own routes and no options route: a reference's options are the referenced
 * resource's rows, read with the user's own permission on them (the first LIST_MAX_SIZE, matched here).
 */
async function rowsAsOptions(
  bridge: ChildBridge,
  def: ResourceDef,
  fieldKey: string,
  query: RefOptionsQuery,
): Promise<RefOption[]> {
  const f = def.fields[fieldKey];
  const target = f && (f.kind === 'ref' || f.kind === 'refs') ? resourceByName(f.resource) : undefined;
  if (!target) return [];
  const page = await bridgeClient(bridge).call(endpointsOf(target).list, {
    query: { page: 1, size: LIST_MAX_SIZE },
    showError: false,
  });
  const options = (page.records as ResourceRow[]).map((r) => ({
    id: r.id,
    code: String(r[target.codeField] ?? ''),
    name: String(r[target.displayField] ?? ''),
  }));
  const ids = query.ids ? new Set(query.ids.split(',')) : null;
  const q = query.q?.toLowerCase();
  return options
    .filter((o) => (!ids || ids.has(o.id)) && (!q || `${o.code} ${o.name}`.toLowerCase().includes(q)))
    .slice(0, query.size ?? OPTION_PAGE);
}

export const optionLabel = (o: RefOption) =>
  o.code && o.name && o.code !== o.name ? `${o.code} ${o.name}` : o.name || o.code;

/** Dictionary items are few and change rarely: one load per type and minute is plenty. */
const DICT_TTL_MS = 60_000;
const dictCache = new Map<string, { at: number; items: Promise<RefOption[]> }>();

/** The items of a dict field's tenant dictionary as options (`code` = stored value, `name` = label); [] when unavailable. */
export function loadDictItems(bridge: ChildBridge, def: ResourceDef, fieldKey: string): Promise<RefOption[]> {
  const key = `${bridge.context.factoryId ?? ''}|${def.name}|${fieldKey}`;
  const hit = dictCache.get(key);
  if (hit && Date.now() - hit.at < DICT_TTL_MS) return hit.items;
  const items = loadOptions(bridge, def, fieldKey, { size: 100 }).catch(() => {
    dictCache.delete(key);
    return [] as RefOption[];
  });
  dictCache.set(key, { at: Date.now(), items });
  return items;
}

/** value → label of every dict field of a definition, loaded once per factory (for table cells). */
export function useDictLabels(def: ResourceDef): Record<string, Map<string, string>> {
  const bridge = useBridge();
  const { factoryId } = useBridgeContext();
  const [labels, setLabels] = useState<Record<string, Map<string, string>>>({});
  useEffect(() => {
    let live = true;
    const dicts = Object.entries(def.fields).filter(
      (e): e is [string, DictField] => e[1].kind === 'dict' && e[1].list !== false,
    );
    void Promise.all(
      dicts.map(async ([k]) => {
        const options = await loadDictItems(bridge, def, k);
        return [k, new Map(options.map((o) => [o.code, o.name]))] as const;
      }),
    ).then((entries) => {
      if (live) setLabels(Object.fromEntries(entries));
    });
    return () => {
      live = false;
    };
  }, [bridge, def, factoryId]);
  return labels;
}
