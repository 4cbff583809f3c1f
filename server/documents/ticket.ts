/**
 * Preview tickets: a short-lived, signed address of one document version for one user, so a
 * `<video>` element or the PDF viewer inside a sub-app frame (which never holds the session token)
 * can fetch the file, ranges included. Signed with a key derived from the file key, so every server
 * process of a deployment accepts the tickets of the others.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export interface Ticket {
  tenantId: string;
  userId: string;
  documentId: string;
  versionId: string | null;
  /** Expiry, epoch milliseconds. */
  exp: number;
}

export const TICKET_TTL_MS = 10 * 60_000;

export function ticketKey(fileKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', fileKey, Buffer.alloc(0), Buffer.from('document-preview-ticket'), 32));
}

export function signTicket(t: Ticket, key: Buffer): string {
  const body = Buffer.from(JSON.stringify([t.tenantId, t.userId, t.documentId, t.versionId, t.exp])).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The ticket when its signature holds and it has not expired; null otherwise. */
export function verifyTicket(token: string, key: Buffer, now = Date.now()): Ticket | null {
  const [body, mac] = token.split('.');
  if (!body || !mac || token.length > 1000) return null;
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [tenantId, userId, documentId, versionId, exp] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [string, string, string, string | null, number];
    if (typeof exp !== 'number' || exp < now) return null;
    return { tenantId, userId, documentId, versionId, exp };
  } catch {
    return null;
  }
}
