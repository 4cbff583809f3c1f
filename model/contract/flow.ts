/** Workflow (`/flow-system/…`): models (deploy, publish, unpublish), task lists and decisions, flow charts. */
import { z } from 'zod';
import {
  BatchAuditResult, DecisionResult, InstanceChart, ModelDetail, ModelRow, TaskCounts, TaskDetail, TaskRow,
} from '../workflow/api';
import {
  FLOW_FIELD_LABELS as labels, FLOW_PERMISSIONS as P, agreeInput, batchAuditInput, modelCreateInput, modelUpdateInput, publishInput, rejectInput,
} from '../workflow/input';
import { IdParams, Nothing, pageOf } from './common';
import { endpoint, json } from './endpoint';

const tag = 'workflow';
const FlowPageQuery = z.object({
  page: z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1).max(100000).optional().default(1),
  size: z.coerce.number({ error: 'validation.number' }).int({ error: 'validation.integer' }).min(1).max(500).optional().default(20),
  keyword: z.string().trim().max(64).optional(),
});

const taskPage = (scope: 'pending' | 'finished') => endpoint({
  method: 'GET', path: `/flow-system/task/${scope}`, operationId: scope === 'pending' ? 'listPendingTasks' : 'listFinishedTasks', tag, auth: 'bearer',
  permission: P.taskView, summary: `Page of the current user's ${scope} tasks`, description: 'keyword: the subject or the task name contains it.',
  query: FlowPageQuery, labels, answer: json(pageOf(TaskRow)),
});

export const flow = {
  // ── Models ──
  listModels: endpoint({
    method: 'GET', path: '/flow-system/model', operationId: 'listFlowModels', tag, auth: 'bearer', permission: P.modelView,
    summary: 'Page of workflow models (name or key contains)', query: FlowPageQuery, labels, answer: json(pageOf(ModelRow)),
  }),
  getModel: endpoint({
    method: 'GET', path: '/flow-system/model/:id', operationId: 'getFlowModel', tag, auth: 'bearer', permission: P.modelView,
    summary: 'A workflow model with its draft XML and deployed versions', params: IdParams, answer: json(ModelDetail),
  }),
  createModel: endpoint({
    method: 'POST', path: '/flow-system/model', operationId: 'createFlowModel', tag, auth: 'bearer', permission: P.modelAdd,
    summary: 'Creates a model (a one-task draft when no XML is given)', description: '409 when the key is taken.',
    body: modelCreateInput, labels, answer: json(ModelDetail), errors: [409],
  }),
  updateModel: endpoint({
    method: 'PUT', path: '/flow-system/model/:id', operationId: 'updateFlowModel', tag, auth: 'bearer', permission: P.modelEdit,
    summary: 'Saves the draft (name, description, XML); deployed versions never change',
    description: 'The whole draft: name and XML required, a missing description saves as empty.',
    params: IdParams, body: modelUpdateInput, labels, answer: json(ModelDetail),
  }),
  deleteModel: endpoint({
    method: 'DELETE', path: '/flow-system/model/:id', operationId: 'deleteFlowModel', tag, auth: 'bearer', permission: P.modelDelete,
    summary: 'Deletes a model that is not published and never started', description: '409 when it is published or an instance used it.',
    params: IdParams, answer: json(Nothing), errors: [409],
  }),
  deploy: endpoint({
    method: 'POST', path: '/flow-system/model/:id/deploy', operationId: 'deployFlowModel', tag, auth: 'bearer', permission: P.deploy,
    summary: 'Checks the draft and stores it as the next version', description: 'A draft that cannot run answers 400 with `problems` (FlowModelProblem) in `data`.',
    params: IdParams, answer: json(ModelDetail),
  }),
  publish: endpoint({
    method: 'POST', path: '/flow-system/model/:id/publish', operationId: 'publishFlowModel', tag, auth: 'bearer', permission: P.publish,
    summary: 'New instances start on this version (default: the newest)', description: '409 before the first deploy or when that version is already published.',
    params: IdParams, body: publishInput, labels, answer: json(ModelDetail), errors: [409],
  }),
  unpublish: endpoint({
    method: 'POST', path: '/flow-system/model/:id/unpublish', operationId: 'unpublishFlowModel', tag, auth: 'bearer', permission: P.unpublish,
    summary: 'Stops new instances; running ones finish on their version', description: '409 when it is not published.',
    params: IdParams, answer: json(ModelDetail), errors: [409],
  }),
  // ── Tasks ──
  taskCount: endpoint({
    method: 'GET', path: '/flow-system/task/count', operationId: 'countMyTasks', tag, auth: 'bearer', permission: null,
    summary: "The current user's pending, finished and total tasks (the shell's counters)", answer: json(TaskCounts),
  }),
  pendingTasks: taskPage('pending'),
  finishedTasks: taskPage('finished'),
  getTask: endpoint({
    method: 'GET', path: '/flow-system/task/:id', operationId: 'getFlowTask', tag, auth: 'bearer', permission: P.taskView,
    summary: 'A task with the business record it decides', description: 'Only a task the user may decide or decided.',
    params: IdParams, answer: json(TaskDetail),
  }),
  agree: endpoint({
    method: 'POST', path: '/flow-system/task/:id/agree', operationId: 'agreeFlowTask', tag, auth: 'bearer', permission: P.agree,
    summary: 'Agrees to a task; the process moves on', description: '409 when the task was decided already.',
    params: IdParams, body: agreeInput, labels, answer: json(DecisionResult), errors: [409],
  }),
  reject: endpoint({
    method: 'POST', path: '/flow-system/task/:id/reject', operationId: 'rejectFlowTask', tag, auth: 'bearer', permission: P.reject,
    summary: 'Rejects a task (opinion required); the process ends rejected', description: '409 when the task was decided already.',
    params: IdParams, body: rejectInput, labels, answer: json(DecisionResult), errors: [409],
  }),
  batchAudit: endpoint({
    method: 'POST', path: '/flow-system/task/batch-audit', operationId: 'batchAuditFlowTasks', tag, auth: 'bearer', permission: P.batchAudit,
    summary: 'Decides many tasks with one opinion; answers a result per task', description: 'Each task on its own: a refusal is a result, never undoes the others.',
    body: batchAuditInput, labels, answer: json(z.array(BatchAuditResult)),
  }),
  // ── Instances ──
  chart: endpoint({
    method: 'GET', path: '/flow-system/instance/:id/chart', operationId: 'getFlowInstanceChart', tag, auth: 'bearer', permission: null,
    summary: 'The flow chart of an instance: its diagram, done and current nodes, history',
    description: 'For model viewers, the starter, and anyone the instance asked to decide.',
    params: IdParams, answer: json(InstanceChart),
  }),
};
