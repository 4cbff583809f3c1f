/**
 * The dispatcher: every server process looks for due deliveries now and then and sends them. A
 * delivery is taken with FOR UPDATE SKIP LOCKED and its next attempt pushed past the send's time
 * limit in the same statement (a lease), so two processes never send one delivery at once, and a
 * process that dies mid-send leaves it to be tried again. Deliveries live in the database, so they
 * survive restarts.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types';
import type {} from '../db/types-webhooks';
import { asSystem } from '../db/tenant-scope';
import type { WebhookConfig } from './config';
import { checkTarget, TargetRefused } from './targets';
import { signedRequest } from './sign';
import { nextAttempt } from './backoff';
import { Repeating } from '../repeating';
import { iso } from '../dates';

interface Due {
  id: string;
  tenant_id: string;
  event: string;
  data: unknown;
  occurred_at: Date | string;
  attempts: number;
  give_up_at: Date | string;
  url: string | null;
  secret: string | null;
  enabled: boolean | null;
}

export interface Outcome {
  status: number | null;
  error: string | null;
}

type Logger = { warn: (obj: object, msg: string) => void };

export class WebhookDispatcher {
  private readonly loop: Repeating;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly config: WebhookConfig,
    private readonly log?: Logger,
  ) {
    const job = () =>
      this.runOnce().then(
        () => undefined,
        (err: unknown) => this.log?.warn({ err }, 'webhook dispatch failed'),
      );
    this.loop = new Repeating(config.intervalMs, job);
  }

  /** Starts looking every `intervalMs` (nothing when it is 0). */
  start(): void {
    this.loop.start();
  }

  /** Stops the loop and waits for a look under way; no timer is left behind. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Takes the due deliveries once and sends them; answers how many were taken. */
  runOnce(): Promise<number> {
    return this.loop.track(
      (async () => {
        const due = await this.take();
        await Promise.all(due.map((d) => this.deliver(d)));
        return due.length;
      })(),
    );
  }

  private async take(): Promise<Due[]> {
    const leaseMs = this.config.timeoutMs + 60_000;
    const { rows } = await asSystem(() =>
      sql<Due>`
      WITH due AS (
        SELECT tenant_id, id FROM webhook_delivery
        WHERE status = 'pending' AND next_attempt_at <= now()
        ORDER BY next_attempt_at
        LIMIT ${this.config.batch}
        FOR UPDATE SKIP LOCKED
      ), taken AS (
        UPDATE webhook_delivery d
        SET attempts = d.attempts + 1, last_attempt_at = now(), next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
        FROM due WHERE d.tenant_id = due.tenant_id AND d.id = due.id
        RETURNING d.tenant_id, d.id, d.endpoint_id, d.event, d.data, d.occurred_at, d.attempts, d.give_up_at
      )
      SELECT t.tenant_id, t.id, t.event, t.data, t.occurred_at, t.attempts, t.give_up_at, e.url, e.secret, e.enabled
      FROM taken t LEFT JOIN webhook_endpoint e ON e.tenant_id = t.tenant_id AND e.id = t.endpoint_id`.execute(this.db),
    );
    return rows;
  }

  /** One attempt; its outcome is written back. */
  async deliver(d: Due): Promise<Outcome> {
    const outcome = await this.attempt(d);
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const now = Date.now();
    const next = ok
      ? null
      : nextAttempt(d.attempts, now, new Date(d.give_up_at).getTime(), this.config.retryBaseMs, this.config.retryMaxMs);
    await asSystem(() =>
      this.db
        .updateTable('webhook_delivery')
        .set({
          status: ok ? 'delivered' : next ? 'pending' : 'failed',
          last_status: outcome.status,
          last_error: outcome.error?.slice(0, 500) ?? null,
          ...(ok ? { delivered_at: new Date(now) } : {}),
          ...(next ? { next_attempt_at: next } : {}),
        })
        .where('tenant_id', '=', d.tenant_id)
        .where('id', '=', d.id)
        .where('status', '=', 'pending')
        .execute(),
    );
    return outcome;
  }

  private async attempt(d: Due): Promise<Outcome> {
    if (!d.url || !d.secret) return { status: null, error: 'endpoint deleted' };
    if (!d.enabled) return { status: null, error: 'endpoint disabled' };
    try {
      await checkTarget(d.url, this.config.allowPrivate);
    } catch (err) {
      if (err instanceof TargetRefused) return { status: null, error: err.message };
      throw err;
    }
    const data = typeof d.data === 'string' ? (JSON.parse(d.data) as unknown) : d.data;
    const { body, headers } = signedRequest(d.secret, {
      id: d.id,
      event: d.event,
      tenant: d.tenant_id,
      occurredAt: iso(d.occurred_at),
      data,
    });
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.timeoutMs),
      });
      await res.body?.cancel().catch(() => undefined);
      return { status: res.status, error: res.status >= 300 && res.status < 400 ? 'redirects are not followed' : null };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      return { status: null, error: e.name === 'TimeoutError' ? 'timed out' : (e.cause?.code ?? e.message) };
    }
  }
}
