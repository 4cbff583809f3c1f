/**
 * Issuing codes from an encoding rule. Concurrent requests for one rule in one process go in one
 * transaction (group commit): the rule is compiled once and held for later batches (its stored row's
 * fingerprint is checked by the first counter update), each counter key gets ONE row-locked update
 * that reserves the sum of the counts, the numbers are handed out in arrival order, and one multi-row
 * insert, sent with the COMMIT, audits every code: three round trips a batch. Across processes the
 * counter row's lock still orders the batches, so no number is given twice or skipped. A batch that
 * fails as a whole is retried one request at a time, so one request's failure never becomes its
 * neighbours'.
 *
 * Once a server has issued from a counter it knows where that counter stands, and its next batch
 * goes in ONE round trip (`issueAhead`): the codes are formatted first, and the update that takes
 * them names the value they were formatted from, so a counter another server moved meanwhile
 * takes nothing, the message is undone, and the batch goes the usual way.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { encodingRule } from '../../model/resources/encoding-rule';
import {
  EncodingError,
  MAX_GENERATE,
  compileEncodingRule,
  counterKey,
  encodingRuleIssues,
  formatCodes,
  type CompiledRule,
  type EncodingContext,
  type EncodingRuleInput,
  type ExhaustedData,
  type GenerateContext,
  type GenerateResult,
  type ResolvedContext,
} from '../../model/rules';
import type { DB } from '../db/types';
import { commitWith, confirmAuthGeneration, transactionInOneMessage, withTenant } from '../db/tenant-scope';
import { notFound, type RequestContext } from '../http';
import { issued, reserve, reserveIfUnchanged, takeFromStatement, type CounterRef } from './counter';
import { knownFactory, resolveContext, type LookupMemo } from './context';
import { RuleError } from './errors';
import { isUniqueViolation } from '../db/errors';
import { GroupCommit, type Settled } from './group-commit';
import { Recent } from '../recent';
import { AuthChanged, isAuthChanged } from '../auth/cache';
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

async function exhausted(
  db: Kysely<DB>,
  rule: CompiledRule,
  ref: CounterRef,
  name: string,
  count: number,
): Promise<RuleError> {
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

/** What a server remembers between batches. Each use is checked by the statement it goes into. */
interface Memory {
  /**
   * Rules compiled in earlier batches, by tenant and id. A batch with a held rule reads no rule row:
   * its first reservation checks the fingerprint in the same statement.
   */
  rules: Recent<HeldRule>;
  /** Where each counter stood when this server's last batch on it committed, by `counterId`. */
  values: Recent<bigint>;
  /** Factory codes as the last batch resolved them from the caller's factory, by tenant and factory id. */
  factories: Recent<string>;
}

