/** Outbound webhooks (issue 26): the tenant's endpoints, their secrets (shown once) and delivery log. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { webhooks } from '../../model/contract/webhooks';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_FIELD_LABELS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
} from '../../model/webhook';
import type { DB } from '../db/types';
import type { WebhookDeliveryTable } from '../db/types-webhooks';
import type { Selectable } from 'kysely';
import { ValidatedError, notFound, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { serve } from '../serve';
import { logOperation, requestLine } from '../engine/oplog';
import { callerOf } from '../engine/scope';
import type { WebhookConfig } from './config';
import { checkTarget, TargetRefused } from './targets';
import { newSecret } from './sign';
import { RESOURCES } from '../../model/resources';
import { actorOf, writeHistory } from '../audit/write';
import { recordRows } from '../audit/record';
import {
  deleteEndpoints,
  deliveryPage,
  endpointRows,
  insertEndpoint,
  lockEndpoints,
  renewEndpointSecret,
  resendDelivery,
  updateEndpoint,
  type EndpointValues,
} from './store';

const ENGINE_RESOURCES = new Set(RESOURCES.map((d) => d.name));

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const isEvent = (e: string): e is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(e);

type DeliveryRow = Selectable<WebhookDeliveryTable>;
const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  endpointId: r.endpoint_id,
  event: r.event,
  status: r.status,
  attempts: r.attempts,
  lastStatus: r.last_status,
  lastError: r.last_error,
  occurredAt: iso(r.occurred_at),
  lastAttemptAt: r.last_attempt_at ? iso(r.last_attempt_at) : null,
  nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
  deliveredAt: r.delivered_at ? iso(r.delivered_at) : null,
});

/** The columns of an endpoint as written: its events once each, its resources checked. */
const values = (body: EndpointValues, resources: string[]): EndpointValues => ({
  name: body.name,
  url: body.url,
  events: [...new Set(body.events)],
  resources,
  enabled: body.enabled,
});

export function webhookRoutes(app: FastifyInstance, opts: { db: Kysely<DB>; config: WebhookConfig }): void {
  const { db, config } = opts;

  /** The endpoints of the tenant (one or all), with their pending and failed counts; never the secret. */
  const endpoints = async (tenantId: string, id?: string): Promise<WebhookEndpoint[]> => {
    const rows = await endpointRows(db, tenantId, id);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      url: r.url,
      events: r.events.filter(isEvent),
      resources: r.resources,
      enabled: r.enabled,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      pending: Number(r.pending ?? 0),
      failed: Number(r.failed ?? 0),
    }));
  };
  const one = async (tenantId: string, id: string) => {
    const [row] = await endpoints(tenantId, id);
    if (!row) throw notFound();
    return row;
  };

  /** A target inside the network is refused naming `url`, unless the operator allows it. */
  const checkUrl = async (url: string, tr: Translator) => {
    try {
      await checkTarget(url, config.allowPrivate);
    } catch (err) {
      if (!(err instanceof TargetRefused)) throw err;
      const key = err.reason === 'unresolved' ? 'validation.webhookUnresolved' : 'validation.webhookInternal';
      const message = tr.tm(key, { field: tr.tm(WEBHOOK_FIELD_LABELS.url!) });
      throw new ValidatedError(message, { errors: [{ field: 'url', key, message }] });
    }
  };

  /** `record.changed` reports entities of the resource engine: other names are refused naming `resources`. */
  const checkResources = (resources: readonly string[], tr: Translator) => {
    if (resources.every((r) => ENGINE_RESOURCES.has(r))) return [...new Set(resources)];
    const key = 'validation.option';
    const message = tr.tm(key, { field: tr.tm(WEBHOOK_FIELD_LABELS.resources!) });
    throw new ValidatedError(message, { errors: [{ field: 'resources', key, message }] });
  };

  const log = (ctx: RequestContext, request: FastifyRequest, type: 'add' | 'edit' | 'delete', ids: string[]) =>
    logOperation(db, callerOf(ctx), {
      type,
      ...requestLine(request),
      resource: 'webhook',
      ids,
    });

  serve(app, webhooks.list, async ({ ctx }) => {
    const records = await endpoints(ctx.tenantId);
    return { records, total: records.length };
  });

  serve(app, webhooks.create, async ({ ctx, body, tr, request }) => {
    const resources = checkResources(body.resources, tr);
    await checkUrl(body.url, tr);
    const secret = newSecret();
    const { id } = await db.transaction().execute(async (trx) => {
      const made = await insertEndpoint(trx, ctx.tenantId, ctx.user.id, values(body, resources), secret);
      await recordRows(
        trx,
        actorOf(ctx),
        'webhook',
        'create',
        [{ id: made.id, code: made.name, before: null, after: made }],
        { secrets: ['secret'] },
      );
      return made;
    });
    await log(ctx, request, 'add', [id]);
    return { endpoint: await one(ctx.tenantId, id), secret };
  });

  serve(app, webhooks.update, async ({ ctx, params, body, tr, request }) => {
    await one(ctx.tenantId, params.id);
    const resources = checkResources(body.resources, tr);
    await checkUrl(body.url, tr);
    await db.transaction().execute(async (trx) => {
      const [before] = await lockEndpoints(trx, ctx.tenantId, [params.id]);
      if (!before) throw notFound();
      const after = await updateEndpoint(trx, ctx.tenantId, params.id, ctx.user.id, values(body, resources));
      await recordRows(trx, actorOf(ctx), 'webhook', 'update', [{ id: after.id, code: after.name, before, after }], {
        secrets: ['secret'],
      });
    });
    await log(ctx, request, 'edit', [params.id]);
    return one(ctx.tenantId, params.id);
  });

  serve(app, webhooks.renewSecret, async ({ ctx, params, request }) => {
    const secret = newSecret();
    await db.transaction().execute(async (trx) => {
      const r = await renewEndpointSecret(trx, ctx.tenantId, params.id, ctx.user.id, secret);
      if (!r) throw notFound();
      await writeHistory(trx, actorOf(ctx), [
        {
          action: 'update',
          entity: 'webhook',
          recordId: r.id,
          recordCode: r.name,
          changes: [{ field: 'secret', before: null, after: null, secret: true }],
        },
      ]);
    });
    await log(ctx, request, 'edit', [params.id]);
    return { endpoint: await one(ctx.tenantId, params.id), secret };
  });

  serve(app, webhooks.remove, async ({ ctx, body, request }) => {
    const ids = [...new Set(body.ids.map((i) => i.toLowerCase()))];
    await db.transaction().execute(async (trx) => {
      const found = await lockEndpoints(trx, ctx.tenantId, ids);
      if (found.length !== ids.length) throw notFound();
      await deleteEndpoints(trx, ctx.tenantId, ids);
      await recordRows(
        trx,
        actorOf(ctx),
        'webhook',
        'delete',
        found.map((f) => ({ id: f.id, code: f.name, before: f, after: null })),
        { secrets: ['secret'] },
      );
    });
    await log(ctx, request, 'delete', ids);
    return null;
  });

  serve(app, webhooks.deliveries, async ({ ctx, params, query }) => {
    await one(ctx.tenantId, params.id);
    return deliveryPage(db, ctx.tenantId, params.id, query.status, query, toDelivery);
  });

  serve(app, webhooks.resend, async ({ ctx, params, request }) => {
    const row = await resendDelivery(db, ctx.tenantId, params.id);
    if (!row) throw notFound();
    await log(ctx, request, 'edit', [row.endpoint_id]);
    return toDelivery(row);
  });
}
