import type { TFunction } from 'i18next';
import { ApiError } from '../../../bridge/child';
import type { ConflictData, ReferencedData, ResourceDef } from '../../../model/engine';
import { labelOfPath, resourceTitle } from './labels';

const isConflict = (d: unknown): d is ConflictData =>
  typeof d === 'object' && d !== null && typeof (d as ConflictData).field === 'string' && 'value' in d;
const isReferenced = (d: unknown): d is ReferencedData =>
  typeof d === 'object' && d !== null && Array.isArray((d as ReferencedData).references);

/** A duplicate's field and the message naming the field and the value taken, or null. */
export function conflictOf(t: TFunction, def: ResourceDef, e: unknown): { field: string; message: string } | null {
  if (!(e instanceof ApiError) || e.code !== 409 || !isConflict(e.data)) return null;
  const { field, value } = e.data;
  return {
    field,
    message: t('common:resource.duplicate', { field: labelOfPath(t, def, field), value: String(value) }),
  };
}

/** What to tell the user about a failed call: who still refers to rows, a duplicate, or the server's message. */
export function describeError(t: TFunction, def: ResourceDef, e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === 409 && isReferenced(e.data) && e.data.references.length > 0) {
      const list = e.data.references
        .map((r) => t('common:resource.referencedBy', { resource: resourceTitle(t, r.resource), count: r.count }))
        .join(', ');
      return t('common:resource.referenced', { list });
    }
    const conflict = conflictOf(t, def, e);
    if (conflict) return conflict.message;
    return e.msg || e.message;
  }
  return e instanceof Error ? e.message : String(e);
}
