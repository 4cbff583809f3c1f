/** Reading rule rows by their definition's columns, and writing the audit of issued codes. */
import { sql, type Kysely } from 'kysely';
import type { ResourceDef } from '../../model/engine';
import { literal } from '../db/tenant-scope';
import { prefixPattern } from '../db/patterns';
import type { PageQuery } from '../db/page';
import type { DB } from '../db/types';

export type RuleDb = Kysely<DB>;

function byFieldKey(def: ResourceDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id };
  for (const [key, f] of Object.entries(def.fields)) {
    const v = row[f.column!];
    out[key] = f.kind === 'details' && typeof v === 'string' ? JSON.parse(v) : (v ?? null);
  }
  return out;
}

/** One row of `def`'s table in the tenant, by field key (details parsed), or undefined. */
export async function loadRow(
  db: RuleDb,
  def: ResourceDef,
  tenantId: string,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const r = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(def.table)} where tenant_id = ${tenantId} and id = ${id}`.execute(db);
  const row = r.rows[0];
  return row ? byFieldKey(def, row) : undefined;
}

/**
 * The whole stored row's digest, as `loadRowWithFingerprint` reads it and a statement can check it;
 * as text for a statement sent without parameters (`alias` is the caller's own constant).
 */
export const fingerprintText = (alias: string) => `md5("${alias}"::text)`;
export const rowFingerprint = (alias: string) => sql<string>`${sql.raw(fingerprintText(alias))}`;

/** `loadRow`, with the fingerprint of the row as stored: any change to any column changes it. */
export async function loadRowWithFingerprint(
  db: RuleDb,
  def: ResourceDef,
  tenantId: string,
  id: string,
): Promise<{ row: Record<string, unknown>; fingerprint: string } | undefined> {
  const r = await sql<Record<string, unknown> & { fingerprint: string }>`
    select t.*, ${rowFingerprint('t')} as fingerprint from ${sql.table(def.table)} t where t.tenant_id = ${tenantId} and t.id = ${id}`.execute(
    db,
  );
  const row = r.rows[0];
  return row ? { row: byFieldKey(def, row), fingerprint: row.fingerprint } : undefined;
}

/** Whether the encoding rule's stored row still has `fingerprint`. */
export async function ruleUnchanged(db: RuleDb, tenantId: string, id: string, fingerprint: string): Promise<boolean> {
  const r = await sql<{
    fingerprint: string;
  }>`select ${rowFingerprint('e')} as fingerprint from encoding_rule e where e.tenant_id = ${tenantId} and e.id = ${id}`.execute(
    db,
  );
  return r.rows[0]?.fingerprint === fingerprint;
}

/** One issued code as its audit row records it. */
export interface AuditRow {
  code: string;
  counterValue: string;
  factoryCode: string;
  lineCode: string;
  period: string;
  date: string;
  batchId: string;
  userId: string;
  account: string;
}

/**
 * The audit rows of one rule as one append-only statement whatever their number, without parameters
 * (values inlined), so that it can end the issuing transaction together with its COMMIT (`commitWith`).
 */
export function auditStatement(tenantId: string, ruleId: string, rows: AuditRow[]): string {
  return `insert into encoding_issue (tenant_id, rule_id, code, counter_value, factory_code, line_code, period, issue_date, batch_id, user_id, account)
    select ${literal(tenantId)}::uuid, ${literal(ruleId)}::uuid, r.code, r."counterValue"::bigint, r."factoryCode", r."lineCode", r.period, r.date::date, r."batchId"::uuid, r."userId"::uuid, r.account
    from jsonb_to_recordset(${literal(JSON.stringify(rows))}::jsonb)
      as r(code text, "counterValue" text, "factoryCode" text, "lineCode" text, period text, date text, "batchId" text, "userId" text, account text)`;
}

/** The first of `codes` the rule has already issued, if any. */
export async function alreadyIssued(
  db: RuleDb,
  tenantId: string,
  ruleId: string,
  codes: string[],
): Promise<string | null> {
  const r = await sql<{ code: string }>`
    select i.code from encoding_issue i
    where i.tenant_id = ${tenantId} and i.rule_id = ${ruleId}
      and i.code in (select jsonb_array_elements_text(${JSON.stringify(codes)}::jsonb))
    order by i.code
    limit 1`.execute(db);
  return r.rows[0]?.code ?? null;
}

/** One page of the tenant's issued codes, newest first, with the total; by code prefix, rule and batch when given. */
export async function issuedPage(
  db: RuleDb,
  tenantId: string,
  filter: { code?: string; ruleId?: string; batchId?: string },
  query: PageQuery,
) {
  const where = [sql`i.tenant_id = ${tenantId}`];
  if (filter.code) where.push(sql`i.code like ${prefixPattern(filter.code)}`);
  if (filter.ruleId) where.push(sql`i.rule_id = ${filter.ruleId}`);
  if (filter.batchId) where.push(sql`i.batch_id = ${filter.batchId}`);
  const cond = sql.join(where, sql` and `);
  const rows = await sql<{
    code: string;
    rule_id: string;
    rule_name: string;
    factory_code: string;
    line_code: string;
    period: string;
    issue_date: string;
    batch_id: string;
    account: string;
    issued_at: Date | string;
    total: string;
  }>`
    select i.code, i.rule_id, r.name as rule_name, i.factory_code, i.line_code, i.period, i.issue_date::text as issue_date, i.batch_id, i.account, i.issued_at,
      count(*) over () as total
    from encoding_issue i join encoding_rule r on r.tenant_id = i.tenant_id and r.id = i.rule_id
    where ${cond}
    order by i.id desc
    limit ${query.size} offset ${(query.page - 1) * query.size}`.execute(db);
  let total = Number(rows.rows[0]?.total ?? 0);
  // An empty page past the end still answers how many there are.
  if (rows.rows.length === 0 && query.page > 1) {
    const c = await sql<{ n: string }>`select count(*) as n from encoding_issue i where ${cond}`.execute(db);
    total = Number(c.rows[0]?.n ?? 0);
  }
  return { rows: rows.rows, total };
}
