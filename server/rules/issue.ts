/**
 * Issuing codes from an encoding rule. Concurrent requests for one rule in one process go in one
 * transaction (group commit): the rule is compiled once and held for later batches (its stored row's
 * fingerprint is checked by the first counter update), each counter key gets ONE row-locked update that
 * reserves the sum of the counts, the numbers are handed out in arrival order, and one multi-row
 * insert, sent with the COMMIT, audits every code: three round trips a batch. On PostgreSQL, once
 * this process has seen the counter's value, a batch is one message and one round trip
 * (`issuePredicted`). Across processes the counter row's lock still orders the batches, so no number
 * is given twice or skipped. A batch that fails as a whole is retried one request at a time, so one
 * request's failure never becomes its neighbours'.
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
import { messageRunner } from '../db/message';
import { commitWith, tenantOpening, withTenant } from '../db/tenant-scope';
import { notFound, type RequestContext } from '../http';
import { advanceIfAt, issued, reserve, reserveIfUnchanged, type CounterRef } from './counter';
import { CounterMemory, Recent } from './counter-memory';
import { resolveContext, resolveKnown, type LookupMemo } from './context';
import { RuleError } from './errors';
import { GroupCommit, type Settled } from './group-commit';
import { alreadyIssued, auditStatement, loadRow, loadRowWithFingerprint, ruleUnchanged, type AuditRow } from './store';

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

/** A rule compiled from its stored row, and that row's fingerprint (see `reserveIfUnchanged`). */
interface HeldRule {
  rule: CompiledRule;
  name: string;
  fingerprint: string;
}

/**
 * Rules compiled in earlier batches, by tenant and id (the most recent few hundred). A batch with a
 * held rule reads no rule row: its first reservation checks the fingerprint in the same statement.
 */
type HeldRules = Recent<HeldRule>;

/** Reads and compiles a rule; undefined when it is not there, a RuleError when it no longer validates. */
async function loadRule(trx: Kysely<DB>, tenantId: string, ruleId: string): Promise<HeldRule | undefined> {
  const loaded = await loadRowWithFingerprint(trx, encodingRule, tenantId, ruleId);
  if (!loaded) return undefined;
  return { rule: compileStored(loaded.row), name: String(loaded.row.name), fingerprint: loaded.fingerprint };
}

/**
 * Reserves numbers for plans of one counter key: one update for all, or one each when the sum does
 * not fit. With `fingerprint` (a held rule not yet checked in this batch) the first update checks it
 * and takes nothing when the rule changed.
 */
