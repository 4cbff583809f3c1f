/** The SQL of webhooks: the tenant's endpoints with their delivery counts, their writes, and the delivery log. */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../db/types';
import type { WebhookDeliveryTable } from '../db/types-webhooks';
import { pageOf, type PageQuery } from '../db/page';

/** An endpoint's columns as its administrators write them. */
export interface EndpointValues {
  name: string;
  url: string;
  events: string[];
  resources: string[];
  enabled: boolean;
}

/** The endpoints of the tenant (one or all), newest first, with their pending and failed counts; never the secret. */
export function endpointRows(db: Kysely<DB>, tenantId: string, id?: string) {
  let q = db
    .selectFrom('webhook_endpoint as e')
    .select(['e.id', 'e.name', 'e.url', 'e.events', 'e.resources', 'e.enabled', 'e.created_at', 'e.updated_at'])
    .select((eb) =>
      (['pending', 'failed'] as const).map((status) =>
        eb
          .selectFrom('webhook_delivery as d')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('d.tenant_id', '=', 'e.tenant_id')
          .whereRef('d.endpoint_id', '=', 'e.id')
          .where('d.status', '=', status)
          .as(status),
      ),
    )
    .where('e.tenant_id', '=', tenantId);
  if (id) q = q.where('e.id', '=', id);
  return q.orderBy('e.created_at', 'desc').orderBy('e.id').execute();
}

export function insertEndpoint(
  trx: Kysely<DB>,
  tenantId: string,
  userId: string,
  values: EndpointValues,
  secret: string,
) {
  return trx
    .insertInto('webhook_endpoint')
    .values({ tenant_id: tenantId, ...values, secret, created_by: userId, updated_by: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The tenant's endpoints of these ids, locked until the caller's transaction ends. */
export function lockEndpoints(trx: Kysely<DB>, tenantId: string, ids: string[]) {
  return trx
    .selectFrom('webhook_endpoint')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

export function updateEndpoint(trx: Kysely<DB>, tenantId: string, id: string, userId: string, values: EndpointValues) {
  return trx
    .updateTable('webhook_endpoint')
    .set({ ...values, updated_at: new Date(), updated_by: userId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Gives an endpoint a new secret; its id and name, or undefined when the tenant has no such endpoint. */
export function renewEndpointSecret(trx: Kysely<DB>, tenantId: string, id: string, userId: string, secret: string) {
  return trx
    .updateTable('webhook_endpoint')
    .set({ secret, updated_at: new Date(), updated_by: userId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(['id', 'name'])
    .executeTakeFirst();
}

export async function deleteEndpoints(trx: Kysely<DB>, tenantId: string, ids: string[]): Promise<void> {
  await trx.deleteFrom('webhook_endpoint').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
}

/** One page of an endpoint's deliveries, newest first, of one status when given. */
export function deliveryPage<T>(
  db: Kysely<DB>,
  tenantId: string,
  endpointId: string,
  status: string | undefined,
  query: PageQuery,
  map: (row: Selectable<WebhookDeliveryTable>) => T,
) {
  let q = db.selectFrom('webhook_delivery').where('tenant_id', '=', tenantId).where('endpoint_id', '=', endpointId);
  if (status) q = q.where('status', '=', status as Selectable<WebhookDeliveryTable>['status']);
  return pageOf(
    query,
    (limit, offset) =>
      q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    () => q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    map,
  );
}

/** Puts a delivery back in the queue, due now, with a fresh day to succeed; undefined when there is no such delivery. */
export function resendDelivery(db: Kysely<DB>, tenantId: string, id: string) {
  return db
    .updateTable('webhook_delivery')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: sql<Date>`now()`,
      give_up_at: sql<Date>`now() + interval '24 hours'`,
      delivered_at: null,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
