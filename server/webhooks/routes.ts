/** Outbound webhooks (issue 26): the tenant's endpoints, their secrets (shown once) and delivery log. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { webhooks } from '../../model/contract/webhooks';
import type { DB } from '../db/types';
import { serve } from '../serve';
import type { WebhookConfig } from './config';
import { WebhookService, type WebhookCall } from './service';

export function webhookRoutes(app: FastifyInstance, opts: { db: Kysely<DB>; config: WebhookConfig }): void {
  const service = (call: WebhookCall) => new WebhookService(opts.db, opts.config, call);

  serve(app, webhooks.list, (call) => service(call).list());
  serve(app, webhooks.create, (call) => service(call).create(call.body));
  serve(app, webhooks.update, (call) => service(call).update(call.params.id, call.body));
  serve(app, webhooks.renewSecret, (call) => service(call).renewSecret(call.params.id));
  serve(app, webhooks.remove, (call) => service(call).remove(call.body.ids));
  serve(app, webhooks.deliveries, (call) => service(call).deliveries(call.params.id, call.query));
  serve(app, webhooks.resend, (call) => service(call).resend(call.params.id));
}
