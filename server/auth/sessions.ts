/**
 * Live sessions (issue 26): what the online-session screen and the personal centre list, and
 * ending them. A session is its `session_token` row; every call looks the row up (context.ts), so
 * ending one is honoured by every server process at its next call.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/types';
import type { OnlineSession } from '../../model/security';
import { containsPattern } from '../db/patterns';

/** How stale `last_seen_at` may get before a call writes it again (one write a minute, not one a call). */
const TOUCH_EVERY_MS = 60_000;

/** Records the call on its session: when it came and the factory it worked in. True when it wrote. */
export async function touchSession(
  db: Kysely<DB>,
  session: { tenantId: string; tokenId: string; lastSeenAt: Date | string; factoryId: string | null },
  factoryId: string | null,
): Promise<boolean> {
  const stale = Date.now() - new Date(session.lastSeenAt).getTime() > TOUCH_EVERY_MS;
  const moved = factoryId !== null && factoryId !== session.factoryId;
  if (!stale && !moved) return false;
  await db
    .updateTable('session_token')
    .set({ last_seen_at: sql<Date>`now()`, ...(moved ? { factory_id: factoryId } : {}) })
    .where('tenant_id', '=', session.tenantId)
    .where('id', '=', session.tokenId)
    .execute();
  return true;
}

/** The tenant's live sessions, optionally of one user or matching a keyword; newest call first. */
export async function listSessions(
  db: Kysely<DB>,
  tenantId: string,
  currentTokenId: string,
  filter: { userId?: string; keyword?: string } = {},
): Promise<OnlineSession[]> {
  let q = db
    .selectFrom('session_token as st')
    .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'st.tenant_id').onRef('u.id', '=', 'st.user_id'))
    .leftJoin('factory as f', (j) => j.onRef('f.tenant_id', '=', 'st.tenant_id').onRef('f.id', '=', 'st.factory_id'))
    .select([
      'st.id',
      'st.user_id as userId',
      'u.account',
      'u.nickname',
      'st.ip',
      'st.user_agent as userAgent',
      'st.method',
      'st.created_at as createdAt',
      'st.last_seen_at as lastSeenAt',
      'st.expires_at as expiresAt',
      'st.factory_id as factoryId',
      'f.code as factoryCode',
      'f.name as factoryName',
    ])
    .where('st.tenant_id', '=', tenantId)
    .where('st.revoked_at', 'is', null)
    .where('st.expires_at', '>', sql<Date>`now()`)
    .where('u.status', '=', 'enabled');
  if (filter.userId) q = q.where('st.user_id', '=', filter.userId);
  if (filter.keyword) {
    const like = containsPattern(filter.keyword);
    q = q.where((eb) => eb.or([eb('u.account', 'ilike', like), eb('u.nickname', 'ilike', like)]));
  }
  const rows = await q.orderBy('st.last_seen_at', 'desc').orderBy('st.id').limit(1000).execute();
  return rows.map((r) => ({
    ...r,
    factoryId: r.factoryCode === null ? null : r.factoryId,
    createdAt: new Date(r.createdAt).toISOString(),
    lastSeenAt: new Date(r.lastSeenAt).toISOString(),
    expiresAt: new Date(r.expiresAt).toISOString(),
    current: r.id === currentTokenId,
  }));
}

/**
 * Ends live sessions of the tenant chosen by `where` (ids or a user); answers the ids ended.
 * Another tenant's sessions match nothing: the tenant is part of every condition.
 */
export async function endSessions(
  db: Kysely<DB>,
  tenantId: string,
  endedBy: string,
  where: { ids?: readonly string[]; userId?: string; keep?: string },
): Promise<string[]> {
  let q = db
    .updateTable('session_token')
    .set({ revoked_at: sql<Date>`now()`, ended_by: endedBy })
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
  if (where.ids) q = q.where('id', 'in', where.ids.length ? [...where.ids] : ['00000000-0000-0000-0000-000000000000']);
  if (where.userId) q = q.where('user_id', '=', where.userId);
  if (where.keep) q = q.where('id', '!=', where.keep);
  return (await q.returning('id').execute()).map((r) => r.id);
}

/** Whether a session is still live: not logged out, revoked or expired, its user enabled. */
export async function sessionLive(
  db: Kysely<DB>,
  session: { tenantId: string; sessionId: string; userId: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('session_token as st')
    .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'st.tenant_id').onRef('u.id', '=', 'st.user_id'))
    .select('st.id')
    .where('st.tenant_id', '=', session.tenantId)
    .where('st.id', '=', session.sessionId)
    .where('st.user_id', '=', session.userId)
    .where('st.revoked_at', 'is', null)
    .where('st.expires_at', '>', sql<Date>`now()`)
    .where('u.status', '=', 'enabled')
    .executeTakeFirst();
  return row !== undefined;
}

/** Logs a session out: its token row is revoked. */
export async function revokeToken(db: Kysely<DB>, tenantId: string, tokenId: string): Promise<void> {
  await db
    .updateTable('session_token')
    .set({ revoked_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', tokenId)
    .execute();
}

/** Revokes every open token of a user (after a password change), except `keep` when given. */
export async function revokeUserTokens(db: Kysely<DB>, tenantId: string, userId: string, keep?: string): Promise<void> {
  let q = db
    .updateTable('session_token')
    .set({ revoked_at: sql<Date>`now()` })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId);
  if (keep) q = q.where('id', '!=', keep);
  await q.where('revoked_at', 'is', null).execute();
}
