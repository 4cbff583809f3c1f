/**
 * A tenant's webhook endpoints for their administrators: registering (the secret answered once),
 * editing, renewing the secret, removing, and the delivery log. Each write has its history entry in
 * its transaction and its operation log row after it.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../model/api';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_FIELD_LABELS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookSecret,
  type deliveryQuery,
} from '../../model/webhook';
import { RESOURCES } from '../../model/resources';
import type { DB } from '../db/types';
import type { WebhookDeliveryTable } from '../db/types-webhooks';
import { ValidatedError, notFound, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { logOperation, requestLine } from '../engine/oplog';
import { callerOf } from '../engine/scope';
import { actorOf, writeHistory } from '../audit/write';
import { recordRows } from '../audit/record';
import type { WebhookConfig } from './config';
import { checkTarget, TargetRefused } from './targets';
import { newSecret } from './sign';
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
import { iso } from '../dates';

const ENGINE_RESOURCES = new Set(RESOURCES.map((d) => d.name));

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

/** What a webhook call brings: its caller, their language, and the request its writes are logged under. */
export interface WebhookCall {
  ctx: RequestContext;
  tr: Translator;
  request: FastifyRequest;
}

export class WebhookService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: WebhookConfig,
    private readonly call: WebhookCall,
  ) {}

  private get tenantId(): string {
    return this.call.ctx.tenantId;
  }

  /** The endpoints of the tenant (one or all), with their pending and failed counts; never the secret. */
  private async endpoints(id?: string): Promise<WebhookEndpoint[]> {
    const rows = await endpointRows(this.db, this.tenantId, id);
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
  }

  private async one(id: string): Promise<WebhookEndpoint> {
    const [row] = await this.endpoints(id);
    if (!row) throw notFound();
    return row;
  }

  /** A target inside the network is refused naming `url`, unless the operator allows it. */
  private async checkUrl(url: string): Promise<void> {
    const { tr } = this.call;
    try {
      await checkTarget(url, this.config.allowPrivate);
    } catch (err) {
      if (!(err instanceof TargetRefused)) throw err;
      const key = err.reason === 'unresolved' ? 'validation.webhookUnresolved' : 'validation.webhookInternal';
      const message = tr.tm(key, { field: tr.tm(WEBHOOK_FIELD_LABELS.url!) });
      throw new ValidatedError(message, { errors: [{ field: 'url', key, message }] });
    }
  }

  /** `record.changed` reports entities of the resource engine: other names are refused naming `resources`. */
  private checkResources(resources: readonly string[]): string[] {
    const { tr } = this.call;
    if (resources.every((r) => ENGINE_RESOURCES.has(r))) return [...new Set(resources)];
    const key = 'validation.option';
    const message = tr.tm(key, { field: tr.tm(WEBHOOK_FIELD_LABELS.resources!) });
    throw new ValidatedError(message, { errors: [{ field: 'resources', key, message }] });
  }

  private log(type: 'add' | 'edit' | 'delete', ids: string[]): Promise<void> {
    return logOperation(this.db, callerOf(this.call.ctx), {
      type,
      ...requestLine(this.call.request),
      resource: 'webhook',
      ids,
    });
  }

  async list(): Promise<{ records: WebhookEndpoint[]; total: number }> {
    const records = await this.endpoints();
    return { records, total: records.length };
  }

  async create(body: EndpointValues): Promise<WebhookSecret> {
    const { ctx } = this.call;
    const resources = this.checkResources(body.resources);
    await this.checkUrl(body.url);
    const secret = newSecret();
    const { id } = await this.db.transaction().execute(async (trx) => {
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
    await this.log('add', [id]);
    return { endpoint: await this.one(id), secret };
  }

  async update(id: string, body: EndpointValues): Promise<WebhookEndpoint> {
    const { ctx } = this.call;
    await this.one(id);
    const resources = this.checkResources(body.resources);
    await this.checkUrl(body.url);
    await this.db.transaction().execute(async (trx) => {
      const [before] = await lockEndpoints(trx, ctx.tenantId, [id]);
      if (!before) throw notFound();
      const after = await updateEndpoint(trx, ctx.tenantId, id, ctx.user.id, values(body, resources));
      await recordRows(trx, actorOf(ctx), 'webhook', 'update', [{ id: after.id, code: after.name, before, after }], {
        secrets: ['secret'],
      });
    });
    await this.log('edit', [id]);
    return this.one(id);
  }

  /** A new signing secret, answered this once; the old one stops signing at once. */
  async renewSecret(id: string): Promise<WebhookSecret> {
    const { ctx } = this.call;
    const secret = newSecret();
    await this.db.transaction().execute(async (trx) => {
      const r = await renewEndpointSecret(trx, ctx.tenantId, id, ctx.user.id, secret);
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
    await this.log('edit', [id]);
    return { endpoint: await this.one(id), secret };
  }

  /** Removes every endpoint of `ids`, or none (404) when one is not the tenant's. */
  async remove(ids: readonly string[]): Promise<null> {
    const { ctx } = this.call;
    const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
    await this.db.transaction().execute(async (trx) => {
      const found = await lockEndpoints(trx, ctx.tenantId, unique);
      if (found.length !== unique.length) throw notFound();
      await deleteEndpoints(trx, ctx.tenantId, unique);
      await recordRows(
        trx,
        actorOf(ctx),
        'webhook',
        'delete',
        found.map((f) => ({ id: f.id, code: f.name, before: f, after: null })),
        { secrets: ['secret'] },
      );
    });
    await this.log('delete', unique);
    return null;
  }

  async deliveries(id: string, query: z.output<typeof deliveryQuery>): Promise<Page<WebhookDelivery>> {
    await this.one(id);
    return deliveryPage(this.db, this.tenantId, id, query.status, query, toDelivery);
  }

  /** Puts delivery `id` back in the queue, logged as an edit of its endpoint. */
  async resend(id: string): Promise<WebhookDelivery> {
    const row = await resendDelivery(this.db, this.tenantId, id);
    if (!row) throw notFound();
    await this.log('edit', [row.endpoint_id]);
    return toDelivery(row);
  }
}