const counterId = (ref: CounterRef) =>
  `${ref.tenantId}:${ref.ruleId}:${ref.factoryCode}\u0000${ref.lineCode}\u0000${ref.period}`;

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
  trx: Kysely<DB>,
  held: HeldRule,
  group: Plan[],
  out: Settled<GenerateResult>[],
  fingerprint: string | null,
): Promise<Plan[] | 'changed'> {
  const { rule, name } = held;
  const ref = group[0]!.ref;
  const total = group.reduce((s, p) => s + p.ask.count, 0);
  let start =
    fingerprint === null
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

/** A batch's answers, the audit rows of the codes it issued (not yet written), and where its counters stand after. */
interface Issued {
  out: Settled<GenerateResult>[];
  audit: AuditRow[];
  learned: [string, bigint][];
}

/**
 * Resolves each ask's context and groups the asks by counter key, in one order for every batch (two
 * batches under way at once cannot deadlock). An ask whose context fails gets its answer in `out`
 * before any number is taken.
 */
async function planAsks(
  db: Kysely<DB>,
  rule: CompiledRule,
  asks: Ask[],
  out: Settled<GenerateResult>[],
  memo: LookupMemo,
): Promise<Plan[][]> {
  const { tenantId, ruleId } = asks[0]!;
  const groups = new Map<string, Plan[]>();
  for (const [index, ask] of asks.entries()) {
    try {
      const { encoding, resolved } = await resolveContext(db, ask.ctx, ask.request, rule, ask.context, memo);
      format(rule, 0n, 1, encoding);
      const ref = { tenantId, ruleId, ...counterKey(rule, encoding) };
      const plan: Plan = { index, ask, encoding, resolved, ref, codes: [], first: 0n };
      const id = counterId(ref);
      const group = groups.get(id);
      if (group) group.push(plan);
      else groups.set(id, [plan]);
    } catch (err) {
      out[index] = failed(err);
    }
  }
  return [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group);
}

/** Formats the codes of plans whose numbers were taken, answers their asks, and adds their audit rows. */
function grant(rule: CompiledRule, plans: Plan[], out: Settled<GenerateResult>[], audit: AuditRow[]): void {
  for (const p of plans) {
    p.codes = formatCodes(rule, p.first, p.ask.count, p.encoding);
    const batchId = randomUUID();
    p.codes.forEach((code, i) =>
      audit.push({
        code,
        counterValue: (p.first + BigInt(i)).toString(),
        factoryCode: p.resolved.factoryCode ?? '',
        lineCode: p.resolved.lineCode ?? '',
        period: p.ref.period,
        date: p.resolved.date,
        batchId,
        userId: p.ask.ctx.user.id,
        account: p.ask.ctx.user.account,
      }),
    );
    out[p.index] = {
      ok: true,
      value: {
        codes: p.codes,
        batchId,
        firstOffset: p.first.toString(),
        remaining: left(rule, p.first + BigInt(p.ask.count)).toString(),
        context: p.resolved,
      },
    };
  }
}

/** The caller's factory (X-Factory-Id) as the context resolved it, for the next batch to know without a look-up. */
function rememberFactories(memory: Memory, plans: Plan[]): void {
  for (const p of plans) {
    const id = p.ask.ctx.factoryId;
    if (id && p.ask.context.factoryCode === undefined && p.resolved.factoryCode)
      memory.factories.set(`${p.ref.tenantId}:${id}`, p.resolved.factoryCode);
  }
}

/** One batch with its rule, inside its transaction; 'changed' when a held rule turned out stale (nothing was taken). */
async function issueWith(
  trx: Kysely<DB>,
  memory: Memory,
  held: HeldRule,
  checked: boolean,
  asks: Ask[],
  memo: LookupMemo,
): Promise<Issued | 'changed'> {
  const { tenantId, ruleId } = asks[0]!;
  const { rule } = held;
  const out: Settled<GenerateResult>[] = new Array(asks.length);
  const groups = await planAsks(trx, rule, asks, out, memo);
  // Every ask failed on its context: those answers stand only if the held rule was still current.
  if (!checked && groups.length === 0 && !(await ruleUnchanged(trx, tenantId, ruleId, held.fingerprint)))
    return 'changed';
  const audit: AuditRow[] = [];
  const learned: [string, bigint][] = [];
  for (const group of groups) {
    const granted = await reserveGroup(trx, held, group, out, checked ? null : held.fingerprint);
    if (granted === 'changed') return 'changed';
    checked = true;
    grant(rule, granted, out, audit);
    rememberFactories(memory, granted);
    // This transaction holds the counter's row: it stands where its last reservation left it.
    const last = granted.at(-1);
    if (last) learned.push([counterId(last.ref), last.first + BigInt(last.ask.count)]);
  }
  return { out, audit, learned };
}

/** One batch inside its transaction, with the held rule when there is one, else the stored row. */
async function issueBatch(trx: Kysely<DB>, memory: Memory, asks: Ask[]): Promise<Issued> {
  const { tenantId, ruleId } = asks[0]!;
  const key = `${tenantId}:${ruleId}`;
  const memo: LookupMemo = new Map();
  const held = memory.rules.get(key);
  if (held) {
    const issued = await issueWith(trx, memory, held, false, asks, memo);
    if (issued !== 'changed') return issued;
    memory.rules.delete(key);
  }
  let fresh: HeldRule | undefined;
  try {
    fresh = await loadRule(trx, tenantId, ruleId);
  } catch (err) {
    return { out: asks.map(() => failed(err)), audit: [], learned: [] };
  }
  if (!fresh) return { out: asks.map(() => failed(notFound())), audit: [], learned: [] };
  memory.rules.set(key, fresh);
  // Read in this transaction just now: nothing to check.
  return (await issueWith(trx, memory, fresh, true, asks, memo)) as Issued;
}

/**
 * A batch in one round trip: when this server holds the rule, knows where the batch's one counter
 * stands and can resolve every context without a look-up, the codes are formatted first and sent
 * with the transaction's BEGIN and COMMIT. The update takes its numbers only while the counter, the
 * rule and the caller's factory are as this server last saw them (`takeFromStatement`). null: the
 * batch goes the usual way, nothing taken (a refusal of any kind is left to it to report).
 */
async function issueAhead(db: Kysely<DB>, memory: Memory, asks: Ask[]): Promise<Settled<GenerateResult>[] | null> {
  const { tenantId, ruleId, ctx } = asks[0]!;
  const held = memory.rules.get(`${tenantId}:${ruleId}`);
  if (!held) return null;
  const memo: LookupMemo = new Map();
  let factory: { id: string; code: string } | null = null;
  for (const ask of asks) {
    if (ask.context.factoryCode !== undefined || ask.context.lineCode !== undefined) return null;
    const id = ask.ctx.factoryId;
    if (!id) continue;
    const code = memory.factories.get(`${tenantId}:${id}`);
    if (code === undefined || (factory && factory.id !== id)) return null;
    factory = { id, code };
    knownFactory(memo, ask.ctx, code);
  }
  const out: Settled<GenerateResult>[] = new Array(asks.length);
  const groups = await planAsks(db, held.rule, asks, out, memo);
  const plans = groups[0];
  if (groups.length !== 1 || plans!.length !== asks.length) return null;
  const ref = plans![0]!.ref;
  const id = counterId(ref);
  const expected = memory.values.get(id);
  if (expected === undefined) return null;
  let next = expected;
  for (const p of plans!) {
    p.first = next;
    next += BigInt(p.ask.count);
  }
  if (next > held.rule.capacity) return null;
  const audit: AuditRow[] = [];
  grant(held.rule, plans!, out, audit);
  const take = takeFromStatement(ref, expected, Number(next - expected), held.rule.capacity, held.fingerprint, factory);
  try {
    await transactionInOneMessage(
      db,
      tenantId,
      `${take};\n${auditStatement(tenantId, ruleId, audit)}`,
      ctx.unconfirmed,
    );
  } catch (err) {
    memory.values.delete(id);
    if (isAuthChanged(err)) return asks.map(() => failed(new AuthChanged()));
    return null;
  }
  memory.values.set(id, next);
  return out;
}

async function runBatch(
  db: Kysely<DB>,
  memory: Memory,
  head: Ask,
  take: () => Ask[],
): Promise<Settled<GenerateResult>[]> {
  const { tenantId, ruleId } = head;
  let asks: Ask[] = [];
  let issuing: string[] = [];
  const ahead = await withTenant(tenantId, () => issueAhead(db, memory, take()));
  if (ahead) return ahead;
  // The asks of a batch share their callers' generation (it is part of the group's key).
  const confirm = head.ctx.unconfirmed ? `select ${confirmAuthGeneration(head.ctx.unconfirmed)}` : null;
  try {
    const { out, learned } = await withTenant(tenantId, () =>
      db.transaction().execute(async (trx) => {
        asks = take();
        const issued = await issueBatch(trx, memory, asks);
        issuing = issued.audit.map((a) => a.code);
        if (issued.audit.length > 0) {
          const insert = auditStatement(tenantId, ruleId, issued.audit);
          await commitWith(trx, confirm ? `${confirm};\n${insert}` : insert);
        } else if (confirm) await sql.raw(confirm).execute(trx);
        return issued;
      }),
    );
    for (const [id, value] of learned) memory.values.set(id, value);
    return out;
  } catch (err) {
    // Nothing was issued: each caller is checked again and asks again (see `runConfirmed` in auth/context.ts).
    if (isAuthChanged(err)) return asks.map(() => failed(new AuthChanged()));
    if (asks.length > 1) {
      const out: Settled<GenerateResult>[] = [];
      for (const ask of asks) out.push((await runBatch(db, memory, ask, () => [ask]))[0]!);
      return out;
    }
    if (!isUniqueViolation(err)) throw err;
    // Codes the rule printed before (its start code or pattern changed since): named, nothing issued.
    const clash = await withTenant(tenantId, () => alreadyIssued(db, tenantId, ruleId, issuing));
    const row = await withTenant(tenantId, () => loadRow(db, encodingRule, tenantId, ruleId));
    return [
      failed(
        new RuleError(409, 'rules.codeAlreadyIssued', {
          code: clash ?? issuing[0] ?? '',
          name: String(row?.name ?? ''),
        }),
      ),
    ];
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
  db: Kysely<DB>,
  ctx: RequestContext,
  request: FastifyRequest,
  ruleId: string,
  count: number,
  context: GenerateContext = {},
): Promise<GenerateResult> {
  let committer = committers.get(db);
  if (!committer) {
    const memory: Memory = { rules: new Recent(), values: new Recent(), factories: new Recent() };
    committer = new GroupCommit((head, take) => runBatch(db, memory, head, take), BATCH_LIMIT);
    committers.set(db, committer);
  }
  return committer.submit(`${ctx.tenantId}:${ruleId}:${ctx.unconfirmed ?? ''}`, {
    tenantId: ctx.tenantId,
    ruleId,
    ctx,
    request,
    count,
    context,
  });
}
