/** The audit trail (issue 25): a record's history and the verification of the tenant's chain. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { audit } from '../../model/contract/audit';
import { RESOURCES, SYSTEM_RESOURCES } from '../../model/resources';
import type { DB } from '../db/types';
import { ApiError, ValidatedError } from '../http';
import { serve } from '../serve';
import { recordHistory } from './read';
import { verifyChain } from './verify';
import { changeRetention, readRetention, RetentionRefused } from './retention';
import { actorOf } from './write';
import { logOperation, requestLine } from '../engine/oplog';
import { callerOf } from '../engine/scope';
import { AUDIT_RETENTION_LABELS } from '../../model/audit';

/** The view permission of the hand-written features' entities (engine entities: their definition's). */
const HAND_WRITTEN_VIEW: Readonly<Record<string, string>> = {
  dict: 'platform:dict:view',
  'dict-item': 'platform:dict:view',
  'bom-line': 'basic:bom:view',
  'flow-model': 'flow:model:view',
  document: 'basic:document:view',
  webhook: 'platform:webhook:view',
  'api-key': 'platform:api-key:view',
  'security-policy': 'platform:security-policy:view',
  'audit-retention': 'log:audit-trail:view',
  notice: 'system:notice:view',
  'help-doc': 'system:help-doc:view',
  course: 'system:course:view',
  feedback: 'system:feedback:view',
  alarm: 'system:alarm:view',
  translation: 'helper:language:view',
  'tenant-languages': 'helper:language:view',
  'menu-application': 'helper:apply-menu:view',
};
const ENGINE = new Map([...RESOURCES, ...SYSTEM_RESOURCES].map((d) => [d.name, `${d.permissions}:view`]));

/** A record's history also needs the permission to view its kind of record, where one is known. */
export const viewPermissionOf = (entity: string): string | null =>
  ENGINE.get(entity) ?? HAND_WRITTEN_VIEW[entity] ?? null;

export function auditRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, audit.history, async ({ ctx, params, query }) => {
    const view = viewPermissionOf(params.entity);
    if (view && !(await ctx.hasPermission(view))) throw new ApiError(403, 'auth.forbidden');
    return {
      items: await recordHistory(
        db,
        { tenantId: ctx.tenantId, factoryId: ctx.factoryId },
        params.entity,
        params.id,
        query.limit,
      ),
    };
  });

  serve(app, audit.verify, async ({ ctx }) => verifyChain(db, ctx.tenantId));

  serve(app, audit.retention, async ({ ctx }) => readRetention(db, ctx.tenantId));

  serve(app, audit.setRetention, async ({ ctx, body, tr, request }) => {
    try {
      const saved = await changeRetention(db, actorOf(ctx), ctx.tenantCode, body);
      await logOperation(db, callerOf(ctx), {
        type: 'edit',
        ...requestLine(request),
        resource: 'audit-retention',
        ids: [ctx.tenantId],
      });
      return saved;
    } catch (err) {
      if (!(err instanceof RetentionRefused)) throw err;
      const message = tr.tm(err.key, { ...err.params, field: tr.tm(AUDIT_RETENTION_LABELS[err.field]!) });
      throw new ValidatedError(message, { errors: [{ field: err.field, key: err.key, message }] });
    }
  });
}
