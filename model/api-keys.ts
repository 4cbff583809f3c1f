/** API keys for machines (issue 26): what the API-key screen shows and sends. */
import { z } from 'zod';
import { Instant, Uuid, requiredText } from './contract/common';

export const API_KEY_PERMISSIONS = {
  view: 'platform:api-key:view',
  add: 'platform:api-key:add',
  revoke: 'platform:api-key:revoke',
} as const;

/** Every key's secret starts with this, so it is never taken for a session token (and secret scanners find it). */
export const API_KEY_PREFIX = 'mes_';
/** `mes_` and 43 base64url characters (32 random bytes). */
export const API_KEY_RE = /^mes_[A-Za-z0-9_-]{43}$/;

export const API_KEY_LIMITS = {
  maxDays: 3650,
  maxAddresses: 50,
  maxPermissions: 1000,
  maxRateLimit: 100_000,
  defaultRateLimit: 600,
} as const;

/** A key as the list shows it: never its secret. */
export const ApiKey = z
  .object({
    id: Uuid,
    name: z.string(),
    prefix: z.string().meta({ description: 'The first characters of the secret, to tell keys apart' }),
    permissions: z.array(z.string()),
    factoryIds: z.array(Uuid),
    allowedIps: z.array(z.string()).meta({ description: 'Client addresses or CIDR ranges; empty: any' }),
    rateLimit: z.number().int().meta({ description: 'Calls a minute' }),
    expiresAt: Instant,
    createdAt: Instant,
    createdBy: Uuid,
    creatorAccount: z.string(),
    revokedAt: Instant.nullable(),
    lastUsedAt: Instant.nullable(),
    lastUsedIp: z.string().nullable(),
    state: z.enum(['active', 'expired', 'revoked']),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeyList = z.object({ records: z.array(ApiKey), total: z.number().int() }).meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** A new key: its row and the secret, answered this once only. */
export const CreatedApiKey = z
  .object({
    key: ApiKey,
    secret: z.string().meta({ description: 'Send as `Authorization: Bearer <secret>`; shown once, stored hashed' }),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

/** What the caller may give a new key: its own permission codes and factories. */
export const ApiKeyOptions = z
  .object({
    permissions: z.array(z.object({ code: z.string(), name: z.string() })),
    factories: z.array(z.object({ id: Uuid, code: z.string(), name: z.string() })),
  })
  .meta({ id: 'ApiKeyOptions' });
export type ApiKeyOptions = z.infer<typeof ApiKeyOptions>;

const address = z
  .string()
  .trim()
  .pipe(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], { error: 'validation.ip' }));

export const apiKeyInput = z.object({
  name: requiredText(64),
  permissions: z
    .array(z.string().trim().min(1).max(128), { error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(API_KEY_LIMITS.maxPermissions, { error: 'validation.tooMany' }),
  factoryIds: z.array(Uuid, { error: 'validation.invalid' }).max(1000, { error: 'validation.tooMany' }).default([]),
  allowedIps: z
    .array(address, { error: 'validation.invalid' })
    .max(API_KEY_LIMITS.maxAddresses, { error: 'validation.tooMany' })
    .default([]),
  expiresInDays: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.tooSmall' })
    .max(API_KEY_LIMITS.maxDays, { error: 'validation.tooLarge' }),
  rateLimit: z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(1, { error: 'validation.tooSmall' })
    .max(API_KEY_LIMITS.maxRateLimit, { error: 'validation.tooLarge' })
    .default(API_KEY_LIMITS.defaultRateLimit),
});
export type ApiKeyInput = z.input<typeof apiKeyInput>;

export const API_KEY_FIELD_LABELS: Record<string, string> = {
  name: 'apiKey.name',
  permissions: 'apiKey.permissions',
  factoryIds: 'apiKey.factoryIds',
  allowedIps: 'apiKey.allowedIps',
  expiresInDays: 'apiKey.expiresInDays',
  rateLimit: 'apiKey.rateLimit',
};
