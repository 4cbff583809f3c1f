/** API keys of a tenant (issue 26): made (the secret answered once, its sha256 kept), listed, revoked. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/types';
import type {} from '../db/types-api-keys';
import { API_KEY_PREFIX, type ApiKey } from '../../model/api-keys';
import { sha256 } from './tokens';
import type { AuditActor } from '../audit/write';
import { recordRows } from '../audit/record';
import { usableFactories } from './permissions';
import { isoOrNull } from '../dates';

/** A new secret: `mes_` and 32 random bytes in base64url. */
export const newApiKeySecret = () => `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;

function listQuery(db: Kysely<DB>, tenantId: string) {
  return db
    .selectFrom('api_key as k')
    .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'k.tenant_id').onRef('u.id', '=', 'k.created_by'))
    .select([
      'k.id',
      'k.name',
      'k.prefix',
      'k.permissions',
      'k.factory_ids as factoryIds',
      'k.allowed_ips as allowedIps',
      'k.rate_limit as rateLimit',
      'k.expires_at as expiresAt',
      'k.created_at as createdAt',
      'k.created_by as createdBy',
      'u.account as creatorAccount',
      'k.revoked_at as revokedAt',
      'k.last_used_at as lastUsedAt',
      'k.last_used_ip as lastUsedIp',
    ])
    .where('k.tenant_id', '=', tenantId);
}
type Row = Awaited<ReturnType<ReturnType<typeof listQuery>['executeTakeFirstOrThrow']>>;

function toApiKey(r: Row, now = Date.now()): ApiKey {
  const state = r.revokedAt !== null ? 'revoked' : new Date(r.expiresAt).getTime() <= now ? 'expired' : 'active';
  return {
    ...r,
    expiresAt: new Date(r.expiresAt).toISOString(),
    createdAt: new Date(r.createdAt).toISOString(),
    revokedAt: isoOrNull(r.revokedAt),
    lastUsedAt: isoOrNull(r.lastUsedAt),
    state,
  };
}

export async function listApiKeys(db: Kysely<DB>, tenantId: string): Promise<ApiKey[]> {
  const rows = await listQuery(db, tenantId).orderBy('k.created_at', 'desc').orderBy('k.id').limit(1000).execute();
  return rows.map((r) => toApiKey(r));
}

export async function getApiKey(db: Kysely<DB>, tenantId: string, id: string): Promise<ApiKey | null> {
  const row = await listQuery(db, tenantId).where('k.id', '=', id).executeTakeFirst();
  return row ? toApiKey(row) : null;
}

export interface NewApiKey {
  name: string;
  permissions: readonly string[];
  factoryIds: readonly string[];
  allowedIps: readonly string[];
  expiresInDays: number;
  rateLimit: number;
}

/** Stores a key for its creator; answers its id and the secret (never stored, never answered again). */
export async function createApiKey(
  db: Kysely<DB>,
  tenantId: string,
  createdBy: string,
  input: NewApiKey,
  actor?: AuditActor,
): Promise<{ id: string; secret: string }> {
  if (actor && !db.isTransaction)
    return db.transaction().execute((trx) => createApiKey(trx, tenantId, createdBy, input, actor));
  const secret = newApiKeySecret();
  const row = await db
    .insertInto('api_key')
    .values({
      tenant_id: tenantId,
      name: input.name,
      prefix: secret.slice(0, API_KEY_PREFIX.length + 4),
      secret_hash: sha256(secret),
      permissions: [...new Set(input.permissions)],
      factory_ids: [...new Set(input.factoryIds.map((f) => f.toLowerCase()))],
      allowed_ips: [...new Set(input.allowedIps)],
      rate_limit: input.rateLimit,
      expires_at: sql<Date>`now() + make_interval(days => ${input.expiresInDays}::int)`,
      created_by: createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (actor)
    await recordRows(db, actor, 'api-key', 'create', [{ id: row.id, code: row.name, before: null, after: row }], {
      secrets: ['secret_hash'],
      ignore: ['last_used_at', 'last_used_ip'],
    });
  return { id: row.id, secret };
}

/** Revokes a key of the tenant (at once: every call reads its row); false when it has no such key. */
export async function revokeApiKey(
  db: Kysely<DB>,
  tenantId: string,
  id: string,
  revokedBy: string,
  actor?: AuditActor,
): Promise<boolean> {
  if (actor && !db.isTransaction)
    return db.transaction().execute((trx) => revokeApiKey(trx, tenantId, id, revokedBy, actor));
  const revoked = await db
    .updateTable('api_key')
    .set({ revoked_at: sql<Date>`now()`, revoked_by: revokedBy })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(['id', 'name', 'revoked_at', 'revoked_by'])
    .executeTakeFirst();
  if (actor && revoked) {
    await recordRows(db, actor, 'api-key', 'state', [
      {
        id,
        code: revoked.name,
        before: { revokedAt: null, revokedBy: null },
        after: { revokedAt: revoked.revoked_at, revokedBy: revoked.revoked_by },
      },
    ]);
  }
  return (
    (await db
      .selectFrom('api_key')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined
  );
}

/** Every menu entry that carries a permission code, with its parent's name, in menu order: what a key may be given. */
export async function permissionEntries(db: Kysely<DB>) {
  return db
    .selectFrom('menu as m')
    .leftJoin('menu as p', 'p.id', 'm.parent_id')
    .select(['m.perms', 'm.name_i18n as name', 'p.name_i18n as parentName', 'm.type'])
    .where('m.perms', 'is not', null)
    .orderBy('m.sort')
    .orderBy('m.perms')
    .execute();
}

/** The factories a key of this user may be limited to: those the user may work in, by code. */
export async function keyFactoryOptions(db: Kysely<DB>, tenantId: string, userId: string, type: 'admin' | 'staff') {
  return usableFactories(db, tenantId, userId, type).select(['f.id', 'f.code', 'f.name']).orderBy('f.code').execute();
}
