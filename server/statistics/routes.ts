/** Visit statistics (SPEC §2): visits per hour, day or month, and the most frequent visitors and screens. */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { statistics } from '../../model/contract/statistics';
import type { DB } from '../db/types';
import { serve } from '../serve';
import { localName } from '../i18n';
import { visitCounts } from './store';

export function statisticsRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  serve(app, statistics.visits, async ({ ctx, query, request }) => {
    // The client's offset (minutes behind UTC, as Date#getTimezoneOffset gives it), so buckets are local days.
    const raw = Number(request.headers['x-timezone-offset']);
    const { series, visitors, menus } = await visitCounts(db, {
      tenantId: ctx.tenantId,
      factoryId: ctx.factoryId,
      range: query.range,
      top: query.top,
      offsetMinutes: Number.isInteger(raw) && Math.abs(raw) <= 14 * 60 ? raw : 0,
    });
    return {
      range: query.range,
      series,
      total: series.reduce((sum, b) => sum + b.count, 0),
      topVisitors: visitors.map((v) => ({
        userId: v.id,
        account: v.account,
        nickname: v.nickname,
        count: Number(v.n),
      })),
      topMenus: menus.map((m) => ({
        functionId: m.id,
        name: localName(m.name_i18n, ctx.language),
        count: Number(m.n),
      })),
    };
  });
}
