/**
 * Emitting an event: one delivery row per enabled endpoint of the tenant that chose it, written by
 * the caller's connection — inside the transaction of the change it reports, so a change that rolls
 * back sends nothing and a committed one is never lost. The dispatcher sends the rows later.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import { writeAtCommit } from '../db/tenant-scope';
import type { WebhookEvent } from '../../model/webhook';
import type {} from '../db/types-webhooks';

export async function emitEvent(
  db: Kysely<DB>,
  tenantId: string,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  await sql`INSERT INTO webhook_delivery (tenant_id, endpoint_id, event, data)
    SELECT e.tenant_id, e.id, ${event}::text, ${JSON.stringify(data)}::jsonb FROM webhook_endpoint e
    WHERE e.tenant_id = ${tenantId}::uuid AND e.enabled AND ${event}::text = ANY (e.events)`.execute(db);
}

const MAX_IDS = 1000;

/** `record.changed`: a write through the resource engine, for the endpoints that chose its entity. */
export async function emitRecordChanged(
  db: Kysely<DB>,
  tenantId: string,
  change: { resource: string; type: string; ids: readonly string[]; userId: string; factoryId: string | null },
): Promise<void> {
  const data = JSON.stringify({
    resource: change.resource,
    change: change.type,
    ids: change.ids.slice(0, MAX_IDS),
    count: change.ids.length,
    userId: change.userId,
    factoryId: change.factoryId,
  });
  // Sent with the change's COMMIT: nothing in its transaction reads the deliveries.
  await writeAtCommit(
    db,
    sql`INSERT INTO webhook_delivery (tenant_id, endpoint_id, event, data)
    SELECT e.tenant_id, e.id, 'record.changed', ${data}::jsonb FROM webhook_endpoint e
    WHERE e.tenant_id = ${tenantId}::uuid AND e.enabled AND 'record.changed' = ANY (e.events) AND ${change.resource}::text = ANY (e.resources)`,
  );
}
