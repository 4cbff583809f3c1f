/** Outbound webhooks (issue 26): a tenant's endpoints, their secrets and delivery log. */
import {
  WEBHOOK_FIELD_LABELS as labels,
  WEBHOOK_PERMISSIONS as P,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookSecret,
  deliveryQuery,
  webhookInput,
} from '../webhook';
import { IdParams, IdsBody, Nothing, pageOf } from './common';
import { endpoint, json } from './endpoint';

const tag = 'webhook';
const BASE = '/platform-system/webhook';

export const webhooks = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    operationId: 'listWebhooks',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: "The tenant's webhook endpoints (never their secrets)",
    answer: json(WebhookEndpointList),
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    operationId: 'createWebhook',
    tag,
    auth: 'bearer',
    permission: P.add,
    summary: 'Registers an endpoint; answers its signing secret, shown this once',
    description:
      'A target resolving to an internal address (loopback, private, link-local, CGNAT, unique-local) answers 400 naming `url`, unless the operator allows it (WEBHOOK_ALLOW_PRIVATE).',
    body: webhookInput,
    labels,
    answer: json(WebhookSecret),
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    operationId: 'updateWebhook',
    tag,
    auth: 'bearer',
    permission: P.edit,
    summary: "Changes an endpoint's name, address, events or whether it is enabled (the secret stays)",
    params: IdParams,
    body: webhookInput,
    labels,
    answer: json(WebhookEndpoint),
  }),
  renewSecret: endpoint({
    method: 'POST',
    path: `${BASE}/:id/secret`,
    operationId: 'renewWebhookSecret',
    tag,
    auth: 'bearer',
    permission: P.edit,
    summary: 'Replaces the signing secret; answers the new one, shown this once',
    params: IdParams,
    answer: json(WebhookSecret),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: BASE,
    operationId: 'deleteWebhooks',
    tag,
    auth: 'bearer',
    permission: P.remove,
    summary: 'Deletes endpoints with their delivery logs',
    body: IdsBody,
    answer: json(Nothing),
  }),
  deliveries: endpoint({
    method: 'GET',
    path: `${BASE}/:id/delivery`,
    operationId: 'listWebhookDeliveries',
    tag,
    auth: 'bearer',
    permission: P.view,
    summary: "An endpoint's deliveries, newest first: status, attempts, the receiver's last answer, the next attempt",
    params: IdParams,
    query: deliveryQuery,
    answer: json(pageOf(WebhookDelivery)),
  }),
  resend: endpoint({
    method: 'POST',
    path: `${BASE}/delivery/:id/resend`,
    operationId: 'resendWebhookDelivery',
    tag,
    auth: 'bearer',
    permission: P.edit,
    summary:
      'Sends a delivery again (the same id and body, a new signature); it is retried for another day if it fails',
    params: IdParams,
    answer: json(WebhookDelivery),
  }),
};
