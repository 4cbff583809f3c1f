/**
 * Issuing codes from an encoding rule. Concurrent requests for one rule in one process go in one
 * transaction (group commit): the rule is compiled once and held for later batches (its stored row's
 * fingerprint is checked by the first counter update), each counter key gets ONE row-locked update that
 * reserves the sum of the counts, the numbers are handed out in arrival order, and one multi-row
 * insert, sent with the COMMIT, audits every code: three round trips a batch. Across processes the counter row's lock still orders the batches, so
 * no number is given twice or skipped. A batch that fails as a whole is retried one request at a
 * time, so one request's failure never becomes its neighbours'.
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
import { commitWith, confirmAuthGeneration, withTenant } from '../db/tenant-scope';
import { notFound, type RequestContext } from '../http';
import { issued, reserve, reserveIfUnchanged, type CounterRef } from './counter';
import { resolveContext, type LookupMemo } from './context';
import { RuleError } from './errors';
import { isUniqueViolation } from '../db/errors';
import { GroupCommit, type Settled } from './group-commit';
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

/**
 * Rules compiled in earlier batches, by tenant and id. A batch with a held rule reads no rule row:
 * its first reservation checks the fingerprint in the same statement. Kept to the most recent few
 * hundred rules; a Map keeps insertion order, so the oldest goes first.
 */
class HeldRules {
  private readonly rules = new Map<string, HeldRule>();
  constructor(private readonly limit = 500) {}
  get(key: string): HeldRule | undefined {
    return this.rules.get(key);
  }
  set(key: string, held: HeldRule): void {
    this.rules.delete(key);
    this.rules.set(key, held);
    if (this.rules.size > this.limit) this.rules.delete(this.rules.keys().next().value!);
  }
  delete(key: string): void {
    this.rules.delete(key);
  }
}

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

/** A batch's answers, and the audit rows of the codes it issued (not yet written). */
interface Issued {
  out: Settled<GenerateResult>[];
  audit: AuditRow[];
}

/** One batch with its rule, inside its transaction; 'changed' when a held rule turned out stale (nothing was taken). */
async function issueWith(
  trx: Kysely<DB>,
  held: HeldRule,
  checked: boolean,
  asks: Ask[],
  memo: LookupMemo,
): Promise<Issued | 'changed'> {
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
  if (!checked && groups.size === 0 && !(await ruleUnchanged(trx, tenantId, ruleId, held.fingerprint)))
    return 'changed';
  const audit: AuditRow[] = [];
  for (const group of groups.values()) {
    const granted = await reserveGroup(trx, held, group, out, checked ? null : held.fingerprint);
    if (granted === 'changed') return 'changed';
    checked = true;
    for (const p of granted) {
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
  return { out, audit };
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
    return { out: asks.map(() => failed(err)), audit: [] };
  }
  if (!fresh) return { out: asks.map(() => failed(notFound())), audit: [] };
  rules.set(key, fresh);
  // Read in this transaction just now: nothing to check.
  return (await issueWith(trx, fresh, true, asks, memo)) as Issued;
}

async function runBatch(
  db: Kysely<DB>,
  rules: HeldRules,
  head: Ask,
  take: () => Ask[],
): Promise<Settled<GenerateResult>[]> {
  const { tenantId, ruleId } = head;
  let asks: Ask[] = [];
  let issuing: string[] = [];
  // The asks of a batch share their callers' generation (it is part of the group's key).
  const confirm = head.ctx.unconfirmed ? `select ${confirmAuthGeneration(head.ctx.unconfirmed)}` : null;
  try {
    return await withTenant(tenantId, () =>
      db.transaction().execute(async (trx) => {
        asks = take();
        const { out, audit } = await issueBatch(trx, rules, asks);
        issuing = audit.map((a) => a.code);
        if (audit.length > 0) {
          const insert = auditStatement(tenantId, ruleId, audit);
          await commitWith(trx, confirm ? `${confirm};\n${insert}` : insert);
        } else if (confirm) await sql.raw(confirm).execute(trx);
        return out;
      }),
    );
  } catch (err) {
    // Nothing was issued: each caller is checked again and asks again (see `runConfirmed` in auth/context.ts).
    if (isAuthChanged(err)) return asks.map(() => failed(new AuthChanged()));
    if (asks.length > 1) {
      const out: Settled<GenerateResult>[] = [];
      for (const ask of asks) out.push((await runBatch(db, rules, ask, () => [ask]))[0]!);
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
    const rules = new HeldRules();
    committer = new GroupCommit((head, take) => runBatch(db, rules, head, take), BATCH_LIMIT);
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
