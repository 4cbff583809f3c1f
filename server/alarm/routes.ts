/** Alarms: raised by other domains, fed to the shell by cursor, acknowledged (SPEC §3, issue 9). */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { ALARM_FEED_MAX, type AlarmItem } from '../../model/alarm';
import { alarm } from '../../model/contract/alarm';
import type { AlarmTable, DB } from '../db/types';
import { ApiError, notFound, type RequestContext } from '../http';
import { emitEvent } from '../webhooks/emit';
import { serve } from '../serve';
import { isUniqueViolation } from '../db/errors';
import { recordRows } from '../audit/record';
import { actorOf } from '../audit/write';

/** The feed's cursor is bookkeeping, not part of the alarm. */
const HISTORY_IGNORE = ['seq'];

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** An alarm row as the API answers it (the raiser's, the board's and the administrators' calls alike). */
export function toItem(r: Selectable<AlarmTable>): AlarmItem {
  return {
    id: r.id,
    number: r.number,
    type: r.type,
    sourceSystem: r.source_system,
    sourceNumber: r.source_number,
    projectCode: r.project_code,
    projectName: r.project_name,
    description: r.description,
    level: r.level,
    occurredAt: iso(r.occurred_at),
    acknowledgedAt: r.acknowledged_at ? iso(r.acknowledged_at) : null,
  };
}

/** Alarms belong to a factory: the one chosen in the shell. */
function factoryOf(ctx: RequestContext): string {
  if (!ctx.factoryId) throw new ApiError(400, 'alarm.factoryRequired');
  return ctx.factoryId;
}

const ofFactory = (db: Kysely<DB>, ctx: RequestContext, factoryId: string) =>
  db.selectFrom('alarm').where('tenant_id', '=', ctx.tenantId).where('factory_id', '=', factoryId);

async function unacknowledged(db: Kysely<DB>, ctx: RequestContext, factoryId: string): Promise<number> {
  const row = await ofFactory(db, ctx, factoryId)
    .where('acknowledged_at', 'is', null)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function alarmRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, alarm.raise, async ({ ctx, body }) => {
    let factoryId = ctx.factoryId;
    if (body.factoryCode) {
      const factory = await db
        .selectFrom('factory')
        .select('id')
        .where('tenant_id', '=', ctx.tenantId)
        .where('code', '=', body.factoryCode)
        .executeTakeFirst();
      if (!factory) throw new ApiError(400, 'alarm.unknownFactory', { field: 'factoryCode', value: body.factoryCode });
      factoryId = factory.id;
    }
    if (!factoryId) throw new ApiError(400, 'alarm.factoryRequired');
    try {
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('alarm')
          .values({
            tenant_id: ctx.tenantId,
            factory_id: factoryId,
            number: body.number,
            type: body.type,
            source_system: body.sourceSystem,
            source_number: body.sourceNumber ?? null,
            project_code: body.projectCode ?? null,
            project_name: body.projectName ?? null,
            description: body.description,
            level: body.level,
            ...(body.occurredAt ? { occurred_at: new Date(body.occurredAt) } : {}),
            created_by: ctx.user.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await emitEvent(trx, ctx.tenantId, 'alarm.raised', { factoryId, alarm: toItem(inserted) });
        await recordRows(
          trx,
          actorOf(ctx),
          'alarm',
          'create',
          [{ id: inserted.id, code: inserted.number, factoryId, before: null, after: inserted }],
          { ignore: HISTORY_IGNORE },
        );
        return inserted;
      });
      return toItem(row);
    } catch (err) {
      if (isUniqueViolation(err))
        throw new ApiError(409, 'alarm.duplicateNumber', { field: 'number', value: body.number });
      throw err;
    }
  });

  serve(app, alarm.feed, async ({ ctx, query }) => {
    if (!ctx.factoryId) return { records: [], unacknowledged: 0, cursor: query.after ?? '0' };
    const factoryId = ctx.factoryId;
    if (query.after === undefined) {
      // The first call only learns where "now" is: old alarms are not news.
      const last = await ofFactory(db, ctx, factoryId)
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst();
      return {
        records: [],
        unacknowledged: await unacknowledged(db, ctx, factoryId),
        cursor: String(last?.seq ?? '0'),
      };
    }
    const rows = await ofFactory(db, ctx, factoryId)
      .selectAll()
      .where('seq', '>', query.after)
      .orderBy('seq', 'asc')
      .limit(ALARM_FEED_MAX)
      .execute();
    const cursor = rows.length ? String(rows[rows.length - 1]!.seq) : query.after;
    return { records: rows.map(toItem), unacknowledged: await unacknowledged(db, ctx, factoryId), cursor };
  });

  serve(app, alarm.open, async ({ ctx, query }) => {
    const factoryId = factoryOf(ctx);
    const rows = await ofFactory(db, ctx, factoryId)
      .selectAll()
      .where('acknowledged_at', 'is', null)
      .orderBy('occurred_at', 'desc')
      .orderBy('seq', 'desc')
      .limit(query.limit)
      .execute();
    return { records: rows.map(toItem), total: await unacknowledged(db, ctx, factoryId) };
  });

  serve(app, alarm.acknowledge, async ({ ctx, params }) => {
    const factoryId = factoryOf(ctx);
    const row = await db.transaction().execute(async (trx) => {
      const first = await trx
        .updateTable('alarm')
        .set({ acknowledged_at: sql<Date>`now()`, acknowledged_by: ctx.user.id })
        .where('tenant_id', '=', ctx.tenantId)
        .where('factory_id', '=', factoryId)
        .where('id', '=', params.id)
        .where('acknowledged_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      // Only the first acknowledgement is news (and history); acknowledging again keeps it.
      if (first) {
        await emitEvent(trx, ctx.tenantId, 'alarm.acknowledged', {
          factoryId,
          acknowledgedBy: ctx.user.id,
          alarm: toItem(first),
        });
        await recordRows(trx, actorOf(ctx), 'alarm', 'state', [
          {
            id: first.id,
            code: first.number,
            factoryId,
            before: { acknowledged_at: null, acknowledged_by: null },
            after: { acknowledged_at: first.acknowledged_at, acknowledged_by: first.acknowledged_by },
          },
        ]);
      }
      return first ?? ofFactory(trx, ctx, factoryId).selectAll().where('id', '=', params.id).executeTakeFirst();
    });
    if (!row) throw notFound();
    return toItem(row);
  });
}
