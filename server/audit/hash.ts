/**
 * The hash of a history entry: sha256 over the previous entry's hash and a canonical JSON of the
 * entry's content (keys sorted at every level, no spaces). The sequence number is not hashed: an
 * entry's place is carried by `prev_hash`, so moving an intact entry shows as a broken link
 * ("order") and editing one as a wrong hash ("hash").
 */
import crypto from 'node:crypto';
import type { AuditChange, AuditEntry } from '../../model/audit';
import type { BatchChanges } from './batch';

export const GENESIS_HASH = '0'.repeat(64);

/**
 * What the hash covers: the entry as the API answers it, and its tenant; for a batch row (migration
 * 037) its packed records with their ids.
 */
export type HashedContent = Omit<AuditEntry, 'changes'> & {
  tenantId: string;
  changes: AuditEntry['changes'] | BatchChanges;
};

/** JSON with keys sorted at every level and undefined members left out (written for speed: imports hash 100,000 entries). */
export function canonical(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + canonical(v[i]);
    return `${out}]`;
  }
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).sort();
  let out = '{';
  let first = true;
  for (const k of keys) {
    const x = o[k];
    if (x === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(k)}:${canonical(x)}`;
    first = false;
  }
  return `${out}}`;
}

/** `canonical(changes)`, each change's keys (after, before, field, secret) written in their sorted order. */
function canonicalChanges(changes: readonly AuditChange[] | unknown): string {
  if (!Array.isArray(changes)) return canonical(changes);
  let out = '[';
  for (let i = 0; i < changes.length; i++) {
    const c = changes[i] as Record<string, unknown>;
    const keys = Object.keys(c);
    const plain = keys.every((k) => k === 'after' || k === 'before' || k === 'field' || k === 'secret');
    let one: string;
    if (!plain) one = canonical(c);
    else {
      const parts: string[] = [];
      if (c.after !== undefined) parts.push(`"after":${canonical(c.after)}`);
      if (c.before !== undefined) parts.push(`"before":${canonical(c.before)}`);
      if (c.field !== undefined) parts.push(`"field":${canonical(c.field)}`);
      if (c.secret !== undefined) parts.push(`"secret":${canonical(c.secret)}`);
      one = `{${parts.join(',')}}`;
    }
    out += (i ? ',' : '') + one;
  }
  return `${out}]`;
}

/** Whether `v` holds an object anywhere (whose keys JSON.stringify would not sort). */
function hasObject(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (!Array.isArray(v)) return true;
  for (const x of v) if (hasObject(x)) return true;
  return false;
}

/** `canonical(changes)` of a batch row: its arrays of plain values written by JSON.stringify, which gives the same text faster. */
function canonicalBatch(b: BatchChanges): string {
  let out = `{"fields":${canonical(b.fields)},${b.ids ? `"ids":${canonical(b.ids)},` : ''}"records":[`;
  for (let i = 0; i < b.records.length; i++) {
    const r = b.records[i];
    out += (i ? ',' : '') + (hasObject(r) ? canonical(r) : JSON.stringify(r));
  }
  return `${out}]}`;
}

const isBatch = (v: unknown): v is BatchChanges =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length === ((v as BatchChanges).ids ? 3 : 2) &&
  Array.isArray((v as BatchChanges).fields) &&
  Array.isArray((v as BatchChanges).records);

/** The canonical JSON of an entry's content: `canonical(content)`, its known keys written directly in sorted order. */
export function canonicalContent(c: HashedContent, changes = changesText(c.changes)): string {
  const s = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));
  return (
    `{"action":${s(c.action)},"apiKeyName":${s(c.apiKeyName)},"at":${s(c.at)},"changes":${changes},"entity":${s(c.entity)},` +
    `"factoryId":${s(c.factoryId)},"id":${s(c.id)},"importJobId":${s(c.importJobId)},"ip":${s(c.ip)},"operationId":${s(c.operationId)},` +
    `"recordCode":${s(c.recordCode)},"recordId":${s(c.recordId)},"signature":${canonical(c.signature)},"tenantId":${s(c.tenantId)},` +
    `"userId":${s(c.userId)},"userName":${s(c.userName)}}`
  );
}

/**
 * The canonical JSON of an entry's content around its time: what goes before the time's text and what
 * after it, so that the database, which decides the time of an entry chained where its chain stands,
 * hashes the same text (`canonicalContent` with `at` between the two).
 */
export function canonicalAroundTime(c: Omit<HashedContent, 'at'>, changes?: string): [string, string] {
  const whole = canonicalContent({ ...c, at: '' }, changes);
  const at = whole.indexOf(',"at":""') + ',"at":"'.length;
  return [whole.slice(0, at), whole.slice(at)];
}

// One-shot hashing (Node 20.12+) is several times faster than a Hash object per entry; an import hashes 100,000.
const oneShot = (crypto as unknown as { hash?: (algorithm: string, data: string) => string }).hash;
const sha256 = (data: string) =>
  oneShot ? oneShot('sha256', data) : crypto.createHash('sha256').update(data).digest('hex');

/** The canonical JSON of an entry's changes: also valid JSON to store them with. */
export function changesText(changes: HashedContent['changes']): string {
  return isBatch(changes) ? canonicalBatch(changes) : canonicalChanges(changes);
}

/** `changes`: the entry's changesText when the caller has it already. */
export function entryHash(prevHash: string, content: HashedContent, changes?: string): string {
  return sha256(`${prevHash}\n${canonicalContent(content, changes)}`);
}
