/**
 * Verifies a tenant's chain of history entries (issue 25): from the first entry kept after retention
 * to the head, each entry must follow the previous one by `seq`, carry its hash as `prev_hash`, and
 * hash to its own `hash`. The first entry that does not is named.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditChange, AuditSignature, AuditVerify } from '../../model/audit';
import { recordKey, type BatchChanges } from './batch';
import type { DB } from '../db/types';
import type { AuditEntryTable } from '../db/types-audit';
import { GENESIS_HASH, entryHash, type HashedContent } from './hash';

const PAGE = 5000;

/** An entry as the chain check reads it (the table's columns but its tenant's). */
type StoredEntry = Omit<Selectable<AuditEntryTable>, 'tenant_id'>;

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

export function contentOf(tenantId: string, r: StoredEntry): HashedContent {
  return {
    tenantId,
    id: r.id,
    at: new Date(r.at).toISOString(),
    action: r.action as HashedContent['action'],
    entity: r.entity,
    recordId: r.record_id,
    recordCode: r.record_code,
    factoryId: r.factory_id,
    userId: r.user_id,
    userName: r.user_name,
    apiKeyName: r.api_key_name,
    ip: r.ip,
    operationId: r.operation_id,
    importJobId: r.import_job_id,
    changes: r.batch != null ? (JSON.parse(r.batch) as BatchChanges) : json<AuditChange[]>(r.changes),
    signature: json<AuditSignature | null>(r.signature),
  };
}

function sameKeys(ids: readonly string[], keys: readonly number[] | null): boolean {
  return keys !== null && keys.length === ids.length && ids.every((id, i) => recordKey(id) === Number(keys[i]));
}

/** Runs in the caller's scope: a request's (the tenant's policies) or the owner's (the script). */
export async function verifyChain(db: Kysely<DB>, tenantId: string): Promise<AuditVerify> {
  const head = await db
    .selectFrom('audit_chain')
    .select(['seq', 'hash', 'kept_from_seq', 'anchor_hash'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  let expected = head ? Number(head.kept_from_seq) : 1;
  let prev = head ? head.anchor_hash : GENESIS_HASH;
  let checked = 0;
  let after = expected - 1;
  for (;;) {
    const rows = (
      await sql<StoredEntry>`select seq, id, at, action, entity, record_id, record_code, factory_id, user_id, user_name, api_key_name, ip, operation_id, import_job_id, changes, signature, prev_hash, hash, record_keys, batch
      from audit_entry where tenant_id = ${tenantId} and seq > ${after} order by seq limit ${PAGE}`.execute(db)
    ).rows;
    // Entries at or before the first kept one (a duplicate, or left behind by retention) are out of order too.
    if (checked === 0 && after === expected - 1) {
      const early = (
        await sql<{
          id: string;
          seq: string;
        }>`select id, seq from audit_entry where tenant_id = ${tenantId} and seq <= ${after} order by seq limit 1`.execute(
          db,
        )
      ).rows[0];
      if (early) return { ok: false, checked, firstBroken: { id: early.id, seq: Number(early.seq), reason: 'order' } };
    }
    for (const r of rows) {
      const seq = Number(r.seq);
      if (seq !== expected)
        return { ok: false, checked, firstBroken: { id: r.id, seq, reason: seq > expected ? 'gap' : 'order' } };
      const content = contentOf(tenantId, r);
      if (entryHash(r.prev_hash, content) !== r.hash)
        return { ok: false, checked, firstBroken: { id: r.id, seq, reason: 'hash' } };
      // A batch row's index keys are not hashed, but must be its ids' (or a record's history would miss it).
      const ids = r.batch != null ? ((content.changes as BatchChanges).ids ?? []) : null;
      if (ids && !sameKeys(ids, r.record_keys))
        return { ok: false, checked, firstBroken: { id: r.id, seq, reason: 'hash' } };
      if (r.prev_hash !== prev) return { ok: false, checked, firstBroken: { id: r.id, seq, reason: 'order' } };
      prev = r.hash;
      expected += 1;
      // A batch row (migration 037) holds one entry per record in it.
      checked += ids ? ids.length : 1;
    }
    if (rows.length < PAGE) break;
    after = Number(rows[rows.length - 1]!.seq);
  }
  // Entries missing at the end: the head counted more than are there.
  if (head && Number(head.seq) >= expected)
    return { ok: false, checked, firstBroken: { id: null, seq: expected, reason: 'gap' } };
  if (head && head.hash !== prev && checked > 0)
    return { ok: false, checked, firstBroken: { id: null, seq: expected, reason: 'order' } };
  return { ok: true, checked, firstBroken: null };
}
