/**
 * The calls of a record screen through its definition's operations (model/contract/operations.ts):
 * the engine's, or a feature's own. The operations vary by definition, so their inputs are typed
 * here once, as the shapes every record operation shares.
 */
import type { ApiCall, ApiClient } from '../../../model/contract/client';
import { operationsOf, type AnyEndpoint, type RecordOperations } from '../../../model/contract';
import type { ResourceDef, ResourceRow } from '../../../model/engine';

interface Input {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  showSuccess?: boolean;
  showError?: boolean;
}

export interface RecordCalls {
  operations: RecordOperations;
  /** The list pages (a short list comes whole, without a pager). */
  paged: boolean;
  /** The list takes a sort. */
  sorts: boolean;
  get: ((id: string) => Promise<ResourceRow>) | null;
  create: ((body: Record<string, unknown>) => Promise<ResourceRow>) | null;
  update: ((id: string, body: Record<string, unknown>) => Promise<ResourceRow>) | null;
  remove: ((ids: readonly string[]) => Promise<void>) | null;
  /** The export request of the list's filters, when the records are exported. */
  exportOf: ((query: Record<string, unknown>) => ApiCall) | null;
}

/** `params`: the path parameters the screen's records sit under (a dictionary's details: its id). */
export function recordCalls(api: ApiClient, def: ResourceDef, params: Record<string, string> = {}): RecordCalls {
  const ops = operationsOf(def);
  const call = api.call as (ep: AnyEndpoint, input: Input) => Promise<unknown>;
  const prepare = api.prepare as (ep: AnyEndpoint, input: Input) => ApiCall;
  const at = (id: string) => ({ ...params, [ops.idParam ?? 'id']: id });
  const quiet = { showSuccess: true, showError: false };
  const { get, create, update, remove, removeOne } = ops;
  return {
    operations: ops,
    paged: ops.paged,
    sorts: ops.sorts,
    get: get ? (id) => call(get, { params: at(id), showError: false }) as Promise<ResourceRow> : null,
    create: create ? (body) => call(create, { params, body, ...quiet }) as Promise<ResourceRow> : null,
    update: update ? (id, body) => call(update, { params: at(id), body, ...quiet }) as Promise<ResourceRow> : null,
    remove: remove
      ? async (ids) => {
          await call(remove, { params, body: { ids }, ...quiet });
        }
      : removeOne
        ? async (ids) => {
            for (const id of ids) await call(removeOne, { params: at(id), ...quiet });
          }
        : null,
    exportOf: ops.export ? (query) => prepare(ops.export!, { params, query }) : null,
  };
}
