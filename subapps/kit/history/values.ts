/**
 * How a record's history shows its values (issue 25): field labels from the entity's definition
 * (or the screen's own labels), dictionary values by their labels, references by their codes,
 * secrets only as "changed". Ids a reference no longer resolves stay as stored.
 */
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { AuditEntry } from '../../../model/audit';
import type { FieldDef, ResourceDef } from '../../../model/engine';
import { useBridge } from '../../../bridge/react';
import { displayValue, fieldLabel } from '../engine/labels';
import { loadDictItems, loadOptions, optionLabel } from '../engine/options';

/** What a screen knows of its record's fields when it has no engine definition. */
export interface HistoryLabels {
  /** Field key → label already translated. */
  fields?: Record<string, string>;
  /** Field key → (stored value → label already translated), for enumerations and dictionaries. */
  values?: Record<string, Record<string, string>>;
  /** Field key → how to show its values (long texts such as a diagram's XML). */
  formats?: Record<string, (value: unknown) => string>;
  /** Fields not shown (an id whose code is shown by another field). */
  hidden?: readonly string[];
}

/** Labels of the fields a workflow signature entry writes (`task`, `decision`, `opinion`). */
const SIGN_FIELDS = ['task', 'decision', 'opinion'];

export interface HistoryFormat {
  label(field: string): string;
  value(field: string, value: unknown): string;
}

/** value → label of the dict and ref fields the entries touch, loaded once per set of entries. */
function useLookups(
  def: ResourceDef | undefined,
  entries: readonly AuditEntry[] | null,
): Record<string, Map<string, string>> {
  const bridge = useBridge();
  const [maps, setMaps] = useState<Record<string, Map<string, string>>>({});
  useEffect(() => {
    if (!def || !entries) return;
    let live = true;
    const ids = new Map<string, Set<string>>();
    for (const e of entries) {
      for (const c of e.changes) {
        const f = def.fields[c.field];
        if (!f || c.secret) continue;
        if (f.kind === 'dict') ids.set(c.field, ids.get(c.field) ?? new Set());
        if (f.kind === 'ref' || f.kind === 'refs') {
          const set = ids.get(c.field) ?? new Set<string>();
          for (const v of [c.before, c.after].flat()) if (typeof v === 'string' && v) set.add(v);
          ids.set(c.field, set);
        }
      }
    }
    void Promise.all(
      [...ids.entries()].map(async ([field, set]) => {
        const f = def.fields[field]!;
        if (f.kind === 'dict') {
          const items = await loadDictItems(bridge, def, field);
          return [field, new Map(items.map((o) => [o.code, o.name]))] as const;
        }
        if (set.size === 0) return [field, new Map<string, string>()] as const;
        const options = await loadOptions(bridge, def, field, { ids: [...set].join(','), size: set.size }).catch(
          () => [],
        );
        return [field, new Map(options.map((o) => [o.id, optionLabel(o)]))] as const;
      }),
    ).then((pairs) => {
      if (live) setMaps(Object.fromEntries(pairs));
    });
    return () => {
      live = false;
    };
  }, [bridge, def, entries]);
  return maps;
}

const plain = (v: unknown): string => {
  if (v === null || v === '') return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

function defValue(t: TFunction, f: FieldDef, v: unknown, lookup: Map<string, string> | undefined): string {
  if (v === null || v === '') return '';
  if (f.kind === 'ref') return lookup?.get(String(v)) ?? String(v);
  if (f.kind === 'refs')
    return Array.isArray(v) ? v.map((x) => lookup?.get(String(x)) ?? String(x)).join(', ') : plain(v);
  if (f.kind === 'details') return Array.isArray(v) ? t('common:history.rows', { count: v.length }) : plain(v);
  if (typeof v === 'object') return plain(v);
  return displayValue(t, f, v, lookup);
}

/**
 * The labels and values of entries: engine fields by their definition (`lookups`: value → label of its
 * dict and ref fields), others by the screen's labels. Without lookups references show as stored.
 */
export function historyFormat(
  t: TFunction,
  def: ResourceDef | undefined,
  labels: HistoryLabels | undefined,
  lookups: Record<string, Map<string, string>> = {},
): HistoryFormat {
  return {
    label(field) {
      const f = def?.fields[field];
      if (f) return fieldLabel(t, f);
      if (labels?.fields?.[field]) return labels.fields[field];
      if (SIGN_FIELDS.includes(field)) return t(`common:history.field.${field}`);
      return field;
    },
    value(field, v) {
      const f = def?.fields[field];
      if (f) return defValue(t, f, v, lookups[field]);
      const formatted = labels?.formats?.[field];
      if (formatted) return formatted(v);
      const named = labels?.values?.[field]?.[String(v)];
      if (named !== undefined) return named;
      if (field === 'decision' && typeof v === 'string') return t(`common:history.decision.${v}`, { defaultValue: v });
      return plain(v);
    },
  };
}

export function useHistoryFormat(
  t: TFunction,
  def: ResourceDef | undefined,
  labels: HistoryLabels | undefined,
  entries: readonly AuditEntry[] | null,
): HistoryFormat {
  return historyFormat(t, def, labels, useLookups(def, entries));
}
