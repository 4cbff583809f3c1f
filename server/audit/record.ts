/**
 * History of the hand-written features (issue 25): rows as the database returns them, compared
 * field by field (columns named the API's way: `dict_id` → `dictId`), written with writeHistory.
 */
import type { Kysely } from 'kysely';
import type { AuditAction } from '../../model/audit';
import type { DB } from '../db/types';
import { diffFields, type DiffOptions } from './diff';
import { writeHistory, type AuditActor, type HistoryInput } from './write';

export type Row = Record<string, unknown>;

export interface RowChange {
  id: string;
  /** The record's code or name, to read without ids. */
  code?: string | null;
  /** The record's factory (factory-scoped records only). */
  factoryId?: string | null;
  before: Row | null;
  after: Row | null;
}

const camel = (k: string) => k.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** A database row with its columns named the API's way. */
export function apiKeys(row: Row | null | undefined): Row | null {
  if (!row) return null;
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[camel(k)] = v;
  return out;
}

export interface RecordOptions extends DiffOptions {
  importJobId?: string | null;
  /** Keep an entry even when no field changed (imports, a signature). */
  keepEmpty?: boolean;
}

/** One entry per changed row; an update or state change that changed nothing writes none. */
export async function recordRows(
  db: Kysely<DB>,
  actor: AuditActor,
  entity: string,
  action: AuditAction,
  rows: readonly RowChange[],
  opts: RecordOptions = {},
): Promise<void> {
  const entries: HistoryInput[] = [];
  for (const r of rows) {
    const changes = diffFields(apiKeys(r.before), apiKeys(r.after), {
      secrets: opts.secrets?.map(camel),
      ignore: opts.ignore?.map(camel),
    });
    if (changes.length === 0 && !opts.keepEmpty && (action === 'update' || action === 'state')) continue;
    entries.push({
      action,
      entity,
      recordId: r.id,
      recordCode: r.code ?? null,
      factoryId: r.factoryId ?? null,
      importJobId: opts.importJobId ?? null,
      changes,
    });
  }
  await writeHistory(db, actor, entries);
}
