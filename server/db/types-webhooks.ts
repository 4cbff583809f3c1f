/** Tables of migration 031 (outbound webhooks), merged into the database interface of `types.ts`. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookEndpointTable {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  url: string;
  events: string[];
  resources: Generated<string[]>;
  enabled: Generated<boolean>;
  secret: string;
  created_at: GeneratedTimestamp;
  created_by: string | null;
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
}

export interface WebhookDeliveryTable {
  tenant_id: string;
  id: Generated<string>;
  endpoint_id: string;
  event: string;
  data: ColumnType<unknown, string, string>;
  occurred_at: GeneratedTimestamp;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: GeneratedTimestamp;
  give_up_at: GeneratedTimestamp;
  last_attempt_at: Timestamp | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

declare module './types' {
  interface DB {
    webhook_endpoint: WebhookEndpointTable;
    webhook_delivery: WebhookDeliveryTable;
  }
}
