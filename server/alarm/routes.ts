/** Alarms: raised by other domains, fed to the shell by cursor, acknowledged (SPEC §3, issue 9). */
import type { FastifyInstance } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { ALARM_FEED_MAX, type AlarmItem } from '../../model/alarm';
import { alarm } from '../../model/contract/alarm';
import type { AlarmTable, DB } from '../db/types';
import { ApiError, notFound, type RequestContext } from '../http';
import { emitEvent } from '../webhooks/emit';
import { serve } from '../serve';
import { isUniqueViolation } from '../db/errors';
import { recordRows } from '../audit/record';
import { actorOf } from '../audit/write';
import {
  acknowledgeFirst,
  alarmOf,
  alarmsAfter,
  factoryIdByCode,
  insertAlarm,
  lastSeq,
  openAlarms,
  unacknowledgedCount,
  type AlarmPlace,
} from './store';
import { iso } from '../dates';

/** The feed's cursor is bookkeeping, not part of the alarm. */
const HISTORY_IGNORE = ['seq'];

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
export function placeOf(ctx: RequestContext): AlarmPlace {
  if (!ctx.factoryId) throw new ApiError(400, 'alarm.factoryRequired');
  return { tenantId: ctx.tenantId, factoryId: ctx.factoryId };
}

export function alarmRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;

  serve(app, alarm.raise, async ({ ctx, body }) => {
    let factoryId = ctx.factoryId;
    if (body.factoryCode) {
      factoryId = await factoryIdByCode(db, ctx.tenantId, body.factoryCode);
      if (!factoryId)
        throw new ApiError(400, 'alarm.unknownFactory', { field: 'factoryCode', value: body.factoryCode });
    }
    if (!factoryId) throw new ApiError(400, 'alarm.factoryRequired');
    try {
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await insertAlarm(
          trx,
          { tenantId: ctx.tenantId, factoryId },
          {
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
          },
        );
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
    const at = placeOf(ctx);
    if (query.after === undefined) {
      // The first call only learns where "now" is: old alarms are not news.
      return { records: [], unacknowledged: await unacknowledgedCount(db, at), cursor: await lastSeq(db, at) };
    }
    const rows = await alarmsAfter(db, at, query.after, ALARM_FEED_MAX);
    const cursor = rows.length ? String(rows[rows.length - 1]!.seq) : query.after;
    return { records: rows.map(toItem), unacknowledged: await unacknowledgedCount(db, at), cursor };
  });

  serve(app, alarm.open, async ({ ctx, query }) => {
    const at = placeOf(ctx);
    const rows = await openAlarms(db, at, query.limit);
    return { records: rows.map(toItem), total: await unacknowledgedCount(db, at) };
  });

  serve(app, alarm.acknowledge, async ({ ctx, params }) => {
    const at = placeOf(ctx);
    const { factoryId } = at;
    const row = await db.transaction().execute(async (trx) => {
      const first = await acknowledgeFirst(trx, at, params.id, ctx.user.id);
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
      return first ?? alarmOf(trx, at, params.id);
    });
    if (!row) throw notFound();
    return toItem(row);
  });
}
