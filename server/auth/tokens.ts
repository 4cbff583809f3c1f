import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new session token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export async function issueToken(
  db: Kysely<DB>,
  input: {
    tenantId: string;
    userId: string;
    ttlHours: number;
    clientId: string | null;
    ip: string | null;
    method?: 'password' | 'sms' | 'sso';
    userAgent?: string | null;
  },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + input.ttlHours * 3600_000);
  await db
    .insertInto('session_token')
    .values({
      tenant_id: input.tenantId,
      token_hash: sha256(token),
      user_id: input.userId,
      client_id: input.clientId?.slice(0, 64) ?? null,
      ip: input.ip,
      expires_at: expiresAt,
      method: input.method ?? 'password',
      user_agent: input.userAgent?.slice(0, 255) ?? null,
    })
    .execute();
  return { token, expiresAt };
}

/** Constant-time comparison of two strings (compares their sha256 digests). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** Checks `Authorization: Basic base64(id:secret)` against the configured web client. */
export function checkClientCredentials(header: string | undefined, clientId: string, clientSecret: string): boolean {
  if (!header) return false;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return false;
  const decoded = Buffer.from(m[1] ?? '', 'base64').toString('utf8');
  const sep = decoded.indexOf(':');
  if (sep < 0) return false;
  const okId = safeEqual(decoded.slice(0, sep), clientId);
  const okSecret = safeEqual(decoded.slice(sep + 1), clientSecret);
  return okId && okSecret;
}
