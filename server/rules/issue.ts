/**
 * Issuing codes from an encoding rule. Concurrent requests for one rule in one process go in one
 * transaction (group commit): the rule is read once, each counter key gets ONE row-locked update that
 * reserves the sum of the counts, the numbers are handed out in arrival order, and one multi-row
 * insert audits every code. Across processes the counter row's lock still orders the batches, so
 * no number is given twice or skipped. A batch that fails as a whole is retried one request at a
 * time, so one request's failure never becomes its neighbours'.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { encodingRule } from '../../model/resources/encoding-rule';
import {
  EncodingError, MAX_GENERATE, compileEncodingRule, counterKey, encodingRuleIssues, formatCodes,
  type CompiledRule, type EncodingContext, type EncodingRuleInput, type ExhaustedData, type GenerateContext, type GenerateResult, type ResolvedContext,
} from '../../model/rules';
import type { DB } from '../db/types';
import { withTenant } from '../db/tenant-scope';
import { notFound, type RequestContext } from '../http';
import { issued, reserve, type CounterRef } from './counter';
import { resolveContext, type LookupMemo } from './context';
import { RuleError } from './errors';
import { GroupCommit, type Settled } from './group-commit';
import { alreadyIssued, loadRow, writeAudits, type AuditRow } from './store';

/** Compiles a stored rule; a row that no longer passes validation is refused rather than guessed at. */
export function compileStored(row: Record<string, unknown>): CompiledRule {
  if (encodingRuleIssues(row).length > 0 || !Array.isArray(row.details) || row.details.length === 0) {
    throw new RuleError(409, 'rules.ruleInvalid', { name: String(row.name) });
  }
  return compileEncodingRule(row as unknown as EncodingRuleInput);
}

/** Formats codes, turning a context the rule cannot print into a 400 with the shared message. */
export function format(rule: CompiledRule, first: bigint, count: number, ctx: EncodingContext): string[] {
  try {
    return formatCodes(rule, first, count, ctx);
  } catch (err) {
    if (err instanceof EncodingError) throw new RuleError(400, err.key, err.params, null, 'model');
    throw err;
  }
}

/** Codes still available after `done` (0, not negative, when a rule was narrowed after issuing). */
export const left = (rule: CompiledRule, done: bigint) => (rule.capacity > done ? rule.capacity - done : 0n);

interface Ask {
  tenantId: string;
  ruleId: string;
  ctx: RequestContext;
  request: FastifyRequest;
  count: number;
  context: GenerateContext;
}

interface Plan {
  index: number;
  ask: Ask;
  encoding: EncodingContext;
  resolved: ResolvedContext;
  ref: CounterRef;
  codes: string[];
  first: bigint;
}

const failed = (error: unknown): Settled<GenerateResult> => ({ ok: false, error });

async function exhausted(db: Kysely<DB>, rule: CompiledRule, ref: CounterRef, name: string, count: number): Promise<RuleError> {
  const remaining = left(rule, await issued(db, ref)).toString();
  const data: ExhaustedData = { requested: count, remaining };
  return new RuleError(409, 'rules.exhausted', { name, remaining, requested: count }, data);
}

/** Reserves numbers for plans of one counter key: one update for all, or one each when the sum does not fit. */
async function reserveGroup(trx: Kysely<DB>, rule: CompiledRule, name: string, group: Plan[], out: Settled<GenerateResult>[]): Promise<Plan[]> {
  const ref = group[0]!.ref;
  const total = group.reduce((s, p) => s + p.ask.count, 0);
  let start = await reserve(trx, ref, total, rule.capacity);
  if (start !== null) {
    for (const p of group) {
      p.first = start;
      start += BigInt(p.ask.count);
    }
    return group;
  }
  const granted: Plan[] = [];
  for (const p of group) {
    const first = await reserve(trx, ref, p.ask.count, rule.capacity);
    if (first === null) out[p.index] = failed(await exhausted(trx, rule, ref, name, p.ask.count));
    else {
      p.first = first;
      granted.push(p);
    }
  }
  return granted;
}

