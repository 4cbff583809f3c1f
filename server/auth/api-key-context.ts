/**
 * Authentication with an API key (issue 26): `Authorization: Bearer mes_…` → the same request
 * context a session gets, for the key's creator, narrowed to the key. Every call reads the key's row,
 * so a revoke, an expiry or the creator's disabling applies at the next call on every server.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/types';
import type {} from '../db/types-api-keys';
import { asSystem, bindTenant } from '../db/tenant-scope';
import { ApiError, type RequestContext } from '../http';
import { callerHeaders, header } from './headers';
import { API_KEY_RE } from '../../model/api-keys';
import { sha256 } from './tokens';
import { accountMayWork, canUseFactory, loadPermissions } from './permissions';
import { addressAllowed, takeKeyCall } from './api-key-limits';
import { plainAddress } from '../address-ranges';
import { CALLER_COLUMNS, callerUser } from './caller-columns';

/** How stale `last_used_at` may get before a call writes it again (one write a minute, not one a call). */
const TOUCH_EVERY_MS = 60_000;

async function touchKey(
  db: Kysely<DB>,
  key: { tenantId: string; id: string; lastUsedAt: Date | string | null; lastUsedIp: string | null },
  ip: string,
): Promise<void> {
  const stale = key.lastUsedAt === null || Date.now() - new Date(key.lastUsedAt).getTime() > TOUCH_EVERY_MS;
  if (!stale && key.lastUsedIp === ip) return;
  await db
    .updateTable('api_key')
    .set({ last_used_at: sql<Date>`now()`, last_used_ip: ip.slice(0, 64) })
    .where('tenant_id', '=', key.tenantId)
    .where('id', '=', key.id)
    .execute();
}

export async function authenticateApiKey(
  db: Kysely<DB>,
  request: FastifyRequest,
  secret: string,
): Promise<RequestContext> {
  if (!API_KEY_RE.test(secret)) throw new ApiError(401, 'auth.unauthorized');
  // The key names the tenant: until it is resolved, the lookup must look across tenants.
  const row = await asSystem(() =>
    db
      .selectFrom('api_key as k')
      .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'k.tenant_id').onRef('u.id', '=', 'k.created_by'))
      .innerJoin('tenant as t', 't.id', 'k.tenant_id')
      .select([
        'k.id',
        'k.name',
        'k.permissions',
        'k.factory_ids as factoryIds',
        'k.allowed_ips as allowedIps',
        'k.rate_limit as rateLimit',
        'k.last_used_at as lastUsedAt',
        'k.last_used_ip as lastUsedIp',
        'k.tenant_id as tenantId',
        ...CALLER_COLUMNS,
      ])
      .where('k.secret_hash', '=', sha256(secret))
      .where('k.revoked_at', 'is', null)
      .where('k.expires_at', '>', sql<Date>`now()`)
      .where(accountMayWork)
      .executeTakeFirst(),
  );
  if (!row) throw new ApiError(401, 'auth.unauthorized');
  bindTenant(row.tenantId);
  const apiKey = { id: row.id, name: row.name };
  // From here on a refusal is logged under the key (the error handler reads the context).
  const ip = plainAddress(request.ip);
  if (!addressAllowed(row.allowedIps, ip)) throw new ApiError(403, 'auth.apiKeyAddress');
  const retryAfter = takeKeyCall(row.id, row.rateLimit);
  if (retryAfter !== null) throw new ApiError(429, 'auth.apiKeyRateLimited', { retryAfter, limit: row.rateLimit });

  const user = callerUser(row);
  const factoryHeader = header(request, 'x-factory-id')?.trim().toLowerCase();
  let factoryId: string | null = null;
  if (factoryHeader) {
    const listed = row.factoryIds.some((f) => f.toLowerCase() === factoryHeader);
    if (!listed || !(await canUseFactory(db, row.tenantId, user.id, user.type, factoryHeader)))
      throw new ApiError(403, 'auth.factoryForbidden');
    factoryId = factoryHeader;
  }
  await touchKey(
    db,
    { tenantId: row.tenantId, id: row.id, lastUsedAt: row.lastUsedAt, lastUsedIp: row.lastUsedIp },
    ip,
  );
  // The key's codes that its creator still holds: a role taken from the creator narrows the key too.
  let perms: Promise<Set<string>> | null = null;
  const permissions = () =>
    (perms ??= loadPermissions(db, row.tenantId, user.id, user.type).then(
      (held) => new Set(row.permissions.filter((code) => held.has(code))),
    ));
  return {
    tenantId: row.tenantId,
    tenantCode: row.tenantCode,
    tenantName: row.tenantName,
    user,
    tokenId: row.id,
    ...callerHeaders(request),
    factoryId,
    permissions,
    hasPermission: async (code) => (await permissions()).has(code),
    apiKey,
  };
}
