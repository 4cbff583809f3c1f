/**
 * Login limits (issue 5, SECURITY-TESTS T3.3): at most LIMITS.perAccount failed tries of one account
 * and LIMITS.perIp of one address in a sliding hour; beyond, 429 with Retry-After and no password
 * check. Counted in the database under an advisory lock, so several server processes share them.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/types';
import { ApiError, type RequestContext } from '../http';

export const LIMITS = { windowMs: 3600_000, perAccount: 100, perIp: 300 } as const;

/**
 * Wrong answers one session may give to a re-authentication (the current password on change
 * password, SECURITY-TESTS T3.7) before the session ends: a stolen token cannot be turned into the
 * password by guessing.
 */
export const REAUTH_PER_SESSION = 5;

export interface LoginKey {
  tenantCode: string;
  account: string;
  ip: string;
}

export function loginKey(request: FastifyRequest, tenantCode: string, account: string): LoginKey {
  return {
    tenantCode: tenantCode.trim().toLowerCase(),
    account: account.trim().toLowerCase(),
    ip: request.ip ?? 'unknown',
  };
}

/** Seconds until the oldest failure in the window leaves it. */
function retryAfter(oldest: Date | string | null, now: number): number {
  if (!oldest) return Math.ceil(LIMITS.windowMs / 1000);
  return Math.max(1, Math.ceil((new Date(oldest).getTime() + LIMITS.windowMs - now) / 1000));
}

const failedTries = (trx: Transaction<DB>, since: Date) =>
  trx
    .selectFrom('login_attempt')
    .select([sql<string>`count(*)`.as('n'), sql<Date | null>`min(created_at)`.as('oldest')])
    .where('success', '=', false)
    .where('created_at', '>', since);

/** Failed tries in the window (`where` narrows them to an account or an address) and the oldest one's time. */
async function failures(
  trx: Transaction<DB>,
  since: Date,
  where: (q: ReturnType<typeof failedTries>) => ReturnType<typeof failedTries>,
): Promise<{ n: number; oldest: Date | null }> {
  const row = await where(failedTries(trx, since)).executeTakeFirstOrThrow();
  return { n: Number(row.n), oldest: row.oldest };
}

/** The account's failures over its limit: seconds until one leaves the window, else null. */
async function accountLocked(trx: Transaction<DB>, key: LoginKey, since: Date, now: number): Promise<number | null> {
  const byAccount = await failures(trx, since, (q) =>
    q.where('tenant_code', '=', key.tenantCode).where('account', '=', key.account),
  );
  return byAccount.n >= LIMITS.perAccount ? retryAfter(byAccount.oldest, now) : null;
}

/**
 * Opens the key's locked transaction (one account's tries are counted one at a time on every server
 * process) and runs `fn` in it.
 */