async function reserveGroup(
  trx: Kysely<DB>, held: HeldRule, group: Plan[], out: Settled<GenerateResult>[], fingerprint: string | null,
): Promise<Plan[] | 'changed'> {
  const { rule, name } = held;
  const ref = group[0]!.ref;
  const total = group.reduce((s, p) => s + p.ask.count, 0);
  let start = fingerprint === null
    ? await reserve(trx, ref, total, rule.capacity)
    : await reserveIfUnchanged(trx, ref, total, rule.capacity, fingerprint);
  if (start === 'changed') return 'changed';
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

/** Writes a plan's codes from its first offset, adds their audit rows to `audit`, and answers them. */
function grant(rule: CompiledRule, p: Plan, audit: AuditRow[]): Settled<GenerateResult> {
  p.codes = formatCodes(rule, p.first, p.ask.count, p.encoding);
  const batchId = randomUUID();
  p.codes.forEach((code, i) => audit.push({
    code, counterValue: (p.first + BigInt(i)).toString(), factoryCode: p.resolved.factoryCode ?? '', lineCode: p.resolved.lineCode ?? '',
    period: p.ref.period, date: p.resolved.date, batchId, userId: p.ask.ctx.user.id, account: p.ask.ctx.user.account,
  }));
  return {
    ok: true,
    value: { codes: p.codes, batchId, firstOffset: p.first.toString(), remaining: left(rule, p.first + BigInt(p.ask.count)).toString(), context: p.resolved },
  };
}

/** A batch's answers, the audit rows of the codes it issued (not yet written), and what it saw. */
interface Issued {
  out: Settled<GenerateResult>[];
  audit: AuditRow[];
  /** Each counter it advanced, with its value after (this transaction holds the row until it ends). */
  counters: { ref: CounterRef; value: bigint }[];
  /** The codes of the requests' factories it looked up: [id, code]. */
  factories: [string, string][];
}

/** A failed batch: every ask gets `error`. */
const allFailed = (asks: readonly Ask[], error: unknown): Issued => ({ out: asks.map(() => failed(error)), audit: [], counters: [], factories: [] });

/** One batch with its rule, inside its transaction; 'changed' when a held rule turned out stale (nothing was taken). */
async function issueWith(trx: Kysely<DB>, held: HeldRule, checked: boolean, asks: Ask[], memo: LookupMemo): Promise<Issued | 'changed'> {
  const { tenantId, ruleId } = asks[0]!;
  const { rule } = held;
  const out: Settled<GenerateResult>[] = new Array(asks.length);
  const groups = new Map<string, Plan[]>();
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
  // Every ask failed on its context: those answers stand only if the held rule was still current.
  if (!checked && groups.size === 0 && !(await ruleUnchanged(trx, tenantId, ruleId, held.fingerprint))) return 'changed';
  const audit: AuditRow[] = [];
  const counters: Issued['counters'] = [];
  const factories: Issued['factories'] = [];
  for (const group of groups.values()) {
    const granted = await reserveGroup(trx, held, group, out, checked ? null : held.fingerprint);
    if (granted === 'changed') return 'changed';
    checked = true;
    const last = granted[granted.length - 1];
    if (last) counters.push({ ref: last.ref, value: last.first + BigInt(last.ask.count) });
    for (const p of group) {
      if (p.ask.ctx.factoryId && p.ask.context.factoryCode === undefined && p.resolved.factoryCode) factories.push([p.ask.ctx.factoryId, p.resolved.factoryCode]);
    }
    for (const p of granted) out[p.index] = grant(rule, p, audit);
  }
  return { out, audit, counters, factories };
}

/** One batch inside its transaction, with the held rule when there is one, else the stored row. */
async function issueBatch(trx: Kysely<DB>, rules: HeldRules, asks: Ask[]): Promise<Issued> {
  const { tenantId, ruleId } = asks[0]!;
  const key = `${tenantId}:${ruleId}`;
  const memo: LookupMemo = new Map();
  const held = rules.get(key);
  if (held) {
    const issued = await issueWith(trx, held, false, asks, memo);
    if (issued !== 'changed') return issued;
    rules.delete(key);
  }
  let fresh: HeldRule | undefined;
  try {
    fresh = await loadRule(trx, tenantId, ruleId);
  } catch (err) {
    return allFailed(asks, err);
  }
  if (!fresh) return allFailed(asks, notFound());
  rules.set(key, fresh);
  // Read in this transaction just now: nothing to check.
  return (await issueWith(trx, fresh, true, asks, memo)) as Issued;
}

/**
 * A batch in one message (PostgreSQL), when this process holds the rule, knows the code of each
 * request's factory and saw the counter's value after its last batch, and the requests name no
 * factory or line of their own and share one counter: the codes are formatted from that value and
 * the opening, `advanceIfAt` and the COMMIT go together, one round trip instead of three. The
 * counter row's lock still decides, so a value another process moved (or a changed rule or factory
 * code) takes nothing and writes nothing: null, and the batch goes the usual way, which learns the
 * value again. Null too when it cannot be tried, or failed (the usual way then answers each ask).
 */
async function issuePredicted(db: Kysely<DB>, rules: HeldRules, memory: CounterMemory, asks: readonly Ask[]): Promise<Settled<GenerateResult>[] | null> {
  const send = messageRunner(db);
  const { tenantId, ruleId } = asks[0]!;
  const held = rules.get(`${tenantId}:${ruleId}`);
  if (!send || !held) return null;
  const { rule } = held;
  const out: Settled<GenerateResult>[] = new Array(asks.length);
  const plans: Plan[] = [];
  const factories = new Map<string, string>();
  for (const [index, ask] of asks.entries()) {
    if (ask.context.factoryCode !== undefined || ask.context.lineCode !== undefined) return null;
    const factoryCode = ask.ctx.factoryId ? memory.factoryCode(tenantId, ask.ctx.factoryId) : null;
    if (factoryCode === undefined) return null;
    try {
      const { encoding, resolved } = resolveKnown(ask.request, rule, ask.context, factoryCode);
      format(rule, 0n, 1, encoding);
      const ref: CounterRef = { tenantId, ruleId, ...counterKey(rule, encoding) };
      if (plans.length > 0 && !sameCounter(plans[0]!.ref, ref)) return null;
      if (ask.ctx.factoryId && factoryCode) factories.set(ask.ctx.factoryId, factoryCode);
      plans.push({ index, ask, encoding, resolved, ref, codes: [], first: 0n });
    } catch (err) {
      out[index] = failed(err);
    }
  }
  // Every ask failed on its context: the usual way checks the rule they failed on is current.
  if (plans.length === 0) return null;
  const ref = plans[0]!.ref;
  const expected = memory.counter(ref);
  const total = plans.reduce((n, p) => n + p.ask.count, 0);
  if (expected === undefined || expected + BigInt(total) > rule.capacity) return null;
  const audit: AuditRow[] = [];
  let next = expected;
  for (const p of plans) {
    p.first = next;
    next += BigInt(p.ask.count);
    out[p.index] = grant(rule, p, audit);
  }
  let taken = false;
  try {
    const statement = advanceIfAt(ref, expected, total, held.fingerprint, [...factories], (where) => auditStatement(tenantId, ruleId, audit, where));
    const results = await send(`${tenantOpening(tenantId)};\n${statement};\nCOMMIT`);
    taken = results.some((r) => (r.rows[0] as { taken?: number } | undefined)?.taken === 1);
  } catch {
    taken = false;
  }
  if (!taken) {
    memory.forgetCounter(ref);
    for (const id of factories.keys()) memory.forgetFactory(tenantId, id);
    return null;
  }
  memory.sawCounter(ref, next);
  return out;
}

const sameCounter = (a: CounterRef, b: CounterRef) => a.factoryCode === b.factoryCode && a.lineCode === b.lineCode && a.period === b.period;

async function runBatch(db: Kysely<DB>, rules: HeldRules, memory: CounterMemory, head: Ask, take: () => Ask[]): Promise<Settled<GenerateResult>[]> {
  const { tenantId, ruleId } = head;
  const predicted = messageRunner(db) ? await issuePredicted(db, rules, memory, take()) : null;
  if (predicted) return predicted;
  let asks: Ask[] = [];
  let issuing: string[] = [];
  try {
    const issued = await withTenant(tenantId, () => db.transaction().execute(async (trx) => {
      asks = take();
      const batch = await issueBatch(trx, rules, asks);
      issuing = batch.audit.map((a) => a.code);
      if (batch.audit.length > 0) await commitWith(trx, auditStatement(tenantId, ruleId, batch.audit));
      return batch;
    }));
    for (const c of issued.counters) memory.sawCounter(c.ref, c.value);
    for (const [id, code] of issued.factories) memory.sawFactory(tenantId, id, code);
    return issued.out;
  } catch (err) {
    if (asks.length > 1) {
      const out: Settled<GenerateResult>[] = [];
      for (const ask of asks) out.push((await runBatch(db, rules, memory, ask, () => [ask]))[0]!);
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
    const rules: HeldRules = new Recent<HeldRule>(500);
    const memory = new CounterMemory();
    committer = new GroupCommit((head, take) => runBatch(db, rules, memory, head, take), BATCH_LIMIT);
    committers.set(db, committer);
  }
  return committer.submit(`${ctx.tenantId}:${ruleId}`, { tenantId: ctx.tenantId, ruleId, ctx, request, count, context });
}
