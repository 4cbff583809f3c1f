/**
 * Preview tickets: a short-lived, signed address of one document version for one user's session, so
 * a `<video>` element or the PDF viewer inside a sub-app frame (which never holds the session token)
 * can fetch the file, ranges included. Signed with a key derived from the file key, so every server
 * process of a deployment accepts the tickets of the others. A ticket names its session and works
 * only while that session does (SECURITY-TESTS T2.11); it is a secret, so logs never show it.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { documents } from '../../model/contract/documents';
import type { Config } from '../config';

export interface Ticket {
  tenantId: string;
  userId: string;
  /** The session (session_token id) the ticket was issued to. */
  sessionId: string;
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
  const body = Buffer.from(
    JSON.stringify([t.tenantId, t.userId, t.documentId, t.versionId, t.exp, t.sessionId]),
  ).toString('base64url');
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
    const [tenantId, userId, documentId, versionId, exp, sessionId] = JSON.parse(
      Buffer.from(body, 'base64url').toString('utf8'),
    ) as [string, string, string, string | null, number, string];
    if (typeof exp !== 'number' || exp < now || typeof sessionId !== 'string') return null;
    return { tenantId, userId, sessionId, documentId, versionId, exp };
  } catch {
    return null;
  }
}

/** The ticket parameter of a URL replaced, so the URL can be logged (`?ticket=[redacted]`). */
export function redactTicket(url: string): string {
  return url.replace(/([?&]ticket=)[^&#]*/gi, '$1[redacted]');
}

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin browsers reach the API at, for addresses the server hands out: the first configured
 * SHELL_ORIGIN (the shell and the API share it), else, behind a proxy trusted by TRUST_PROXY, the
 * host and protocol it forwarded; null otherwise (answer a path: a Host header is the client's word).
 */
export function publicOrigin(
  request: FastifyRequest,
  config: Pick<Config, 'shellOrigins' | 'trustProxy'>,
): string | null {
  const configured = config.shellOrigins[0];
  if (configured) return configured;
  if (!config.trustProxy) return null;
  const host = request.host;
  if (!HOST.test(host) || (request.protocol !== 'http' && request.protocol !== 'https')) return null;
  return `${request.protocol}://${host}`;
}

/**
 * The preview address of a ticket issued now, and when it expires. The viewer runs in a sub-app frame
 * on another origin than the API's: the address is absolute on the configured public origin (or what a
 * trusted proxy forwarded), never on a Host header a client chose; without either it is a path, which
 * the viewer resolves against the shell origin it trusts.
 */
export function previewAddress(
  request: FastifyRequest,
  config: Pick<Config, 'shellOrigins' | 'trustProxy'>,
  key: Buffer,
  ticket: Omit<Ticket, 'exp'>,
): { url: string; expiresAt: string } {
  const exp = Date.now() + TICKET_TTL_MS;
  const token = signTicket({ ...ticket, exp }, key);
  const origin = publicOrigin(request, config);
  return { url: `${origin ?? ''}/api${documents.file.path}?ticket=${token}`, expiresAt: new Date(exp).toISOString() };
}
