/** SMS login codes (issue 5): a sender with two drivers, and codes that are single-use, expiring and rate-limited. */
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { SMS } from '../../model/account';
import type { DB } from '../db/types';
import { ApiError } from '../http';
import { safeEqual, sha256 } from './tokens';

export interface SmsMessage {
  mobile: string;
  code: string;
  tenantCode: string;
  purpose: 'login';
  expiresInSeconds: number;
}

/** Where codes go: a webhook of the tenant's SMS gateway, or the server log for development. */
export interface SmsSender {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Writes the code to the server log (the default; say so in the README). */
export function logSender(log: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  return {
    name: 'log',
    async send(m) {
      log.info(
        { sms: { mobile: m.mobile, tenantCode: m.tenantCode, purpose: m.purpose, code: m.code } },
        'SMS code (log driver)',
      );
    },
  };
}

/** POSTs `{mobile, code, tenantCode, purpose, expiresInSeconds}` as JSON to SMS_WEBHOOK_URL. */
export function webhookSender(url: string, timeoutMs = 5000): SmsSender {
  return {
    name: 'webhook',
    async send(m) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(m),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`SMS webhook answered ${res.status}`);
    },
  };
}

export function newSmsCode(): string {
  return String(randomInt(0, 10 ** SMS.digits)).padStart(SMS.digits, '0');
}

const codeHash = (tenantId: string, mobile: string, code: string) => sha256(`${tenantId}:${mobile}:${code}`);

/**
 * Issues a login code for a number: at most one a minute and ten a day per number (429 beyond),
 * and voids the earlier codes of that number. Returns the code for the sender.
 */
export async function issueSmsCode(
  db: Kysely<DB>,
  tenantId: string,
  mobile: string,
  now = new Date(),
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    // Serialises sends of one number so two requests cannot both pass the limit.
    await sql`select pg_advisory_xact_lock(hashtext(${`sms:${tenantId}:${mobile}`}))`.execute(trx);
    const counts = await trx
      .selectFrom('sms_code')
      .select([
        sql<number>`count(*) filter (where created_at > ${new Date(now.getTime() - 60_000)})`.as('minute'),
        sql<number>`count(*) filter (where created_at > ${new Date(now.getTime() - 86_400_000)})`.as('day'),
      ])
      .where('tenant_id', '=', tenantId)
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    if (Number(counts.minute) >= SMS.perMinute || Number(counts.day) >= SMS.perDay) {
      throw new ApiError(429, 'auth.smsTooMany', { retryAfter: Number(counts.minute) >= SMS.perMinute ? 60 : 3600 });
    }
    await trx
      .updateTable('sms_code')
      .set({ voided_at: now })
      .where('tenant_id', '=', tenantId)
      .where('mobile', '=', mobile)
      .where('consumed_at', 'is', null)
      .where('voided_at', 'is', null)
      .execute();
    const code = newSmsCode();
    await trx
      .insertInto('sms_code')
      .values({
        tenant_id: tenantId,
        mobile,
        purpose: 'login',
        code_hash: codeHash(tenantId, mobile, code),
        expires_at: new Date(now.getTime() + SMS.ttlSeconds * 1000),
        created_at: now,
      })
      .execute();
    return code;
  });
}

/**
 * Checks a login code: true once for the right, unexpired code. A wrong try counts; the fifth
 * wrong try voids the code. Expired, consumed or voided codes are refused.
 */
export async function consumeSmsCode(
  db: Kysely<DB>,
  tenantId: string,
  mobile: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('sms_code')
      .select(['id', 'code_hash', 'attempts', 'expires_at'])
      .where('tenant_id', '=', tenantId)
      .where('mobile', '=', mobile)
      .where('purpose', '=', 'login')
      .where('consumed_at', 'is', null)
      .where('voided_at', 'is', null)
      .orderBy('created_at', 'desc')
      .forUpdate()
      .executeTakeFirst();
    if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return false;
    if (safeEqual(row.code_hash, codeHash(tenantId, mobile, code))) {
      await trx
        .updateTable('sms_code')
        .set({ consumed_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', row.id)
        .execute();
      return true;
    }
    const attempts = row.attempts + 1;
    await trx
      .updateTable('sms_code')
      .set({ attempts, voided_at: attempts >= SMS.maxAttempts ? now : null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.id)
      .execute();
    return false;
  });
}
