/**
 * Writes history entries (issue 25) in the caller's transaction: the change and its history commit
 * or roll back together. Call it as late as possible before the commit: it takes the tenant's chain
 * head (a row lock held until the transaction ends), so a tenant's writers queue only for that end.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { commitOrStay, commitWithQuery, inlineQuery } from '../db/tenant-scope';
import type { AuditAction, AuditChange, AuditSignature } from '../../model/audit';
import type { DB } from '../db/types';
import type {} from '../db/types-audit';
import type { RequestContext } from '../http';
import { GENESIS_HASH, canonicalAroundTime, changesText, entryHash, type HashedContent } from './hash';
import { recordKey, type BatchChanges, type BatchPacker } from './batch';
import { auditValue } from './diff';

/** The SQLSTATE `expect_chain_head` raises (migration 046). */
const CHAIN_MOVED = 'CHNMV';

/** Who and from where: the same for every entry of one write. */
export interface AuditActor {
  tenantId: string;
  /** The caller's chosen factory (entries name their record's own factory, see HistoryInput). */
  factoryId: string | null;
  userId: string | null;
  userName: string | null;
  apiKeyName: string | null;
  ip: string | null;
  /** The active menu (SPEC §7 X-Operation-Id). */
  operationId: string | null;
}

/** One record's entry. */
export interface HistoryInput {
  action: AuditAction;
  entity: string;
  recordId: string;
  recordCode?: string | null;
  /**
   * The record's factory for factory-scoped records; null or left out for tenant-wide ones. A record's
   * history is read from its factory only (entries without a factory from every factory).
   */
  factoryId?: string | null;
  importJobId?: string | null;
  changes: readonly AuditChange[];
  signature?: AuditSignature | null;
}

/** The actor of a request. */
export function actorOf(
  ctx: Pick<RequestContext, 'tenantId' | 'factoryId' | 'operationId' | 'user'> &
    Partial<Pick<RequestContext, 'ip' | 'apiKey'>>,
): AuditActor {
  return {
    tenantId: ctx.tenantId,
    factoryId: ctx.factoryId,
    userId: ctx.user.id,
    userName: ctx.user.account,
    apiKeyName: ctx.apiKey?.name ?? null,
    ip: ctx.ip ?? null,
    operationId: ctx.operationId,
  };
}

/** The actor of work the system does by itself (seed, maintenance): no user. */
export function systemActor(tenantId: string, factoryId: string | null = null): AuditActor {
  return { tenantId, factoryId, userId: null, userName: null, apiKeyName: null, ip: null, operationId: null };
}

/** Off only for the benchmark comparing imports with and without history (tests/bench). */
export const historyOff = () => process.env.AUDIT_TRAIL_BENCH_OFF === '1';

/** Entries per INSERT: one JSON parameter each, so the size is bounded by memory, not by parameters. */
const CHUNK = 2000;
/** A batch row's index keys, as an int4[] literal; null for one record's entry. */
const keysOf = (e: { batch?: boolean; changes: HashedContent['changes'] }) =>
  e.batch ? `{${((e.changes as BatchChanges).ids ?? []).map(recordKey).join(',')}}` : null;

const text = (v: string | null | undefined, max: number) => (v == null ? null : v.slice(0, max));

/**
 * Writes one entry per input, chained after the tenant's last one. Inside `db`'s transaction when it
 * is one; otherwise in a transaction of its own (only for callers with nothing else to commit).
 */
export async function writeHistory(
  db: Kysely<DB>,
  actor: AuditActor,
  entries: readonly HistoryInput[],
  opts: WriteOptions = {},
): Promise<void> {
  if (entries.length === 0 || historyOff()) return;
  await writeChained(
    db,
    actor,
    entries.map((e) => ({
      action: e.action,
      entity: e.entity,
      recordId: String(e.recordId),
      recordCode: text(e.recordCode == null ? null : String(e.recordCode), 200),
      factoryId: e.factoryId ?? null,
      importJobId: e.importJobId ?? null,
      signature: e.signature ?? null,
      changes: e.changes.map((c) =>
        c.secret
          ? { field: c.field, before: null, after: null, secret: true as const }
          : { field: c.field, before: auditValue(c.before), after: auditValue(c.after) },
      ),
    })),
    opts,
  );
}

export interface WriteOptions {
  /**
   * The entries are the transaction's last statement: they go in one message with its COMMIT
   * (`commitWithQuery`), so the tenant's chain head is held for one round trip less. Nothing may
   * run in the transaction after them.
   */
  last?: boolean;
}

/** The entries of many records of one entity written by one step (a chunk of an import). */
export interface BatchInput {
  action: AuditAction;
  entity: string;
  factoryId?: string | null;
  importJobId?: string | null;
  records: BatchPacker;
  /** The records' ids, in the order they were added. */
  recordIds: readonly string[];
}

