/** The authentication hook of /api: bearer token → request context; client credentials; permissions. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/types';
import { asSystem, bindTenant, currentScope, expectAuthGeneration, runInScope } from '../db/tenant-scope';
import type { Config } from '../config';
import { ApiError, type ConfirmsAuth, type RequestContext } from '../http';
import { callerHeaders, header } from './headers';
import { TOKEN_RE, checkClientCredentials, sha256 } from './tokens';
import { touchSession } from './sessions';
import { accountMayWork, canUseFactory, loadPermissions } from './permissions';
import { authenticateApiKey } from './api-key-context';
import { API_KEY_PREFIX } from '../../model/api-keys';
import { AuthChanged, authCacheOf, isAuthChanged } from './cache';
import { CALLER_COLUMNS, callerUser } from './caller-columns';

/**
 * The caller of a bearer call. With `confirmLater` the held sessions and permissions are used
 * without reading the generation first (when one was read before): the context's `unconfirmed`
 * names the generation, which the call's transaction must confirm (see `runConfirmed` in auth/context.ts).
 */
export async function authenticate(
  db: Kysely<DB>,
  request: FastifyRequest,
  confirmLater = false,
): Promise<RequestContext> {
  const auth = header(request, 'authorization');
  const m = auth ? /^Bearer\s+(\S+)\s*$/i.exec(auth) : null;
  const token = m?.[1];
  // A machine's API key (`mes_…`), never taken for a session token.
  if (token?.startsWith(API_KEY_PREFIX)) return authenticateApiKey(db, request, token);
  if (!token || !TOKEN_RE.test(token)) throw new ApiError(401, 'auth.unauthorized');
  const cache = authCacheOf(db);
  const unconfirmed = confirmLater ? cache.heldGeneration() : null;
  if (unconfirmed === null) await cache.refresh();
  const tokenHash = sha256(token);
  // The token names the tenant: until it is resolved, the lookup must look across tenants.
  const lookup = () =>
    asSystem(() =>
      db
        .selectFrom('session_token as st')
        .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'st.tenant_id').onRef('u.id', '=', 'st.user_id'))
        .innerJoin('tenant as t', 't.id', 'st.tenant_id')
        .select([
          'st.id as tokenId',
          'st.tenant_id as tenantId',
          ...CALLER_COLUMNS,
          'st.last_seen_at as lastSeenAt',
          'st.factory_id as sessionFactoryId',
          'st.expires_at as expiresAt',
          't.expires_at as tenantExpiresAt',
        ])
        .where('st.token_hash', '=', tokenHash)
        .where('st.revoked_at', 'is', null)
        .where('st.expires_at', '>', sql<Date>`now()`)
        .where(accountMayWork)
        .executeTakeFirst(),
    );
  const row = await cache.get('session', tokenHash, lookup, (r) =>
    Math.min(new Date(r.expiresAt).getTime(), r.tenantExpiresAt ? new Date(r.tenantExpiresAt).getTime() : Infinity),
  );
  if (!row) throw new ApiError(401, 'auth.unauthorized');
  // From here on every statement of the request runs under this tenant's row-level policies.
  bindTenant(row.tenantId);

  const user = callerUser(row);
  const factoryHeader = header(request, 'x-factory-id')?.trim();
  let factoryId: string | null = null;
  if (factoryHeader) {
    const may = () => canUseFactory(db, row.tenantId, user.id, user.type, factoryHeader);
    if (!(await cache.get('factory', `${row.tenantId}:${user.id}:${factoryHeader}`, may)))
      throw new ApiError(403, 'auth.factoryForbidden');
    factoryId = factoryHeader.toLowerCase();
  }
  if (
    await touchSession(
      db,
      { tenantId: row.tenantId, tokenId: row.tokenId, lastSeenAt: row.lastSeenAt, factoryId: row.sessionFactoryId },
      factoryId,
    )
  ) {
    // The held row follows its session's last call, so the next one is not written again at once.
    row.lastSeenAt = new Date();
    if (factoryId) row.sessionFactoryId = factoryId;
  }
  let perms: Promise<Set<string>> | null = null;
  const load = () => loadPermissions(db, row.tenantId, user.id, user.type);
  const permissions = () => (perms ??= cache.get('permissions', `${row.tenantId}:${user.id}`, load));
  return {
    tenantId: row.tenantId,
    tenantCode: row.tenantCode,
    tenantName: row.tenantName,
    user,
    tokenId: row.tokenId,
    ...callerHeaders(request),
    factoryId,
    permissions,
    hasPermission: async (code) => user.type === 'admin' || (await permissions()).has(code),
    unconfirmed,
  };
}

