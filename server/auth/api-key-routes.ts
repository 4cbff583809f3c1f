/**
 * API keys (issue 26): the tenant's keys for machines. A key never holds more than its creator:
 * codes or factories the caller lacks are refused naming the field. Keys cannot manage keys.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { apiKeys } from '../../model/contract/api-keys';
import { API_KEY_FIELD_LABELS } from '../../model/api-keys';
import type { DB } from '../db/types';
import { ApiError, notFound, validationError, type RequestContext } from '../http';
import type { Translator } from '../i18n';
import { serve } from '../serve';
import { logOperation, requestLine } from '../engine/oplog';
import { actorOf } from '../audit/write';
import { callerOf } from '../engine/scope';
import { canUseFactory } from './permissions';
import { createApiKey, getApiKey, keyFactoryOptions, listApiKeys, permissionEntries, revokeApiKey } from './api-keys';
import { onUniqueViolation } from '../db/errors';
import { localName } from '../i18n';

const notHeld = (tr: Translator, field: 'permissions' | 'factoryIds', index: number) =>
  validationError(
    [{ code: 'custom', path: [field, index], message: 'validation.notHeld', input: undefined } as z.core.$ZodIssue],
    tr,
    API_KEY_FIELD_LABELS,
  );

/** A key manages no keys: only a signed-in person does. */
function personOnly(ctx: RequestContext): void {
  if (ctx.apiKey) throw new ApiError(403, 'auth.apiKeyForbidden');
}

export function apiKeyRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, apiKeys.list, async ({ ctx }) => {
    personOnly(ctx);
    const records = await listApiKeys(db, ctx.tenantId);
    return { records, total: records.length };
  });

  serve(app, apiKeys.options, async ({ ctx }) => {
    personOnly(ctx);
    const held = await ctx.permissions();
    const buttons = await permissionEntries(db);
    const seen = new Set<string>();
    const permissions = buttons.flatMap((b) => {
      const code = b.perms as string;
      if (!held.has(code) || seen.has(code)) return [];
      seen.add(code);
      const own = localName(b.name, ctx.language, code);
      return [
        { code, name: b.type === 'menu' || !b.parentName ? own : `${localName(b.parentName, ctx.language)} / ${own}` },
      ];
    });
    return { permissions, factories: await keyFactoryOptions(db, ctx.tenantId, ctx.user.id, ctx.user.type) };
  });

  serve(app, apiKeys.create, async ({ body, ctx, tr, request }) => {
    personOnly(ctx);
    const held = await ctx.permissions();
    const missing = body.permissions.findIndex((code) => !held.has(code));
    if (missing >= 0) throw notHeld(tr, 'permissions', missing);
    for (const [i, factoryId] of body.factoryIds.entries()) {
      if (!(await canUseFactory(db, ctx.tenantId, ctx.user.id, ctx.user.type, factoryId)))
        throw notHeld(tr, 'factoryIds', i);
    }
    const made = await onUniqueViolation(
      () => createApiKey(db, ctx.tenantId, ctx.user.id, body, actorOf(ctx)),
      () => new ApiError(409, 'apiKey.nameTaken', { name: body.name }),
    );
    await logOperation(db, callerOf(ctx), {
      type: 'add',
      ...requestLine(request),
      resource: 'api-key',
      ids: [made.id],
    });
    const key = await getApiKey(db, ctx.tenantId, made.id);
    if (!key) throw notFound();
    return { key, secret: made.secret };
  });

  serve(app, apiKeys.revoke, async ({ params, ctx, request }) => {
    personOnly(ctx);
    if (!(await revokeApiKey(db, ctx.tenantId, params.id, ctx.user.id, actorOf(ctx)))) throw notFound();
    await logOperation(db, callerOf(ctx), {
      type: 'state',
      ...requestLine(request),
      resource: 'api-key',
      ids: [params.id],
    });
    const key = await getApiKey(db, ctx.tenantId, params.id);
    if (!key) throw notFound();
    return key;
  });
}
