/** The changed fields of a record, as history keeps them: JSON values, secrets never. */
import type { AuditChange, AuditValue } from '../../model/audit';

/** Characters jsonb refuses (NUL) or that may be unpaired surrogates: most text has none, and is kept as it is. */
const SUSPECT = /[\u0000\ud800-\udfff]/;

/** A value as JSON history stores it: dates as ISO text, no NUL characters (jsonb refuses them). */
export function auditValue(v: unknown): AuditValue {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (typeof v === 'string')
    return SUSPECT.test(v)
      ? v
          .replace(/\u0000/g, '')
          .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
      : v;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return v.map(auditValue);
  if (Buffer.isBuffer(v)) return null;
  if (typeof v === 'object') {
    const out: Record<string, AuditValue> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) if (x !== undefined) out[k] = auditValue(x);
    return out;
  }
  return String(v);
}

const same = (a: unknown, b: unknown) => JSON.stringify(auditValue(a)) === JSON.stringify(auditValue(b));

export interface DiffOptions {
  /** Fields whose values are never stored: only that they changed. */
  secrets?: readonly string[];
  /** Fields left out (bookkeeping such as `updatedAt`). */
  ignore?: readonly string[];
  /** Only these fields, in this order (instead of the keys of either side in the order first seen). */
  fields?: readonly string[];
}

/** Receives each changed field; a secret's values are null. */
export type ChangeSink = (field: string, before: AuditValue, after: AuditValue, secret: boolean) => void;

const BOOKKEEPING = new Set([
  'id',
  'tenantId',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'tenant_id',
  'created_at',
  'updated_at',
  'created_by',
  'updated_by',
  'version',
]);
const NO_SECRETS: ReadonlySet<string> = new Set();

function keysOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  opts: DiffOptions,
): string[] {
  const extra = opts.ignore ? new Set(opts.ignore) : null;
  const skip = (k: string) => BOOKKEEPING.has(k) || (extra !== null && extra.has(k));
  if (opts.fields)
    return opts.fields.filter((k) => !skip(k) && ((before !== null && k in before) || (after !== null && k in after)));
  return [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => !skip(k));
}

/**
 * The fields that differ between `before` and `after` (null before: a creation, every set field;
 * null after: a deletion, every field it had), handed to `emit` one by one.
 */
export function diffInto(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  opts: DiffOptions,
  emit: ChangeSink,
): void {
  const secrets = opts.secrets ? new Set(opts.secrets) : NO_SECRETS;
  const keys = keysOf(before, after, opts);
  // A creation: every field it was given (no comparison needed; imports make 100,000 of these).
  if (before === null && after !== null) {
    for (const k of keys) {
      const a = after[k];
      if (a === null || a === undefined) continue;
      if (secrets.has(k)) emit(k, null, null, true);
      else emit(k, null, auditValue(a), false);
    }
    return;
  }
  for (const k of keys) {
    const b = before ? before[k] : undefined;
    const a = after ? after[k] : undefined;
    if (after && before && !(k in after)) continue; // an update that does not name a field leaves it
    const bv = b === undefined ? null : b;
    const av = a === undefined ? null : a;
    if (secrets.has(k)) {
      if (!same(bv, av) || (before === null && av !== null)) emit(k, null, null, true);
      continue;
    }
    if (same(bv, av)) continue;
    emit(k, auditValue(bv), auditValue(av), false);
  }
}

/** `diffInto`'s changes as a list. Keys of either side, in the order first seen (or `opts.fields`). */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  opts: DiffOptions = {},
): AuditChange[] {
  const out: AuditChange[] = [];
  diffInto(before, after, opts, (field, b, a, secret) => {
    out.push(secret ? { field, before: null, after: null, secret: true } : { field, before: b, after: a });
  });
  return out;
}
