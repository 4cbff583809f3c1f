/** The visits counted from the access records the shell sends (SPEC §2, §7 `menu/access/record/save`). */
import { sql, type Kysely } from 'kysely';
import type { VisitRange } from '../../model/statistics';
import type { DB, I18nText } from '../db/types';

/** Bucket unit, how many buckets, and their label format. */
const SHAPE: Record<VisitRange, { unit: 'hour' | 'day' | 'month'; count: number; format: string }> = {
  day: { unit: 'hour', count: 24, format: 'YYYY-MM-DD HH24:00' },
  week: { unit: 'day', count: 7, format: 'YYYY-MM-DD' },
  month: { unit: 'day', count: 30, format: 'YYYY-MM-DD' },
  year: { unit: 'month', count: 12, format: 'YYYY-MM' },
};

/** Whose visits, over which range, in the caller's zone (minutes behind UTC). */
export interface VisitScope {
  tenantId: string;
  /** Only this factory's visits; every factory's when null. */
  factoryId: string | null;
  range: VisitRange;
  top: number;
  offsetMinutes: number;
}

/** Visits per bucket of the range (every bucket, empty ones as 0), and the most frequent visitors and screens. */
export async function visitCounts(db: Kysely<DB>, v: VisitScope) {
  const shape = SHAPE[v.range];
  const local = sql`(r.created_at - make_interval(mins => ${v.offsetMinutes}))`;
  const nowLocal = sql`(now() - make_interval(mins => ${v.offsetMinutes}))`;
  const step = sql.raw(`interval '1 ${shape.unit}'`);
  const unit = sql.lit(shape.unit);
  const start = sql`date_trunc(${unit}, ${nowLocal}) - (${shape.count - 1} * ${step})`;
  const scoped = () => {
    let q = db
      .selectFrom('menu_access_record as r')
      .where('r.tenant_id', '=', v.tenantId)
      .where(sql<boolean>`${local} >= ${start}`);
    if (v.factoryId) q = q.where('r.factory_id', '=', v.factoryId);
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
  const visitors = await scoped()
    .innerJoin('app_user as u', (j) => j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'))
    .select(['u.id', 'u.account', 'u.nickname', sql<string>`count(*)`.as('n')])
    .groupBy(['u.id', 'u.account', 'u.nickname'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('u.account')
    .limit(v.top)
    .execute();
  const menus = await scoped()
    .innerJoin('menu as m', 'm.id', 'r.function_id')
    .select(['m.id', 'm.name_i18n', sql<string>`count(*)`.as('n')])
    .groupBy(['m.id', 'm.name_i18n'])
    .orderBy(sql`count(*)`, 'desc')
    .limit(v.top)
    .execute();
  return {
    series: buckets.rows.map((b) => ({ bucket: b.bucket, count: byBucket.get(b.bucket) ?? 0 })),
    visitors,
    menus: menus.map((m) => ({ ...m, name_i18n: m.name_i18n as I18nText })),
  };
}
