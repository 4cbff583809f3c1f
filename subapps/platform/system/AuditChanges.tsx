import { useTranslation } from 'react-i18next';
import { AUDIT_RETENTION_LABELS, type AuditChange } from '../../../model/audit';
import { resourceByName } from '../../../model/resources';
import type { ResourceRow } from '../../../model/engine';
import { historyFormat, type HistoryLabels } from '../../kit/history/values';

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

/**
 * An audit trail row's changed fields, label: before → after, formatted as the History drawer does
 * (without its look-ups: references show as stored, a list loads no options per row).
 */
export function AuditChanges({ row }: { row: ResourceRow }) {
  const { t } = useTranslation(['common', 'model']);
  const entity = String(row.entity ?? '');
  const changes = parsed(row.changes);
  const keys = HAND_WRITTEN[entity];
  const labels: HistoryLabels | undefined = keys && {
    fields: Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, t(`model:${k}`)])),
  };
  const format = historyFormat(t, resourceByName(entity), labels);
  const value = (field: string, v: unknown) => (v === null || v === undefined ? '' : format.value(field, v));
  return (
    <div data-testid="audit-changes" style={{ maxWidth: 420 }}>
      {changes.slice(0, SHOWN).map((c) => (
        <div
          key={c.field}
          data-field={c.field}
          style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {format.label(c.field)}:{' '}
          {c.secret ? t('common:history.secretChanged') : `${value(c.field, c.before)} → ${value(c.field, c.after)}`}
        </div>
      ))}
      {changes.length > SHOWN && (
        <div style={{ color: 'var(--color-text-3)' }}>
          {t('common:history.more', { count: changes.length - SHOWN })}
        </div>
      )}
    </div>
  );
}
