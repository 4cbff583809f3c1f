/** Outbound webhooks (issue 26): endpoints a tenant registers for events, and their delivery log. */
import { z } from 'zod';
import { Instant, Uuid, pageQuery, requiredText } from './contract/common';

export const WEBHOOK_PERMISSIONS = {
  view: 'platform:webhook:view',
  add: 'platform:webhook:add',
  edit: 'platform:webhook:edit',
  remove: 'platform:webhook:delete',
} as const;

/** The events an endpoint may choose. */
export const WEBHOOK_EVENTS = [
  'alarm.raised',
  'alarm.acknowledged',
  'approval.task.created',
  'approval.task.finished',
  'import.finished',
  'document.released',
  'record.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Headers of each delivery; the signature is `sha256=` + hex HMAC-SHA256(secret, timestamp + "." + body). */
export const WEBHOOK_HEADERS = {
  delivery: 'x-mes-delivery',
  event: 'x-mes-event',
  timestamp: 'x-mes-timestamp',
  signature: 'x-mes-signature',
} as const;

export const WebhookEndpoint = z
  .object({
    id: Uuid,
    name: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    resources: z
      .array(z.string())
      .meta({ description: 'Entities (resource names, e.g. `unit`) whose writes `record.changed` reports' }),
    enabled: z.boolean(),
    createdAt: Instant,
    updatedAt: Instant,
    pending: z.number().int().meta({ description: 'Deliveries waiting to be sent or retried' }),
    failed: z.number().int().meta({ description: 'Deliveries given up on' }),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointList = z
  .object({ records: z.array(WebhookEndpoint), total: z.number().int() })
  .meta({ id: 'WebhookEndpointList' });

/** The answer of creating an endpoint or renewing its secret: the secret, shown this once. */
export const WebhookSecret = z
  .object({
    endpoint: WebhookEndpoint,
    secret: z.string().meta({ description: 'Signs every delivery; shown once, keep it at the receiver' }),
  })
  .meta({ id: 'WebhookSecret' });
export type WebhookSecret = z.infer<typeof WebhookSecret>;

export const webhookInput = z
  .object({
    name: requiredText(64),
    url: requiredText(2000).refine(
      (v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
        } catch {
          return false;
        }
      },
      { error: 'validation.url' },
    ),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: 'validation.option' }), { error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(WEBHOOK_EVENTS.length, { error: 'validation.tooMany' }),
    resources: z
      .array(z.string({ error: 'validation.option' }).regex(/^[a-z][a-z0-9-]{0,63}$/, { error: 'validation.option' }), {
        error: 'validation.option',
      })
      .max(200, { error: 'validation.tooMany' })
      .default([])
      .meta({ description: 'For `record.changed`: the entities (resource names) whose writes are reported' }),
    enabled: z.boolean({ error: 'validation.required' }).default(true),
  })
  .strip()
  .meta({ id: 'WebhookInput' });
export type WebhookInput = z.input<typeof webhookInput>;

export const WebhookDelivery = z
  .object({
    id: Uuid,
    endpointId: Uuid,
    event: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastStatus: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The receiver's latest HTTP status; null before an answer" }),
    lastError: z.string().nullable(),
    occurredAt: Instant,
    lastAttemptAt: Instant.nullable(),
    nextAttemptAt: Instant.nullable().meta({
      description: 'When a pending delivery is tried next; null once delivered or given up',
    }),
    deliveredAt: Instant.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const deliveryQuery = z.object({
  status: z.enum(DELIVERY_STATUSES).optional(),
  ...pageQuery(100).shape,
});

export const WEBHOOK_FIELD_LABELS: Record<string, string> = {
  name: 'webhook.name',
  url: 'webhook.url',
  events: 'webhook.events',
  resources: 'webhook.resources',
  enabled: 'webhook.enabled',
};
