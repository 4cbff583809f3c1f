/** The administration side of notices, alarms, feedback, help and SOP documents, and courses (issue 9). */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { alarmAdminRoutes } from './alarm-admin';
import { courseRoutes } from './course';
import { feedbackAdminRoutes } from './feedback-admin';
import { helpDocAdminRoutes } from './help-doc-admin';
import { noticeAdminRoutes } from './notice-admin';

export function contentAdminRoutes(app: FastifyInstance, opts: { db: Kysely<DB> }): void {
  noticeAdminRoutes(app, opts);
  alarmAdminRoutes(app, opts);
  feedbackAdminRoutes(app, opts);
  helpDocAdminRoutes(app, opts);
  courseRoutes(app, opts);
}
