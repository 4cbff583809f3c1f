/**
 * History of a tenant's wording overrides (issue 25): one entry per changed key (`namespace:key`),
 * its fields the languages whose override changed (null: the shipped text applies).
 */
import type { AuditAction } from '../../model/audit';
import type { Language } from '../../model/languages';
import { TRANSLATION_HISTORY } from '../../model/helper';
import type { HistoryInput } from '../audit/write';

export const TRANSLATION_ENTITY = TRANSLATION_HISTORY.entity;
export const LANGUAGES_ENTITY = TRANSLATION_HISTORY.languagesEntity;
export const LANGUAGES_RECORD = TRANSLATION_HISTORY.languagesRecord;

export interface OverrideChange {
  namespace: string;
  key: string;
  language: Language;
  before: string | null;
  after: string | null;
}

export function translationEntries(action: AuditAction, changes: readonly OverrideChange[]): HistoryInput[] {
  const byKey = new Map<string, HistoryInput>();
  for (const c of changes) {
    if (c.before === c.after) continue;
    const id = `${c.namespace}:${c.key}`;
    let entry = byKey.get(id);
    if (!entry)
      byKey.set(id, (entry = { action, entity: TRANSLATION_ENTITY, recordId: id, recordCode: id, changes: [] }));
    (entry.changes as { field: string; before: string | null; after: string | null }[]).push({
      field: c.language,
      before: c.before,
      after: c.after,
    });
  }
  return [...byKey.values()];
}