/** One batch inside its transaction. `issuing` collects the codes about to be audited (for a clash's message). */
async function issueBatch(trx: Kysely<DB>, asks: Ask[], issuing: string[]): Promise<Settled<GenerateResult>[]> {
  const { tenantId, ruleId } = asks[0]!;
  const row = await loadRow(trx, encodingRule, tenantId, ruleId);
  if (!row) return asks.map(() => failed(notFound()));
  let rule: CompiledRule;
  try {
    rule = compileStored(row);
  } catch (err) {
    return asks.map(() => failed(err));
  }
  const name = String(row.name);
  const out: Settled<GenerateResult>[] = new Array(asks.length);
  const groups = new Map<string, Plan[]>();
  const memo: LookupMemo = new Map();
  for (const [index, ask] of asks.entries()) {
    try {
      const { encoding, resolved } = await resolveContext(trx, ask.ctx, ask.request, rule, ask.context, memo);
      // Everything that can fail on the context fails before a number is taken.
      format(rule, 0n, 1, encoding);
      const key = counterKey(rule, encoding);
      const plan: Plan = { index, ask, encoding, resolved, ref: { tenantId, ruleId, ...key }, codes: [], first: 0n };
      const id = `${key.factoryCode}\u0000${key.lineCode}\u0000${key.period}`;
      const group = groups.get(id);
      if (group) group.push(plan);
      else groups.set(id, [plan]);
    } catch (err) {
      out[index] = failed(err);
    }
  }
  const audit: AuditRow[] = [];
  for (const group of groups.values()) {
    for (const p of await reserveGroup(trx, rule, name, group, out)) {
      p.codes = formatCodes(rule, p.first, p.ask.count, p.encoding);
      const batchId = randomUUID();
      p.codes.forEach((code, i) => audit.push({
        code, counterValue: (p.first + BigInt(i)).toString(), factoryCode: p.resolved.factoryCode ?? '', lineCode: p.resolved.lineCode ?? '',
        period: p.ref.period, date: p.resolved.date, batchId, userId: p.ask.ctx.user.id, account: p.ask.ctx.user.account,
      }));
      issuing.push(...p.codes);
      out[p.index] = {
        ok: true,
        value: { codes: p.codes, batchId, firstOffset: p.first.toString(), remaining: left(rule, p.first + BigInt(p.ask.count)).toString(), context: p.resolved },
      };
    }
  }
  await writeAudits(trx, tenantId, ruleId, audit);
  return out;
}

async function runBatch(db: Kysely<DB>, head: Ask, take: () => Ask[]): Promise<Settled<GenerateResult>[]> {
  const { tenantId, ruleId } = head;
  let asks: Ask[] = [];
  const issuing: string[] = [];
  try {
    return await withTenant(tenantId, () => db.transaction().execute((trx) => {
      asks = take();
      return issueBatch(trx, asks, issuing);
    }));
  } catch (err) {
    if (asks.length > 1) {
      const out: Settled<GenerateResult>[] = [];
      for (const ask of asks) out.push((await runBatch(db, ask, () => [ask]))[0]!);
      return out;
    }
    if ((err as { code?: string }).code !== '23505') throw err;
    // Codes the rule printed before (its start code or pattern changed since): named, nothing issued.
    const clash = await withTenant(tenantId, () => alreadyIssued(db, tenantId, ruleId, issuing));
    const row = await withTenant(tenantId, () => loadRow(db, encodingRule, tenantId, ruleId));
    return [failed(new RuleError(409, 'rules.codeAlreadyIssued', { code: clash ?? issuing[0] ?? '', name: String(row?.name ?? '') }))];
  }
}

const committers = new WeakMap<Kysely<DB>, GroupCommit<Ask, GenerateResult>>();
/** A batch issues at most as many codes as one request may ask for: its audit insert stays one request's size. */
const BATCH_LIMIT = { maxWeight: MAX_GENERATE, weigh: (ask: Ask) => ask.count };

/**
 * Issues the next `count` codes of a rule for a context. Shared by the generate route and by
 * whatever numbers its records with a rule (documents).
 */
export function issueCodes(
  db: Kysely<DB>, ctx: RequestContext, request: FastifyRequest, ruleId: string, count: number, context: GenerateContext = {},
): Promise<GenerateResult> {
  let committer = committers.get(db);
  if (!committer) {
    committer = new GroupCommit((head, take) => runBatch(db, head, take), BATCH_LIMIT);
    committers.set(db, committer);
  }
  return committer.submit(`${ctx.tenantId}:${ruleId}`, { tenantId: ctx.tenantId, ruleId, ctx, request, count, context });
}
