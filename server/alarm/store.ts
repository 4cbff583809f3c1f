/** The SQL of alarms: raising, the feed by cursor, the open ones, acknowledging, and the administrators' search. */
import type { Insertable, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { AlarmSearch } from '../../model/alarm';
import type { AlarmTable, DB } from '../db/types';
import { containsPattern } from '../db/patterns';

type Alarm = Selectable<AlarmTable>;

/** Where alarms live: a factory of a tenant. */
export interface AlarmPlace {
  tenantId: string;
  factoryId: string;
}

const ofFactory = (db: Kysely<DB>, at: AlarmPlace) =>
  db.selectFrom('alarm').where('tenant_id', '=', at.tenantId).where('factory_id', '=', at.factoryId);

/** The tenant's factory of this code, if any. */
export async function factoryIdByCode(db: Kysely<DB>, tenantId: string, code: string): Promise<string | null> {
  const factory = await db
    .selectFrom('factory')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('code', '=', code)
    .executeTakeFirst();
  return factory?.id ?? null;
}

/** A new alarm (inside the caller's transaction); its row. */
export function insertAlarm(
  trx: Kysely<DB>,
  at: AlarmPlace,
  values: Omit<Insertable<AlarmTable>, 'tenant_id' | 'factory_id'>,
): Promise<Alarm> {
  return trx
    .insertInto('alarm')
    .values({ tenant_id: at.tenantId, factory_id: at.factoryId, ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The cursor of the factory's newest alarm ('0' before the first). */
export async function lastSeq(db: Kysely<DB>, at: AlarmPlace): Promise<string> {
  const last = await ofFactory(db, at)
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return String(last?.seq ?? '0');
}

/** The factory's alarms raised after the cursor, oldest first. */
export function alarmsAfter(db: Kysely<DB>, at: AlarmPlace, cursor: string, limit: number): Promise<Alarm[]> {
  return ofFactory(db, at).selectAll().where('seq', '>', cursor).orderBy('seq', 'asc').limit(limit).execute();
}

export async function unacknowledgedCount(db: Kysely<DB>, at: AlarmPlace): Promise<number> {
  const row = await ofFactory(db, at)
    .where('acknowledged_at', 'is', null)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The factory's alarms not acknowledged yet, newest first. */
export function openAlarms(db: Kysely<DB>, at: AlarmPlace, limit: number): Promise<Alarm[]> {
  return ofFactory(db, at)
    .selectAll()
    .where('acknowledged_at', 'is', null)
    .orderBy('occurred_at', 'desc')
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Acknowledges an alarm by the user now, if nobody has (inside the caller's transaction): its row
 * when this was the first acknowledgement, else undefined.
 */
export function acknowledgeFirst(trx: Kysely<DB>, at: AlarmPlace, id: string, userId: string) {
  return trx
    .updateTable('alarm')
    .set({ acknowledged_at: sql<Date>`now()`, acknowledged_by: userId })
    .where('tenant_id', '=', at.tenantId)
    .where('factory_id', '=', at.factoryId)
    .where('id', '=', id)
    .where('acknowledged_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function alarmOf(db: Kysely<DB>, at: AlarmPlace, id: string): Promise<Alarm | undefined> {
  return ofFactory(db, at).selectAll().where('id', '=', id).executeTakeFirst();
}

/** The factory's alarms matching the administrators' search (their page and export share it). */
export function searchedAlarms(db: Kysely<DB>, at: AlarmPlace, query: AlarmSearch) {
  let base = ofFactory(db, at);
  if (query.keyword) {
    const like = containsPattern(query.keyword);
    base = base.where((eb) =>
      eb.or(
        ['number', 'type', 'source_system', 'source_number', 'project_code', 'project_name', 'description'].map((c) =>
          eb(eb.ref(c as 'number'), 'ilike', like),
        ),
      ),
    );
  }
  if (query.level) base = base.where('level', '=', query.level);
  if (query.acknowledged) base = base.where('acknowledged_at', query.acknowledged === 'true' ? 'is not' : 'is', null);
  return base;
}
