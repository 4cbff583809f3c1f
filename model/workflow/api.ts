/** The HTTP contract of `/api/flow-system/…` (workflow models, tasks and instances): what the answers carry. */
import { z } from 'zod';
import { Instant, Uuid } from '../contract/common';
import { TaskSignature } from './signature';

export const ModelStatus = z.enum(['unpublished', 'published']).meta({ id: 'FlowModelStatus' });
export type ModelStatus = z.infer<typeof ModelStatus>;
export const InstanceStatus = z.enum(['running', 'approved', 'rejected']).meta({ id: 'FlowInstanceStatus' });
export type InstanceStatus = z.infer<typeof InstanceStatus>;
export const TaskStatus = z.enum(['pending', 'agreed', 'rejected', 'cancelled']).meta({ id: 'FlowTaskStatus' });
export type TaskStatus = z.infer<typeof TaskStatus>;
export type Decision = 'agree' | 'reject';

export const ModelRow = z
  .object({
    id: Uuid,
    key: z.string(),
    name: z.string(),
    description: z.string(),
    version: z.number().int().meta({ description: 'The newest deployed version; 0 before the first deploy' }),
    status: ModelStatus,
    publishedVersion: z.number().int().nullable(),
    updatedAt: Instant,
  })
  .meta({ id: 'FlowModelRow' });
export type ModelRow = z.infer<typeof ModelRow>;

export const ModelVersionRow = z
  .object({
    version: z.number().int(),
    deployedAt: Instant,
    deployedBy: z.string().nullable(),
    running: z.number().int(),
  })
  .meta({ id: 'FlowModelVersion' });
export type ModelVersionRow = z.infer<typeof ModelVersionRow>;

export const ModelDetail = ModelRow.extend({
  xml: z.string(),
  versions: z.array(ModelVersionRow),
}).meta({ id: 'FlowModelDetail' });
export type ModelDetail = z.infer<typeof ModelDetail>;

export interface ModelInput {
  key: string;
  name: string;
  description?: string;
  xml?: string;
}

/** A deploy refused: what is wrong, element by element. */
export const ModelProblem = z
  .object({
    key: z.string().meta({ description: 'A `server` namespace message key, already translated in `message`' }),
    element: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: 'FlowModelProblem' });
export type ModelProblem = z.infer<typeof ModelProblem>;

export const TaskRow = z
  .object({
    id: Uuid,
    instanceId: Uuid,
    name: z.string(),
    title: z.string(),
    businessType: z.string(),
    businessId: z.string().meta({
      description: 'The record the process decides (its history: /platform-system/audit/{businessType}/{businessId})',
    }),
    modelName: z.string(),
    starter: z.string(),
    status: TaskStatus,
    opinion: z.string().nullable(),
    handler: z.string().nullable(),
    createdAt: Instant,
    handledAt: Instant.nullable(),
    signatureMeanings: z
      .array(z.string())
      .nullable()
      .meta({ description: 'Deciding needs a signature with one of these meanings; null when not' }),
    signature: TaskSignature.nullable(),
  })
  .meta({ id: 'FlowTask' });
export type TaskRow = z.infer<typeof TaskRow>;

export const TaskCounts = z
  .object({
    pending: z.number().int(),
    finished: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'FlowTaskCounts' });
export type TaskCounts = z.infer<typeof TaskCounts>;

export const HistoryEntry = z
  .object({
    taskId: Uuid,
    elementId: z.string(),
    name: z.string(),
    status: TaskStatus,
    handler: z.string().nullable(),
    opinion: z.string().nullable(),
    createdAt: Instant,
    handledAt: Instant.nullable(),
    signature: TaskSignature.nullable(),
  })
  .meta({ id: 'FlowHistoryEntry' });
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const InstanceChart = z
  .object({
    instanceId: Uuid,
    title: z.string(),
    status: InstanceStatus,
    xml: z.string(),
    done: z.array(z.string()).meta({ description: 'Elements the run has left' }),
    current: z.array(z.string()).meta({ description: 'User tasks waiting now' }),
    history: z.array(HistoryEntry),
    startedAt: Instant,
    endedAt: Instant.nullable(),
    starter: z.string(),
  })
  .meta({ id: 'FlowInstanceChart' });
export type InstanceChart = z.infer<typeof InstanceChart>;

export const TaskDetail = TaskRow.extend({
  record: z
    .array(z.object({ label: z.string(), value: z.string() }))
    .meta({ description: 'The business record the task decides, as label/value pairs ready to show' }),
  canAct: z.boolean(),
}).meta({ id: 'FlowTaskDetail' });
export type TaskDetail = z.infer<typeof TaskDetail>;

/** What a decision left the task as. */
export const DecisionResult = z.object({ status: z.enum(['agreed', 'rejected']) }).meta({ id: 'FlowDecisionResult' });
export type DecisionResult = z.infer<typeof DecisionResult>;

export const BatchAuditResult = z
  .object({
    id: z.string(),
    ok: z.boolean(),
    message: z.string().nullable().meta({ description: 'The refusal, translated, when not ok' }),
  })
  .meta({ id: 'FlowBatchAuditResult' });
export type BatchAuditResult = z.infer<typeof BatchAuditResult>;
