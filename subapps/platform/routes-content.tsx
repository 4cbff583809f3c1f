import type { RouteTable } from '../kit/routing';

/** Screens of notices, alarms, feedback, help and SOP documents, courses (issue 9). */
export const CONTENT_ROUTES: RouteTable = {};
