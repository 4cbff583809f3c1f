/** The field-level history of the engine's writes (issue 25), written in the write's transaction. */
import type { AuditAction, AuditChange } from '../../model/audit';
import type { ResourceDef } from '../../model/engine';
import { BatchPacker } from '../audit/batch';
import { diffInto, type ChangeSink } from '../audit/diff';
import {
  historyOff,
  writeBatch,
  writeHistory,
  type AuditActor,
  type HistoryInput,
  type WriteOptions,
} from '../audit/write';
import type { Caller, ResourceScope } from './scope';
import type { ApiRow, Db } from './table';

export function actorOfCaller(caller: Caller): AuditActor {
  return {
    tenantId: caller.tenantId,
    factoryId: caller.factoryId,
    userId: caller.userId,
    userName: caller.account,
    apiKeyName: caller.apiKeyName ?? null,
    ip: caller.ip ?? null,
    operationId: caller.operationId,
  };
}

interface FieldKeys {
  /** The definition's own fields but write-only ones (no bookkeeping, nothing a hook carries between its steps). */
  plain: string[];
  /** Write-only fields (passwords): whether they were given, never their values. */
  secrets: string[];
}
const fieldKeys = new WeakMap<ResourceDef, FieldKeys>();
function keysOf(def: ResourceDef): FieldKeys {
  let keys = fieldKeys.get(def);
  if (!keys) {
    const entries = Object.entries(def.fields);
    keys = {
      plain: entries.filter(([, f]) => !f.writeOnly).map(([k]) => k),
      secrets: entries.filter(([, f]) => f.writeOnly).map(([k]) => k),
    };
    fieldKeys.set(def, keys);
  }
  return keys;
}

export interface RecordChange {
  id: string;
  before: ApiRow | Record<string, unknown> | null;
  after: ApiRow | Record<string, unknown> | null;
  /** The values written, for write-only fields the rows read back do not carry. */
  written?: Record<string, unknown>;
}

/** A record's changed fields handed to `emit`: its own fields only, write-only ones as "changed". */
function changesInto(def: ResourceDef, c: Omit<RecordChange, 'id'>, emit: ChangeSink): void {
  const { plain, secrets } = keysOf(def);
  diffInto(c.before, c.after, { fields: plain }, emit);
  for (const k of secrets) {
    const v = c.written?.[k];
    if (typeof v === 'string' && v !== '') emit(k, null, null, true);
  }
}

export function changesOf(def: ResourceDef, c: RecordChange): AuditChange[] {
  const out: AuditChange[] = [];
  changesInto(def, c, (field, before, after, secret) => {
    out.push(secret ? { field, before: null, after: null, secret: true } : { field, before, after });
  });
  return out;
}

const codeOf = (def: ResourceDef, c: Omit<RecordChange, 'id'>): string | null => {
  const row = c.after ?? c.before;
  const v = row?.[def.codeField] ?? row?.[def.displayField];
  return v === null || v === undefined || v === '' ? null : String(v);
};

/** One entry per changed record; an update that changed nothing writes none. */
export async function recordHistory(
  db: Db,
  def: ResourceDef,
  caller: Caller,
  scope: ResourceScope,
  action: AuditAction,
  records: readonly RecordChange[],
  opts: WriteOptions & { importJobId?: string | null } = {},
): Promise<void> {
  const importJobId = opts.importJobId ?? null;
  // The benchmark's comparison without history leaves out the diffs too.
  if (historyOff()) return;
  const entries: HistoryInput[] = [];
  for (const c of records) {
    const changes = changesOf(def, c);
    if (changes.length === 0 && (action === 'update' || action === 'state')) continue;
    entries.push({
      action,
      entity: def.name,
      recordId: c.id,
      recordCode: codeOf(def, c),
      factoryId: scope.factoryId,
      importJobId,
      changes,
    });
  }
  await writeHistory(db, actorOfCaller(caller), entries, { last: opts.last });
}

/**
 * The entries of a chunk of an import, kept as one row (migration 037), packed from the records'
 * values alone: done while the chunk's rows are being written, whose answer brings their ids.
 * Null when history is off (the benchmark's comparison).
 */
export function packImport(def: ResourceDef, records: readonly Omit<RecordChange, 'id'>[]): BatchPacker | null {
  if (historyOff()) return null;
  const batch = new BatchPacker();
  for (const c of records) batch.add(codeOf(def, c)?.slice(0, 200) ?? null, (emit) => changesInto(def, c, emit));
  batch.canonical();
  return batch;
}

/** Writes a packed chunk, `ids` its records' ids in the order they were packed. */
export async function recordImport(
  db: Db,
  def: ResourceDef,
  caller: Caller,
  scope: ResourceScope,
  batch: BatchPacker | null,
  ids: readonly string[],
  importJobId: string | null,
): Promise<void> {
  if (!batch) return;
  await writeBatch(db, actorOfCaller(caller), {
    action: 'import',
    entity: def.name,
    factoryId: scope.factoryId,
    importJobId,
    records: batch,
    recordIds: ids,
  });
}