/** Writes one entry per record of `batch`, kept together in one chained row (migration 037). */
export async function writeBatch(db: Kysely<DB>, actor: AuditActor, batch: BatchInput): Promise<void> {
  if (batch.records.size === 0 || historyOff()) return;
  const { changes, text } = batch.records.withIds(batch.recordIds);
  await writeChained(db, actor, [
    {
      action: batch.action,
      entity: batch.entity,
      recordId: '',
      recordCode: null,
      factoryId: batch.factoryId ?? null,
      importJobId: batch.importJobId ?? null,
      signature: null,
      changes,
      stored: text,
      batch: true,
    },
  ]);
}

/** An entry's own content: what the actor, the time and the chain do not give. */
type OwnContent = Omit<
  HashedContent,
  'tenantId' | 'id' | 'at' | 'userId' | 'userName' | 'apiKeyName' | 'ip' | 'operationId'
> & {
  /** `changesText(changes)` when the caller has it already. */
  stored?: string;
  /** A batch row (migration 037): `changes` is a BatchChanges, stored as text in `batch`. */
  batch?: boolean;
};

/** Where a tenant's chain stands: its last entry's seq and hash, and the time of its last write. */
interface Head {
  seq: number;
  hash: string;
  lastAt: Date;
}

type ChainedRow = ReturnType<typeof chainRows>['rows'][number];

/** An entry's hashed content but its time: its own, the actor's (bounded as stored) and a new id. */
function contentOf(actor: AuditActor, own: Omit<OwnContent, 'stored' | 'batch'>): Omit<HashedContent, 'at'> {
  return {
    ...own,
    tenantId: actor.tenantId,
    id: randomUUID(),
    userId: actor.userId,
    userName: text(actor.userName, 128),
    apiKeyName: text(actor.apiKeyName, 64),
    ip: text(actor.ip, 64),
    operationId: text(actor.operationId, 64),
  };
}

/** The entries as rows chained after `head`, and where the chain stands after them. */
function chainRows(actor: AuditActor, entries: readonly OwnContent[], head: Head, now: Date) {
  const n = entries.length;
  let seq = head.seq;
  let prev = head.hash;
  // Time never goes back within a tenant's chain, so retention removes a prefix of it.
  const atDate = now.getTime() > head.lastAt.getTime() ? now : head.lastAt;
  const at = atDate.toISOString();
  const rows = entries.map((e) => {
    seq += 1;
    const { stored: given, batch, ...own } = e;
    const content: HashedContent = { ...contentOf(actor, own), at };
    // The canonical text of a single entry's changes is also what it is stored as: made once.
    const stored = given ?? (n === 1 || batch ? changesText(content.changes) : undefined);
    const hash = entryHash(prev, content, stored);
    const out = { seq, prev_hash: prev, hash, stored, batch: batch === true, ...content };
    prev = hash;
    return out;
  });
  return { rows, at, after: { seq, hash: prev, lastAt: atDate } satisfies Head };
}

/** The values every entry of one write shares. */
const sharedValues = (actor: AuditActor, at: string, r: ChainedRow) =>
  sql`${actor.tenantId}::uuid, ${at}::timestamptz, ${r.userId}::uuid, ${r.userName}, ${r.apiKeyName}, ${r.ip}, ${r.operationId}`;

const ENTRY_COLUMNS = sql.raw(
  'tenant_id, at, user_id, user_name, api_key_name, ip, operation_id, seq, id, action, entity, record_id, record_code, factory_id, import_job_id, changes, signature, prev_hash, hash, record_keys, batch',
);

/** One entry's values, in the order of ENTRY_COLUMNS. */
const entryValues = (actor: AuditActor, at: string, r: ChainedRow) =>
  sql`${sharedValues(actor, at, r)}, ${r.seq}, ${r.id}::uuid, ${r.action}, ${r.entity}, ${r.recordId}, ${r.recordCode}, ${r.factoryId}::uuid, ${r.importJobId}, ${r.batch ? '[]' : (r.stored ?? JSON.stringify(r.changes))}::jsonb,
    ${r.signature ? JSON.stringify(r.signature) : null}::jsonb, ${r.prev_hash}, ${r.hash}, ${keysOf(r)}::int4[], ${r.batch ? r.stored : null}`;

