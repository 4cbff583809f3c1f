import { lazy } from 'react';
import type { RouteTable } from '../kit/routing';

// The BPMN modeler and viewer are heavy: they load when a workflow page is opened.
const ModelsPage = lazy(() => import('./flow/ModelsPage').then((m) => ({ default: m.ModelsPage })));
const TasksPage = lazy(() => import('./flow/TasksPage').then((m) => ({ default: m.TasksPage })));

/** Workflow screens (issue 8). */
export const FLOW_ROUTES: RouteTable = {
  '/flow/model': ModelsPage,
  '/flow/task': TasksPage,
};
