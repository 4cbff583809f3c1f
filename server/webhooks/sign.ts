/** The body and signature of one delivery: what a receiver checks (README: Webhooks). */
import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_HEADERS } from '../../model/webhook';

export interface DeliveryBody {
  id: string;
  event: string;
  tenant: string;
  occurredAt: string;
  data: unknown;
}

/** A new signing secret: 32 random bytes, base64url, with a prefix that says what it is. */
export const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `sha256=` + hex HMAC-SHA256(secret, timestamp + "." + body). */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The JSON body and headers of one attempt; the timestamp is the attempt's (Unix seconds). */
export function signedRequest(
  secret: string,
  delivery: DeliveryBody,
  now = Date.now(),
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: delivery.id,
    event: delivery.event,
    tenant: delivery.tenant,
    occurredAt: delivery.occurredAt,
    data: delivery.data,
  });
  const timestamp = String(Math.floor(now / 1000));
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'mes-portal-webhooks/1',
      [WEBHOOK_HEADERS.delivery]: delivery.id,
      [WEBHOOK_HEADERS.event]: delivery.event,
      [WEBHOOK_HEADERS.timestamp]: timestamp,
      [WEBHOOK_HEADERS.signature]: signature(secret, timestamp, body),
    },
  };
}
