/** The field-level history of the engine's writes (issue 25), written in the write's transaction. */
import type { AuditAction, AuditChange } from '../../model/audit';
import type { ResourceDef } from '../../model/resource';
import { diffFields } from '../audit/diff';
import { historyOff, writeHistory, type AuditActor, type HistoryInput } from '../audit/write';
import type { Caller, ResourceScope } from './scope';
import type { ApiRow, Db } from './table';

export function actorOfCaller(caller: Caller): AuditActor {
  return {
    tenantId: caller.tenantId, factoryId: caller.factoryId, userId: caller.userId, userName: caller.account,
    apiKeyName: caller.apiKeyName ?? null, ip: caller.ip ?? null, operationId: caller.operationId,
  };
}

/** A row's own fields (no bookkeeping, nothing a hook carries between its steps). */
function fieldsOf(def: ResourceDef, row: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!row) return null;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(def.fields)) if (key in row) out[key] = row[key];
  return out;
}

/** Write-only fields (passwords): whether they were given, never their values. */
const secretKeys = (def: ResourceDef) => Object.entries(def.fields).filter(([, f]) => f.writeOnly).map(([k]) => k);

export interface RecordChange {
  id: string;
  before: ApiRow | Record<string, unknown> | null;
  after: ApiRow | Record<string, unknown> | null;
  /** The values written, for write-only fields the rows read back do not carry. */
  written?: Record<string, unknown>;
}

export function changesOf(def: ResourceDef, c: RecordChange): AuditChange[] {
  const secrets = secretKeys(def);
  const after = fieldsOf(def, c.after);
  const before = fieldsOf(def, c.before);
  if (after) for (const k of secrets) delete after[k];
  if (before) for (const k of secrets) delete before[k];
  const changes = diffFields(before, after);
  for (const k of secrets) {
    const v = c.written?.[k];
    if (typeof v === 'string' && v !== '') changes.push({ field: k, before: null, after: null, secret: true });
  }
  return changes;
}

const codeOf = (def: ResourceDef, c: RecordChange): string | null => {
  const row = c.after ?? c.before;
  const v = row?.[def.codeField] ?? row?.[def.displayField];
  return v === null || v === undefined || v === '' ? null : String(v);
};

/** One entry per changed record; an update that changed nothing writes none. */
export async function recordHistory(
  db: Db, def: ResourceDef, caller: Caller, scope: ResourceScope, action: AuditAction, records: readonly RecordChange[], importJobId: string | null = null,
): Promise<void> {
  // The benchmark's comparison without history leaves out the diffs too.
  if (historyOff()) return;
  const entries: HistoryInput[] = [];
  for (const c of records) {
    const changes = changesOf(def, c);
    if (changes.length === 0 && (action === 'update' || action === 'state')) continue;
    entries.push({ action, entity: def.name, recordId: c.id, recordCode: codeOf(def, c), factoryId: scope.factoryId, importJobId, changes });
  }
  await writeHistory(db, actorOfCaller(caller), entries);
}
