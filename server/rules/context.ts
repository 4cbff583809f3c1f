/**
 * The context codes are issued for: the factory (by code, default the request's X-Factory-Id), the
 * line (a line of that factory), and the local date. The date is `context.date` when given, else
 * today in the time zone of the request's X-Timezone-Offset header (what the shell sends with
 * every call, SPEC §7); a rule that prints or resets by date refuses to guess without either.
 */
import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import {
  isoDate,
  localDateAt,
  parseLocalDate,
  type CompiledRule,
  type EncodingContext,
  type GenerateContext,
  type LocalDate,
  type ResolvedContext,
} from '../../model/rules';
import { counterKey } from '../../model/rules';
import { canUseFactory } from '../auth/permissions';
import type { DB } from '../db/types';
import type { RequestContext } from '../http';
import { RuleError } from './errors';

export interface Resolved {
  encoding: EncodingContext;
  resolved: ResolvedContext;
}

/** Minutes as Date#getTimezoneOffset gives them, or null when the header is absent or out of range. */
export function timezoneOffset(request: FastifyRequest): number | null {
  const raw = request.headers['x-timezone-offset'];
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || text.trim() === '') return null;
  const n = Number(text);
  return Number.isInteger(n) && Math.abs(n) <= 14 * 60 ? n : null;
}

async function factoryCode(db: Kysely<DB>, ctx: RequestContext, code: string | undefined): Promise<string | null> {
  if (code) {
    const row = await db
      .selectFrom('factory')
      .select(['id', 'code'])
      .where('tenant_id', '=', ctx.tenantId)
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row || !(await canUseFactory(db, ctx.tenantId, ctx.user.id, ctx.user.type, row.id)))
      throw new RuleError(400, 'rules.factoryUnknown', { code });
    return row.code;
  }
  if (!ctx.factoryId) return null;
  const row = await db
    .selectFrom('factory')
    .select('code')
    .where('tenant_id', '=', ctx.tenantId)
    .where('id', '=', ctx.factoryId)
    .executeTakeFirst();
  return row?.code ?? null;
}

async function lineExists(db: Kysely<DB>, tenantId: string, factory: string, line: string): Promise<boolean> {
  const r = await sql<{ one: number }>`
    select 1 as one from line l join factory f on f.tenant_id = l.tenant_id and f.id = l.factory_id
    where l.tenant_id = ${tenantId} and f.code = ${factory} and l.code = ${line}`.execute(db);
  return r.rows.length > 0;
}

/** Look-ups already made for other asks of the same batch, by what they depend on. */
export type LookupMemo = Map<string, Promise<unknown>>;

const factoryKey = (ctx: RequestContext, code: string | undefined) =>
  `factory\u0000${ctx.user.id}\u0000${ctx.factoryId}\u0000${code ?? ''}`;

/** The caller's own factory (X-Factory-Id, no factory asked for) is known to have `code`: no look-up. */
export function knownFactory(memo: LookupMemo, ctx: RequestContext, code: string): void {
  memo.set(factoryKey(ctx, undefined), Promise.resolve(code));
}

function remembered<T>(memo: LookupMemo | undefined, key: string, load: () => Promise<T>): Promise<T> {
  if (!memo) return load();
  let held = memo.get(key) as Promise<T> | undefined;
  if (!held) memo.set(key, (held = load()));
  return held;
}

export async function resolveContext(
  db: Kysely<DB>,
  ctx: RequestContext,
  request: FastifyRequest,
  rule: CompiledRule,
  input: GenerateContext = {},
  memo?: LookupMemo,
): Promise<Resolved> {
  const factory = await remembered(memo, factoryKey(ctx, input.factoryCode), () =>
    factoryCode(db, ctx, input.factoryCode),
  );
  if (rule.uses.factory && !factory) throw new RuleError(400, 'encoding.factoryMissing', {}, null, 'model');
  const line = input.lineCode ?? null;
  if (line !== null) {
    if (
      !factory ||
      !(await remembered(memo, `line\u0000${factory}\u0000${line}`, () => lineExists(db, ctx.tenantId, factory, line)))
    )
      throw new RuleError(400, 'rules.lineUnknown', { code: line, factory: factory ?? '-' });
  } else if (rule.uses.line) {
    throw new RuleError(400, 'encoding.lineMissing', {}, null, 'model');
  }
  let date: LocalDate | null = input.date ? parseLocalDate(input.date) : null;
  if (!date) {
    const offset = timezoneOffset(request);
    if (offset === null && rule.uses.date) throw new RuleError(400, 'rules.dateUnknown');
    date = localDateAt(new Date(), offset ?? 0);
  }
  const encoding: EncodingContext = { factoryCode: factory, lineCode: line, date };
  const key = counterKey(rule, encoding);
  return { encoding, resolved: { factoryCode: factory, lineCode: line, date: isoDate(date), period: key.period } };
}
