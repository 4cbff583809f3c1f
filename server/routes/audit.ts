/** The audit trail (issue 25): a record's history and the verification of the tenant's chain. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { audit } from '../../model/contract/audit';
import type { DB } from '../db/types';
import { serve } from '../serve';
import { recordHistory } from '../audit/read';
import { verifyChain } from '../audit/verify';

export function auditRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, audit.history, async ({ ctx, params, query }) => ({
    items: await recordHistory(db, { tenantId: ctx.tenantId, factoryId: ctx.factoryId }, params.entity, params.id, query.limit),
  }));

  serve(app, audit.verify, async ({ ctx }) => verifyChain(db, ctx.tenantId));
}
