/** What a write of BOM lines leaves behind, in its transaction: its operation log row and its lines' history. */
import type { Kysely } from 'kysely';
import type { AuditAction } from '../../model/audit';
import type { DB, OperationType } from '../db/types';
import type { RequestContext } from '../http';
import { actorOf } from '../audit/write';
import { recordRows, type RecordOptions } from '../audit/record';
import { logOperation, requestLine } from '../engine/oplog';
import { callerOf } from '../engine/scope';
import type { StoredLine } from './store';

/** The entity name of BOM lines in history. */
const BOM_ENTITY = 'bom-line';
/** A line named in history by its line number (its parent and component ids are resolved by the screen). */
const lineCode = (l: StoredLine | null) => (l ? String(l.lineNo) : null);

/** The request a write is logged under: its path as sent, query and all. */
export interface SentRequest {
  method: string;
  url: string;
}

/** The operation log's row of a write of lines. */
export function logLines(
  trx: Kysely<DB>,
  ctx: RequestContext,
  request: SentRequest,
  type: OperationType,
  ids: readonly string[],
): Promise<void> {
  return logOperation(trx, callerOf(ctx), { type, ...requestLine(request), resource: 'bom', ids });
}

export interface LineChange {
  id: string;
  before: StoredLine | null;
  after: StoredLine | null;
}

/** The history entries of written lines. */
export function recordLines(
  trx: Kysely<DB>,
  ctx: RequestContext,
  action: AuditAction,
  changes: readonly LineChange[],
  opts?: RecordOptions,
): Promise<void> {
  return recordRows(
    trx,
    actorOf(ctx),
    BOM_ENTITY,
    action,
    changes.map((c) => ({ ...c, code: lineCode(c.after ?? c.before) })),
    opts,
  );
}