function underLoginLock<T>(db: Kysely<DB>, key: LoginKey, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`login:${key.tenantCode}:${key.account}`}))`.execute(trx);
    return fn(trx);
  });
}

/** Records a try as failed until it succeeds (`succeeded`): a try in flight counts against the limits. */
async function reserveTry(trx: Transaction<DB>, key: LoginKey, now: number, sessionId?: string): Promise<string> {
  const row = await trx
    .insertInto('login_attempt')
    .values({
      tenant_code: key.tenantCode,
      account: key.account,
      ip: key.ip,
      success: false,
      ...(sessionId ? { session_id: sessionId } : {}),
      created_at: new Date(now),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const succeeded = (db: Kysely<DB>, id: string) =>
  db.updateTable('login_attempt').set({ success: true }).where('id', '=', id).execute();

/**
 * Runs `attempt` when the account and the address are under their limits, and records its outcome
 * (true = success). Throws 429 with `retryAfter` when a limit is reached; `onLocked` runs first (log it).
 */
export async function limitedLogin<T>(
  db: Kysely<DB>,
  key: LoginKey,
  attempt: () => Promise<{ ok: boolean; value: T }>,
  onLocked: (retryAfterSeconds: number) => Promise<void>,
  now = Date.now(),
): Promise<T> {
  const since = new Date(now - LIMITS.windowMs);
  // Check and reserve in one locked transaction: a try in flight counts as a failure until it succeeds,
  // so concurrent requests can never evaluate more than the limit.
  type Reserved = { kind: 'locked'; retry: number } | { kind: 'reserved'; id: string };
  const reserved = await underLoginLock(db, key, async (trx): Promise<Reserved> => {
    const locked = await accountLocked(trx, key, since, now);
    if (locked !== null) return { kind: 'locked', retry: locked };
    const byIp = await failures(trx, since, (q) => q.where('ip', '=', key.ip));
    if (byIp.n >= LIMITS.perIp) return { kind: 'locked', retry: retryAfter(byIp.oldest, now) };
    return { kind: 'reserved', id: await reserveTry(trx, key, now) };
  });
  if (reserved.kind === 'locked') {
    await onLocked(reserved.retry);
    throw new ApiError(429, 'auth.tooManyAttempts', { retryAfter: reserved.retry });
  }
  const outcome = await attempt();
  if (outcome.ok) await succeeded(db, reserved.id);
  if (Math.random() < 0.02) {
    await db
      .deleteFrom('login_attempt')
      .where('created_at', '<', new Date(now - 24 * LIMITS.windowMs))
      .execute();
  }
  return outcome.value;
}

/** The session re-authenticating: its token row, tenant and account. */
export interface ReauthSession {
  tokenId: string;
  tenantId: string;
  tenantCode: string;
  userId: string;
  account: string;
}

/** The request's own session as the one re-authenticating. */
export const reauthSessionOf = (ctx: RequestContext): ReauthSession => ({
  tokenId: ctx.tokenId,
  tenantId: ctx.tenantId,
  tenantCode: ctx.tenantCode,
  userId: ctx.user.id,
  account: ctx.user.account,
});

/**
 * Runs `check` (true: the user proved it again) under the login limits of the session's account,
 * the same rows a login counts, so guesses here use up that account's budget on every server
 * process; and under a budget of REAUTH_PER_SESSION wrong answers per session. The wrong answer that
 * uses up the session's budget revokes the session: 401 `auth.reauthSessionEnded`, logged. Over
 * the account's limit: 429 with `retryAfter` and no check.
 */
export async function limitedReauth(
  db: Kysely<DB>,
  request: FastifyRequest,
  session: ReauthSession,
  check: () => Promise<boolean>,
  now = Date.now(),
): Promise<boolean> {
  const key = loginKey(request, session.tenantCode, session.account);
  const since = new Date(now - LIMITS.windowMs);
  type Reserved =
    { kind: 'locked'; retry: number } | { kind: 'ended' } | { kind: 'reserved'; id: string; wrongBefore: number };
  const reserved = await underLoginLock(db, key, async (trx): Promise<Reserved> => {
    const bySession = await trx
      .selectFrom('login_attempt')
      .select(sql<string>`count(*)`.as('n'))
      .where('session_id', '=', session.tokenId)
      .where('success', '=', false)
      .executeTakeFirstOrThrow();
    if (Number(bySession.n) >= REAUTH_PER_SESSION) return { kind: 'ended' };
    const locked = await accountLocked(trx, key, since, now);
    if (locked !== null) return { kind: 'locked', retry: locked };
    return { kind: 'reserved', id: await reserveTry(trx, key, now, session.tokenId), wrongBefore: Number(bySession.n) };
  });
  const log = (result: 'failure' | 'locked', reason: string) =>
    writeLoginLog(db, request, {
      tenantId: session.tenantId,
      userId: session.userId,
      account: session.account,
      method: 'password',
      result,
      reason,
    });
  const endSession = async () => {
    await db
      .updateTable('session_token')
      .set({ revoked_at: sql<Date>`now()` })
      .where('tenant_id', '=', session.tenantId)
      .where('id', '=', session.tokenId)
      .where('revoked_at', 'is', null)
      .execute();
    await log('locked', `session ended after ${REAUTH_PER_SESSION} wrong current passwords`);
    throw new ApiError(401, 'auth.reauthSessionEnded');
  };
  if (reserved.kind === 'ended') return endSession();
  if (reserved.kind === 'locked') {
    await log('locked', `retry after ${reserved.retry}s (current password)`);
    throw new ApiError(429, 'auth.tooManyAttempts', { retryAfter: reserved.retry });
  }
  const ok = await check();
  if (ok) {
    await succeeded(db, reserved.id);
    return true;
  }
  await log('failure', 'wrong current password');
  if (reserved.wrongBefore + 1 >= REAUTH_PER_SESSION) return endSession();
  return false;
}

export interface LoginLogEntry {
  tenantId: string;
  userId: string | null;
  account: string;
  method: 'password' | 'sms' | 'sso' | 'logout';
  result: 'success' | 'failure' | 'locked';
  reason?: string | null;
}

/** The login log of one attempt at `tenantId`: each call writes its result; nothing when the tenant is unknown. */
export const attemptLog =
  (
    db: Kysely<DB>,
    request: FastifyRequest,
    tenantId: string | undefined,
    account: string,
    method: LoginLogEntry['method'],
  ) =>
  (result: LoginLogEntry['result'], userId: string | null, reason?: string): Promise<void> =>
    tenantId ? writeLoginLog(db, request, { tenantId, userId, account, method, result, reason }) : Promise.resolve();

/** One structured entry per login, failure, lockout and logout (T2.8); never a password, token or code. */
export async function writeLoginLog(db: Kysely<DB>, request: FastifyRequest, entry: LoginLogEntry): Promise<void> {
  const header = (name: string) => {
    const v = request.headers[name];
    return (Array.isArray(v) ? v[0] : v)?.slice(0, 255) ?? null;
  };
  await db
    .insertInto('login_log')
    .values({
      tenant_id: entry.tenantId,
      user_id: entry.userId,
      account: entry.account.slice(0, 128),
      method: entry.method,
      result: entry.result,
      reason: entry.reason ?? null,
      ip: request.ip ?? null,
      user_agent: header('user-agent'),
      client_id: header('x-client-id')?.slice(0, 64) ?? null,
    })
    .execute();
  request.log.info(
    {
      login: {
        tenantId: entry.tenantId,
        account: entry.account,
        method: entry.method,
        result: entry.result,
        reason: entry.reason ?? null,
        ip: request.ip ?? null,
        userAgent: header('user-agent'),
      },
    },
    'login log',
  );
}
