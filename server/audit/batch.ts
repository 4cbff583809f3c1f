/**
 * A chunk of an import's history entries kept in one row (migration 037): the records' ids in one
 * array column, their codes and changes in one compact JSON value, field keys written once. Every
 * record still has its own entry as the API shows it (`unpackRecord`, `itemId`).
 */
import { createHash } from 'node:crypto';
import type { AuditChange, AuditValue } from '../../model/audit';
import type { ChangeSink } from './diff';
import { changesText } from './hash';

/**
 * One record of a batch: `[code, field indexes, afters]`, then its befores (aligned with the
 * indexes) when any is not null, then the indexes of its secret fields (never their values) when it
 * has any. The indexes are null when they are 0, 1, 2 … (all the batch's fields so far, in order): an
 * imported new record, the usual case, carries its values and little else.
 */
export type PackedRecord =
  | [string | null, number[] | null, AuditValue[]]
  | [string | null, number[] | null, AuditValue[], AuditValue[] | null]
  | [string | null, number[] | null, AuditValue[], AuditValue[] | null, number[]];

/** What a batch row stores (as JSON text, in `batch`): its records' ids, in order, once written. */
export interface BatchChanges {
  fields: string[];
  ids?: string[];
  records: PackedRecord[];
}

/** Packs the records of a batch one by one, their changes handed over field by field (a ChangeSink). */
export class BatchPacker {
  readonly changes: BatchChanges = { fields: [], records: [] };
  private readonly index = new Map<string, number>();
  private text: string | null = null;

  /** Adds a record (their ids follow in the same order when written); `fill` hands its changes to the sink it is given. */
  add(recordCode: string | null, fill: (emit: ChangeSink) => void): void {
    this.text = null;
    const idx: number[] = [];
    const after: AuditValue[] = [];
    // Made at the first value that is not null: a new record has none.
    let before: AuditValue[] | null = null;
    let secret: number[] | null = null;
    fill((field, b, a, isSecret) => {
      let i = this.index.get(field);
      if (i === undefined) {
        i = this.changes.fields.push(field) - 1;
        this.index.set(field, i);
      }
      if (b !== null && !before) before = after.map(() => null);
      idx.push(i);
      after.push(a);
      before?.push(b);
      if (isSecret) (secret ??= []).push(i);
    });
    const fields = idx.every((i, o) => i === o) ? null : idx;
    this.changes.records.push(
      secret
        ? [recordCode, fields, after, before, secret]
        : before
          ? [recordCode, fields, after, before]
          : [recordCode, fields, after],
    );
  }

  get size(): number {
    return this.changes.records.length;
  }

  /** The canonical JSON text of the records (made once, ahead of their ids). */
  canonical(): string {
    this.text ??= changesText(this.changes);
    return this.text;
  }

  /** The batch with its records' ids, as an object and as its canonical JSON text (hashed, and stored as it is). */
  withIds(ids: readonly string[]): { changes: BatchChanges; text: string } {
    if (ids.length !== this.size) throw new Error(`a batch of ${this.size} records came with ${ids.length} ids`);
    const text = this.canonical();
    // `{"fields":…,"records":…}` with `"ids":…` between: the keys' sorted order.
    const at = text.indexOf(',"records":');
    return {
      changes: { ...this.changes, ids: [...ids] },
      text: `${text.slice(0, at)},"ids":${JSON.stringify(ids)}${text.slice(at)}`,
    };
  }
}

/** The code and changes of one record of a batch, as its entry shows them. */
export function unpackRecord(
  fields: readonly string[],
  record: PackedRecord | null | undefined,
): { recordCode: string | null; changes: AuditChange[] } {
  if (!record) return { recordCode: null, changes: [] };
  const [code, idx, after, before, secret] = record;
  return {
    recordCode: code,
    changes: after.map((a, o) => {
      const i = idx ? idx[o]! : o;
      return secret?.includes(i)
        ? { field: fields[i]!, before: null, after: null, secret: true as const }
        : { field: fields[i]!, before: before?.[o] ?? null, after: a ?? null };
    }),
  };
}

/**
 * The id of the `n`th (1-based) record's entry of a batch row: `md5(batch id || ':' || n)` as a uuid,
 * the same as the `audit_trail` view computes.
 */
export function itemId(batchId: string, n: number): string {
  const h = createHash('md5').update(`${batchId}:${n}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * The key a record's id is found by in the GIN index on `record_keys` (FNV-1a, 32 bits): small keys
 * are several times cheaper to index than the ids themselves. Keys may collide; the ids decide.
 */
export function recordKey(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}
