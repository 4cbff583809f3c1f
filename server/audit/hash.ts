/**
 * The hash of a history entry: sha256 over the previous entry's hash and a canonical JSON of the
 * entry's content (keys sorted at every level, no spaces). The sequence number is not hashed: an
 * entry's place is carried by `prev_hash`, so moving an intact entry shows as a broken link
 * ("order") and editing one as a wrong hash ("hash").
 */
import { createHash } from 'node:crypto';
import type { AuditAction, AuditChange, AuditSignature } from '../../model/audit';

export const GENESIS_HASH = '0'.repeat(64);

/** What the hash covers. */
export interface HashedContent {
  tenantId: string;
  id: string;
  at: string;
  action: AuditAction;
  entity: string;
  recordId: string;
  recordCode: string | null;
  factoryId: string | null;
  userId: string | null;
  userName: string | null;
  apiKeyName: string | null;
  ip: string | null;
  operationId: string | null;
  importJobId: string | null;
  changes: AuditChange[];
  signature: AuditSignature | null;
}

export function canonical(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

export function entryHash(prevHash: string, content: HashedContent): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonical(content)).digest('hex');
}