/** An entry's time as its canonical content writes it (`Date.toISOString`), in SQL. */
const ISO_TIME = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * One entry, the transaction's last statement, chained by the database where the chain stands: the
 * statement takes the head (its row lock, waiting behind another writer's COMMIT), hashes the entry
 * after it with the head's hash and the entry's time (`canonicalAroundTime`), moves the head and
 * inserts the entry, in one message with the COMMIT. The head is held for the rest of that message
 * only, so a tenant's writers, on any server, queue for microseconds, not for a round trip. False: the
 * tenant has no chain yet, nothing of this was kept, and the transaction is still open.
 */
async function chainByDatabase(
  trx: Transaction<DB>,
  actor: AuditActor,
  entry: OwnContent,
  now: Date,
): Promise<boolean> {
  const { stored: given, batch, ...own } = entry;
  const content = contentOf(actor, own);
  const stored = given ?? changesText(content.changes);
  const [before, after] = canonicalAroundTime(content, stored);
  const statement = inlineQuery(
    trx,
    sql`with head as (
      select seq, hash, greatest(last_at, ${now.toISOString()}::timestamptz) as t
      from audit_chain where tenant_id = ${actor.tenantId}::uuid for update
    ), chained as (
      select seq + 1 as seq, hash as prev_hash, t,
        encode(sha256(convert_to(hash || chr(10) || ${before} || to_char(t at time zone 'UTC', ${sql.raw(ISO_TIME)}) || ${after}, 'UTF8')), 'hex') as hash
      from head
    ), moved as (
      update audit_chain h set seq = c.seq, hash = c.hash, last_at = c.t
      from chained c where h.tenant_id = ${actor.tenantId}::uuid
      returning 1
    ), ins as (
      insert into audit_entry (${ENTRY_COLUMNS})
      select ${actor.tenantId}::uuid, c.t, ${content.userId}::uuid, ${content.userName}, ${content.apiKeyName}, ${content.ip}, ${content.operationId},
        c.seq, ${content.id}::uuid, ${content.action}, ${content.entity}, ${content.recordId}, ${content.recordCode}, ${content.factoryId}::uuid,
        ${content.importJobId}, ${batch ? '[]' : stored}::jsonb, ${content.signature ? JSON.stringify(content.signature) : null}::jsonb,
        c.prev_hash, c.hash, ${keysOf({ batch, changes: content.changes })}::int4[], ${batch ? stored : null}
      from chained c
    ) select expect_chain_head((select count(*) from moved))`,
  );
  if (statement === undefined) return false;
  return commitOrStay(trx, statement, CHAIN_MOVED);
}

async function writeChained(
  db: Kysely<DB>,
  actor: AuditActor,
  entries: readonly OwnContent[],
  opts: WriteOptions = {},
): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => writeChained(trx, actor, entries, { last: true }));
    return;
  }
  const trx = db as Transaction<DB>;
  const n = entries.length;
  const now = new Date();
  if (opts.last && n === 1 && (await chainByDatabase(trx, actor, entries[0]!, now))) return;
  // Takes the head (and its row lock); a new tenant's head is made with its first entries.
  const taken = await sql<{ seq: string; hash: string; last_at: Date | string }>`
    insert into audit_chain as h (tenant_id, seq, hash, last_at) values (${actor.tenantId}, ${n}, ${GENESIS_HASH}, ${now})
    on conflict (tenant_id) do update set seq = h.seq + excluded.seq
    returning h.seq, h.hash, h.last_at`.execute(trx);
  const row = taken.rows[0]!;
  const { rows, at, after } = chainRows(
    actor,
    entries,
    { seq: Number(row.seq) - n, hash: row.hash, lastAt: new Date(row.last_at) },
    now,
  );
  const prev = after.hash;
  const end = async (query: RawBuilder<unknown>) => {
    if (!opts.last) return void (await query.execute(trx));
    await commitWithQuery(trx, query);
  };
  const shared = sharedValues(actor, at, rows[0]!);
  const done = sql`update audit_chain set hash = ${prev}, last_at = ${at} where tenant_id = ${actor.tenantId}`;
  if (rows.length === 1) {
    // One entry (a single write, or a chunk of an import): its values as parameters, its changes parsed once.
    await end(
      sql`with ins as (insert into audit_entry (${ENTRY_COLUMNS}) values (${entryValues(actor, at, rows[0]!)})) ${done}`,
    );
    return;
  }
  // Many entries (never a batch row: writeBatch writes one alone): what they share travels once; each
  // row carries only its own values (short keys).
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = JSON.stringify(
      rows.slice(i, i + CHUNK).map((r) => ({
        s: r.seq,
        i: r.id,
        a: r.action,
        e: r.entity,
        r: r.recordId,
        c: r.recordCode,
        f: r.factoryId,
        j: r.importJobId,
        ch: r.changes,
        sg: r.signature,
        p: r.prev_hash,
        h: r.hash,
      })),
    );
    const insert = sql`
      insert into audit_entry (tenant_id, at, user_id, user_name, api_key_name, ip, operation_id, seq, id, action, entity, record_id, record_code, factory_id, import_job_id, changes, signature, prev_hash, hash)
      select ${shared}, x.s, x.i, x.a, x.e, x.r, x.c, x.f, x.j, x.ch, x.sg, x.p, x.h
      from json_to_recordset(${chunk}::json) as x(s bigint, i uuid, a text, e text, r text, c text, f uuid, j text, ch jsonb, sg jsonb, p text, h text)`;
    if (i + CHUNK >= rows.length) {
      await end(sql`with ins as (${insert}) ${done}`);
    } else {
      await insert.execute(trx);
    }
  }
}
