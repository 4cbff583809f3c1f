import { FEEDBACK_STATUSES } from '../account';
import { defineResource, field } from '../engine';

/**
 * Feedback as its administrators handle it (issue 9), served by server/feedback/: users submit it
 * from the shell; here it is handled with a status and an opinion, or deleted.
 */
export const feedback = defineResource({
  name: 'feedback',
  service: 'platform-system',
  scope: 'tenant',
  served: 'feature',
  permissions: 'system:feedback',
  path: '/system/feedback',
  // Export: a permission the menu has always held; the list is not exported yet.
  menu: { buttons: ['handle', 'export'] },
  verbs: ['view', 'delete'],
  history: true,
  codeField: 'description',
  displayField: 'description',
  defaultSort: { field: 'createdAt', order: 'desc' },
  fields: {
    description: field.textarea({ required: true, max: 500, list: true }),
    contact: field.text({ max: 128 }),
    createdAt: field.datetime({ serverSet: true, label: 'feedback.submittedAt', width: 180 }),
    status: field.enum('feedbackStatus', FEEDBACK_STATUSES, { search: true, width: 160 }),
    handleOpinion: field.textarea({ max: 1000, list: true }),
    handledAt: field.datetime({ serverSet: true, list: false }),
  },
});
