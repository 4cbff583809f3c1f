/** Visit statistics over the access records the shell sends (SPEC §2, §7 `menu/access/record/save`). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { statistics } from '../../model/contract/statistics';
import type { VisitRange } from '../../model/statistics';
import type { DB, I18nText } from '../db/types';
import { serve } from '../serve';
import { localName } from './platform';

/** Bucket unit, how many buckets, and their label format. */
const SHAPE: Record<VisitRange, { unit: 'hour' | 'day' | 'month'; count: number; format: string }> = {
  day: { unit: 'hour', count: 24, format: 'YYYY-MM-DD HH24:00' },
  week: { unit: 'day', count: 7, format: 'YYYY-MM-DD' },
  month: { unit: 'day', count: 30, format: 'YYYY-MM-DD' },
  year: { unit: 'month', count: 12, format: 'YYYY-MM' },
};

export function statisticsRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  const { db } = opts;
  serve(app, statistics.visits, async ({ ctx, query, request }) => {
    const shape = SHAPE[query.range];
    // The client's offset (minutes behind UTC, as Date#getTimezoneOffset gives it), so buckets are local days.
    const raw = Number(request.headers['x-timezone-offset']);
    const offset = Number.isInteger(raw) && Math.abs(raw) <= 14 * 60 ? raw : 0;
    const local = sql`(r.created_at - make_interval(mins => ${offset}))`;
    const nowLocal = sql`(now() - make_interval(mins => ${offset}))`;
    const step = sql.raw(`interval '1 ${shape.unit}'`);
    const unit = sql.lit(shape.unit);
    const start = sql`date_trunc(${unit}, ${nowLocal}) - (${shape.count - 1} * ${step})`;
    const scoped = () => {
      let q = db
        .selectFrom('menu_access_record as r')
        .where('r.tenant_id', '=', ctx.tenantId)
        .where(sql<boolean>`${local} >= ${start}`);
      if (ctx.factoryId) q = q.where('r.factory_id', '=', ctx.factoryId);
      return q;
    };
    const counts = await scoped()
      .select([
        sql<string>`to_char(date_trunc(${unit}, ${local}), ${shape.format})`.as('bucket'),
        sql<string>`count(*)`.as('n'),
      ])
      .groupBy(sql`1`)
      .execute();
    const byBucket = new Map(counts.map((c) => [c.bucket, Number(c.n)]));
    const buckets = await sql<{ bucket: string }>`
      select to_char(b, ${shape.format}) as bucket
      from generate_series(${start}, date_trunc(${unit}, ${nowLocal}), ${step}) as b`.execute(db);
    const series = buckets.rows.map((b) => ({ bucket: b.bucket, count: byBucket.get(b.bucket) ?? 0 }));
    const visitors = await scoped()
      .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'))
      .select(['u.id', 'u.account', 'u.nickname', sql<string>`count(*)`.as('n')])
      .groupBy(['u.id', 'u.account', 'u.nickname'])
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('u.account')
      .limit(query.top)
      .execute();
    const menus = await scoped()
      .innerJoin('menu as m', 'm.id', 'r.function_id')
      .select(['m.id', 'm.name_i18n', sql<string>`count(*)`.as('n')])
      .groupBy(['m.id', 'm.name_i18n'])
      .orderBy(sql`count(*)`, 'desc')
      .limit(query.top)
      .execute();
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
        name: localName(m.name_i18n as I18nText, ctx.language),
        count: Number(m.n),
      })),
    };
  });
}
