import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { AUDIT_RETENTION_LABELS, type AuditChange } from '../../../model/audit';
import { resourceByName } from '../../../model/resources';
import type { ResourceRow } from '../../../model/resource';
import { displayValue, fieldLabel } from '../../kit/resource/labels';

/** Label keys (namespace `model`) of the fields of entities the engine does not define. */
const HAND_WRITTEN: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'audit-retention': AUDIT_RETENTION_LABELS,
};

/** Fields shown in the list's cell; the row's detail shows them all. */
const SHOWN = 4;

function parsed(text: unknown): AuditChange[] {
  try {
    const v: unknown = JSON.parse(String(text ?? '[]'));
    return Array.isArray(v) ? (v as AuditChange[]) : [];
  } catch {
    return [];
  }
}

function valueOf(t: TFunction, entity: string, field: string, v: unknown): string {
  const f = resourceByName(entity)?.fields[field];
  if (v === null || v === undefined) return '';
  if (f && f.kind !== 'ref' && f.kind !== 'refs' && f.kind !== 'details' && typeof v !== 'object') return displayValue(t, f, v);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** An audit trail row's changed fields, label: before → after, in the user's language where the entity is known. */
export function AuditChanges({ row }: { row: ResourceRow }) {
  const { t } = useTranslation(['common', 'model']);
  const entity = String(row.entity ?? '');
  const changes = parsed(row.changes);
  const label = (field: string) => {
    const f = resourceByName(entity)?.fields[field];
    if (f) return fieldLabel(t, f);
    const key = HAND_WRITTEN[entity]?.[field];
    return key ? t(`model:${key}`) : field;
  };
  return (
    <div data-testid="audit-changes" style={{ maxWidth: 420 }}>
      {changes.slice(0, SHOWN).map((c) => (
        <div key={c.field} data-field={c.field} style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {label(c.field)}: {c.secret ? t('common:history.secretChanged') : `${valueOf(t, entity, c.field, c.before)} → ${valueOf(t, entity, c.field, c.after)}`}
        </div>
      ))}
      {changes.length > SHOWN && <div style={{ color: 'var(--color-text-3)' }}>{t('common:history.more', { count: changes.length - SHOWN })}</div>}
    </div>
  );
}
