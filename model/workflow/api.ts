/** The HTTP contract of `/api/flow-system/…` (workflow models, tasks and instances). */

export type ModelStatus = 'unpublished' | 'published';
export type InstanceStatus = 'running' | 'approved' | 'rejected';
export type TaskStatus = 'pending' | 'agreed' | 'rejected' | 'cancelled';
export type Decision = 'agree' | 'reject';

export interface ModelRow {
  id: string;
  key: string;
  name: string;
  description: string;
  /** The newest deployed version; 0 before the first deploy. */
  version: number;
  status: ModelStatus;
  publishedVersion: number | null;
  updatedAt: string;
}

export interface ModelVersionRow {
  version: number;
  deployedAt: string;
  deployedBy: string | null;
  running: number;
}

export interface ModelDetail extends ModelRow {
  xml: string;
  versions: ModelVersionRow[];
}

export interface ModelInput {
  key: string;
  name: string;
  description?: string;
  xml?: string;
}

/** A deploy refused: what is wrong, element by element. */
export interface ModelProblem {
  /** A `server` namespace message key, already translated in `message`. */
  key: string;
  element: string | null;
  message: string;
}

export interface TaskRow {
  id: string;
  instanceId: string;
  name: string;
  title: string;
  businessType: string;
  modelName: string;
  starter: string;
  status: TaskStatus;
  opinion: string | null;
  handler: string | null;
  createdAt: string;
  handledAt: string | null;
}

export interface TaskCounts {
  pending: number;
  finished: number;
  total: number;
}

export interface HistoryEntry {
  taskId: string;
  elementId: string;
  name: string;
  status: TaskStatus;
  handler: string | null;
  opinion: string | null;
  createdAt: string;
  handledAt: string | null;
}

export interface InstanceChart {
  instanceId: string;
  title: string;
  status: InstanceStatus;
  xml: string;
  /** Elements the run has left. */
  done: string[];
  /** User tasks waiting now. */
  current: string[];
  history: HistoryEntry[];
  startedAt: string;
  endedAt: string | null;
  starter: string;
}

export interface TaskDetail extends TaskRow {
  /** The business record the task decides, as label/value pairs ready to show. */
  record: { label: string; value: string }[];
  canAct: boolean;
}

export interface BatchAuditResult {
  id: string;
  ok: boolean;
  /** The refusal, translated, when not ok. */
  message: string | null;
}
