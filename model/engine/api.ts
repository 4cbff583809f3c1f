/**
 * The HTTP contract of every resource the engine serves, under `apiPath(def)` =
 * `/api/<service>/<name>` (DESIGN §5). Server routes and the sub-app kit both follow it.
 *
 *   GET    ''                 list: ResourceListQuery → Page<ResourceRow>                   (:view)
 *   GET    '/:id'             one row → ResourceRow                                         (:view)
 *   POST   ''                 create: field values → ResourceRow                            (:add)
 *   PUT    '/:id'             update: field values (+ updatedAt) → ResourceRow              (:edit)
 *   POST   '/:id/state'       StateChange → ResourceRow                  (the field's statusVerb)
 *   DELETE ''                 { ids } → { deleted }                                         (:delete)
 *   GET    '/options/:field'  RefOptionsQuery → RefOption[]        (:view, :add or :edit)
 *   POST   '/import'          multipart `file` (.xlsx/.csv), ?dryRun=1 → ImportResult      (:import)
 *   GET    '/import/jobs/:id' → ImportJob                                                   (:import)
 *   GET    '/import/report/:id' → the uploaded sheet annotated with its errors (.xlsx)      (:import)
 *   GET    '/export'          the list's filters and sort → .xlsx stream                    (:export)
 *   GET    '/template'        → .xlsx with headers (and drop-downs)                         (:import)
 *
 * Errors: 400 ValidationErrorData (field keys, message keys of the `model` namespace, localised
 * messages), 403 without the permission code, 404 outside the caller's tenant or factory,
 * 409 on a duplicate unique value (ConflictData), a referenced row (ReferencedData) or a stale
 * `updatedAt`, 413/415 for files.
 */
import type { FieldError } from '../api';

/** Rows larger than this import as a job (202 with `jobId`). */
export const IMPORT_JOB_THRESHOLD = 10_000;
/** Largest accepted import file. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const LIST_MAX_SIZE = 500;

/**
 * List query: paging, sort on a list column, and one filter per search field by its key.
 * Text fields match by contains (case-insensitive); enum, dict, bool, ref and numbers by equality;
 * a date or datetime field by a period, `<key>From` and `<key>To` (YYYY-MM-DD, both days included,
 * a datetime's days in the caller's time zone).
 */
export interface ResourceListQuery {
  page?: number;
  /** 1 … LIST_MAX_SIZE, default 20. */
  size?: number;
  /** A sortable field key; default the definition's defaultSort. */
  sort?: string;
  order?: 'asc' | 'desc';
  [searchField: string]: string | number | boolean | undefined;
}

/** A row as the API answers it: every field by its key (a ref as its id, refs as ids, details as rows). */
export type ResourceRow = {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** What each ref/refs field points to, for display: `{ warehouseId: 'WH01 Raw material' }`. */
  $labels: Record<string, string>;
} & Record<string, unknown>;

/** Body of `POST /:id/state`: a status field (SPEC §4) and its new value. */
export interface StateChange {
  field: string;
  value: string;
}

export interface DeleteBody {
  ids: string[];
}

export interface DeleteResult {
  deleted: number;
}

export interface RefOptionsQuery {
  /** Contains-match on code or name. */
  q?: string;
  /** Exactly these ids (to label the current value of a form). */
  ids?: string;
  size?: number;
}

export interface RefOption {
  id: string;
  code: string;
  name: string;
}

/** `data` of a 409 duplicate: the field and the value already taken. */
export interface ConflictData {
  field: string;
  value: string;
}

/** `data` of a 409 on delete: who still refers to the rows. */
export interface ReferencedData {
  references: { resource: string; count: number }[];
}

/** One problem of an import: its sheet row (1-based, the header is row 1), field and message. */
export interface ImportRowError extends FieldError {
  row: number;
}

/**
 * Answer of an import. 200: everything written (or, on a dry run, everything would be).
 * 400: nothing written; `errors` per row and field, `reportId` for the annotated sheet.
 * 202: a job (`jobId`) for a file over IMPORT_JOB_THRESHOLD rows.
 */
export interface ImportResult {
  dryRun: boolean;
  total: number;
  inserted: number;
  updated: number;
  errors: ImportRowError[];
  reportId: string | null;
  jobId: string | null;
  /** Ties the import's history entries together (the job's id for a background import); set once rows were written. */
  importId?: string | null;
}

export type ImportJobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface ImportJob {
  id: string;
  resource: string;
  fileName: string;
  status: ImportJobStatus;
  total: number;
  processed: number;
  createdAt: string;
  finishedAt: string | null;
  result: ImportResult | null;
}