/**
 * Authenticates the call and checks its route's permission (the auth hook's work). A 403 made on what
 * the server held, unconfirmed, is made again on what is current: the factory or permission may have
 * been granted since. (A 401 never rests on what was held: a session not found is not held.)
 */
async function admit(
  db: Kysely<DB>,
  request: FastifyRequest,
  confirmsAuth: ConfirmsAuth | false,
): Promise<RequestContext> {
  if (confirmsAuth === false || authCacheOf(db).heldGeneration() === null) return check(db, request, false);
  try {
    return await check(db, request, confirmsAuth);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 403) throw err;
    return check(db, request, false);
  }
}

async function check(
  db: Kysely<DB>,
  request: FastifyRequest,
  confirmsAuth: ConfirmsAuth | false,
): Promise<RequestContext> {
  const cfg = request.routeOptions.config;
  expectAuthGeneration(null);
  request.confirmAuth = null;
  const ctx = await authenticate(db, request, confirmsAuth !== false);
  request.ctx = ctx;
  // An API key calls only operations that name a permission code: never the personal ones
  // (password, two-factor, own sessions, logout) of the user who created it.
  if (ctx.apiKey && !cfg.permission) throw new ApiError(403, 'auth.apiKeyForbidden');
  if (cfg.permission && !(await ctx.hasPermission(cfg.permission))) throw new ApiError(403, 'auth.forbidden');
  if (confirmsAuth !== false && ctx.unconfirmed)
    request.confirmAuth = (run) => runConfirmed(db, request, ctx, confirmsAuth, run);
  return ctx;
}

/**
 * Runs a call whose caller was taken from what the server holds, unconfirmed (`confirmsAuth`
 * routes). Should the sessions or permissions have changed since (AuthChanged), the caller is read
 * afresh and checked again, and `run` runs once more with what is current.
 */
async function runConfirmed<T>(
  db: Kysely<DB>,
  request: FastifyRequest,
  ctx: RequestContext,
  confirmsAuth: ConfirmsAuth,
  run: (ctx: RequestContext) => Promise<T>,
): Promise<T> {
  try {
    // From the handler on, not before: a hook's statement (another check) cannot be run again. A
    // call its hooks moved to the system scope (the operator's screens) opens no tenant's
    // transaction to confirm it in: it reads the generation before it runs, as a write has to.
    if (confirmsAuth === 'first-statement' && currentScope()?.mode === 'tenant')
      expectAuthGeneration(ctx.unconfirmed ?? null);
    else if (confirmsAuth === 'first-statement') await confirmNow(db, ctx);
    const result = await run(ctx);
    // No transaction of the call confirmed it (it answered from memory): one read before the answer goes.
    if (currentScope()?.unconfirmed) await confirmNow(db, ctx);
    return result;
  } catch (err) {
    if (!isAuthChanged(err)) throw err;
    // The route's own hooks ran once and stay decided (the operator's screens switch to the system scope).
    const scope = currentScope();
    const mode = scope?.mode;
    const fresh = await admit(db, request, false);
    if (scope && mode) scope.mode = mode;
    return run(fresh);
  }
}

/** Reads the generation: AuthChanged when it is no longer the one the caller was taken under. */
async function confirmNow(db: Kysely<DB>, ctx: RequestContext): Promise<void> {
  const cache = authCacheOf(db);
  await cache.refresh();
  if (cache.heldGeneration() !== ctx.unconfirmed) throw new AuthChanged();
  expectAuthGeneration(null);
}

/** Installs the authentication and permission hook on the /api plugin. */
export function installAuth(app: FastifyInstance, db: Kysely<DB>, config: Config): void {
  app.decorateRequest('ctx', null);
  app.decorateRequest('confirmAuth', null);
  // Each request gets its database scope: bearer routes act for a tenant (none until the token
  // names it); public and client-credential routes look tenants up themselves, as the system.
  app.addHook('onRequest', (request, _reply, done) => {
    const bearer = Boolean(request.routeOptions.url) && (request.routeOptions.config?.auth ?? 'bearer') === 'bearer';
    runInScope({ mode: bearer ? 'tenant' : 'system', tenantId: null }, done);
  });
  app.addHook('onRequest', async (request) => {
    const cfg = request.routeOptions.config;
    // Fail closed: a route that does not say how it authenticates needs a bearer token. Only the
    // not-found handler (no route URL) passes without one.
    if (!request.routeOptions.url) return;
    const mode = cfg?.auth ?? 'bearer';
    if (mode === 'none') return;
    if (mode === 'client') {
      if (!checkClientCredentials(header(request, 'authorization'), config.webClientId, config.webClientSecret)) {
        throw new ApiError(401, 'auth.clientInvalid');
      }
      return;
    }
    await admit(db, request, cfg.confirmsAuth ?? false);
  });
}
