/**
 * The counters of encoding rules. `reserve` takes N consecutive offsets in ONE statement: the
 * upsert locks the counter row (or creates it) and adds N only while the rule has N codes left,
 * so two callers — in one process or in several — can never read the same value, and a call that
 * would run past the end code changes nothing. The caller's transaction holds the row until its
 * audit rows are written and it commits.
 *
 * `reserveIfUnchanged` is the same statement for a rule compiled earlier and held in memory: it takes
 * the offsets only while the stored rule still has the fingerprint it was compiled from, so a held
 * rule costs no round trip of its own and an edit made by any process is seen at the next code.
 */
import { sql, type RawBuilder } from 'kysely';
import type { CounterKey } from '../../model/rules';
import { pgCode } from '../db/errors';
import { literal } from '../db/tenant-scope';
import { fingerprintText, rowFingerprint, type RuleDb } from './store';

export interface CounterRef extends CounterKey {
  tenantId: string;
  ruleId: string;
}

function upsert(ref: CounterRef, count: number, capacity: bigint, also: RawBuilder<unknown> = sql`true`) {
  const n = String(count);
  const cap = capacity.toString();
  return sql`
    insert into encoding_counter as c (tenant_id, rule_id, factory_code, line_code, period, value)
    select ${ref.tenantId}, ${ref.ruleId}, ${ref.factoryCode}, ${ref.lineCode}, ${ref.period}, ${n}::bigint
    where ${n}::bigint <= ${cap}::bigint and ${also}
    on conflict (tenant_id, rule_id, factory_code, line_code, period)
    do update set value = c.value + excluded.value, updated_at = now()
      where c.value <= ${cap}::bigint - excluded.value
    returning c.value::text as value`;
}

/** Reserves `count` offsets; returns the first, or null when fewer than `count` are left. */
export async function reserve(db: RuleDb, ref: CounterRef, count: number, capacity: bigint): Promise<bigint | null> {
  const r = await sql<{ value: string }>`${upsert(ref, count, capacity)}`.execute(db);
  const row = r.rows[0];
  return row ? BigInt(row.value) - BigInt(count) : null;
}

/**
 * `reserve` for a rule whose stored row had `fingerprint`: 'changed' (nothing taken) when the row
 * is no longer so, or no longer there.
 */
export async function reserveIfUnchanged(
  db: RuleDb,
  ref: CounterRef,
  count: number,
  capacity: bigint,
  fingerprint: string,
): Promise<bigint | null | 'changed'> {
  const r = await sql<{ value: string | null; unchanged: boolean | null }>`
    with rule as (select ${rowFingerprint('e')} as fingerprint from encoding_rule e where e.tenant_id = ${ref.tenantId} and e.id = ${ref.ruleId}),
      taken as (${upsert(ref, count, capacity, sql`(select fingerprint from rule) = ${fingerprint}`)})
    select (select value from taken) as value, (select fingerprint from rule) = ${fingerprint} as unchanged`.execute(
    db,
  );
  const row = r.rows[0]!;
  if (row.unchanged !== true) return 'changed';
  return row.value === null ? null : BigInt(row.value) - BigInt(count);
}

/** How many codes the counter has issued (0 before the first). */
export async function issued(db: RuleDb, ref: CounterRef): Promise<bigint> {
  const r = await sql<{ value: string }>`
    select value::text as value from encoding_counter
    where tenant_id = ${ref.tenantId} and rule_id = ${ref.ruleId} and factory_code = ${ref.factoryCode}
      and line_code = ${ref.lineCode} and period = ${ref.period}`.execute(db);
  return r.rows[0] ? BigInt(r.rows[0].value) : 0n;
}

/**
 * `reserveIfUnchanged` as text for a message sent without parameters, for a counter whose value this
 * server already knows (`expected`): it takes `count` offsets from there only while the counter still
 * stands at `expected`, the rule still has `fingerprint` and `count` more fit; and, given `factory`, while
 * that factory still has that code. Otherwise it takes nothing and migration 043's check refuses the
 * message (SQLSTATE CNTMV).
 */
export function takeFromStatement(
  ref: CounterRef,
  expected: bigint,
  count: number,
  capacity: bigint,
  fingerprint: string,
  factory: { id: string; code: string } | null,
): string {
  const tenant = literal(ref.tenantId);
  const factoryUnchanged = factory
    ? `and exists (select 1 from factory f where f.tenant_id = ${tenant} and f.id = ${literal(factory.id)} and f.code = ${literal(factory.code)})`
    : '';
  return `with taken as (
      update encoding_counter c set value = c.value + ${count}, updated_at = now()
      where c.tenant_id = ${tenant} and c.rule_id = ${literal(ref.ruleId)} and c.factory_code = ${literal(ref.factoryCode)}
        and c.line_code = ${literal(ref.lineCode)} and c.period = ${literal(ref.period)}
        and c.value = ${expected}::bigint and ${expected}::bigint + ${count} <= ${capacity}::bigint
        and (select ${fingerprintText('e')} from encoding_rule e where e.tenant_id = ${tenant} and e.id = ${literal(ref.ruleId)}) = ${literal(fingerprint)}
        ${factoryUnchanged}
      returning 1)
    select expect_counter_taken((select count(*) from taken))`;
}

/** The counter refused a message formatted ahead: it moved since (see `takeFromStatement`). */
export const isCounterMoved = (err: unknown): boolean => pgCode(err) === 'CNTMV';
