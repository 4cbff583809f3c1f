/** Reading a record's history (issue 25): the tenant's entries of one record, newest first. */
import type { Kysely } from 'kysely';
import type { AuditAction, AuditEntry } from '../../model/audit';
import type { DB } from '../db/types';
import type {} from '../db/types-audit';
import { contentOf } from './verify';

export interface HistoryScope {
  tenantId: string;
  /** The caller's factory: entries of another factory stay hidden; entries of no factory are shown. */
  factoryId: string | null;
}

/** Read through the index on (tenant_id, entity, record_id, at). */
export async function recordHistory(db: Kysely<DB>, scope: HistoryScope, entity: string, recordId: string, limit: number): Promise<AuditEntry[]> {
  let q = db.selectFrom('audit_entry').selectAll()
    .where('tenant_id', '=', scope.tenantId).where('entity', '=', entity).where('record_id', '=', recordId);
  q = scope.factoryId
    ? q.where((eb) => eb.or([eb('factory_id', 'is', null), eb('factory_id', '=', scope.factoryId)]))
    : q.where('factory_id', 'is', null);
  const rows = await q.orderBy('at', 'desc').orderBy('seq', 'desc').limit(limit).execute();
  return rows.map((r) => {
    const c = contentOf(scope.tenantId, r);
    return {
      id: c.id, at: c.at, action: c.action as AuditAction, entity: c.entity, recordId: c.recordId, recordCode: c.recordCode, factoryId: c.factoryId,
      userId: c.userId, userName: c.userName, apiKeyName: c.apiKeyName, ip: c.ip, operationId: c.operationId, importJobId: c.importJobId,
      changes: c.changes, signature: c.signature,
    };
  });
}
