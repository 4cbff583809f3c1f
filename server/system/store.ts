/** The interface log's SQL: one slow or failed API call, for its tenant's screen. */
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { withTenant } from '../db/tenant-scope';

export interface InterfaceLogEntry {
  tenantId: string;
  method: string;
  path: string;
  status: number;
  callState: 'error' | 'slow';
  durationMs: number;
  /** What was thrown, where, and when (a failed call). */
  error: { at: Date; className: string; method: string | null; line: number | null; message: string } | null;
  userId: string;
  apiKeyName: string | null;
}

export async function writeInterfaceLog(db: Kysely<DB>, entry: InterfaceLogEntry): Promise<void> {
  await withTenant(entry.tenantId, () =>
    db
      .insertInto('interface_log')
      .values({
        tenant_id: entry.tenantId,
        method: entry.method,
        path: entry.path,
        status: entry.status,
        call_state: entry.callState,
        duration_ms: entry.durationMs,
        error_at: entry.error?.at ?? null,
        error_class: entry.error?.className ?? null,
        error_method: entry.error?.method ?? null,
        error_line: entry.error?.line ?? null,
        message: entry.error?.message ?? null,
        created_by: entry.userId,
        api_key_name: entry.apiKeyName,
      })
      .execute(),
  );
}
