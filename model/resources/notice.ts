import { defineResource, field } from '../engine';
import { NOTICE_LEVELS } from '../notice';

/**
 * Notices (SPEC §3, issue 9), served by their own routes (server/notice/): published to the tenant
 * or to factories, roles and users within a window, each with how many readers handled it.
 */
export const notice = defineResource({
  name: 'notice',
  service: 'platform-system',
  scope: 'tenant',
  served: 'feature',
  permissions: 'system:notice',
  path: '/system/notice',
  menu: { staff: true },
  verbs: ['view', 'add', 'edit', 'delete'],
  codeField: 'title',
  displayField: 'title',
  defaultSort: { field: 'publishAt', order: 'desc' },
  fields: {
    title: field.text({ required: true, max: 200, search: true }),
    level: field.enum('noticeLevel', NOTICE_LEVELS, { default: 'info', width: 100 }),
    content: field.textarea({ max: 200_000, list: false }),
    factoryIds: field.refs('factory', { list: false }),
    roleIds: field.refs('role', { list: false }),
    userIds: field.refs('app-user', { list: false }),
    publishAt: field.datetime({ width: 180 }),
    expireAt: field.datetime({ width: 180 }),
    readCount: field.int({ form: false, serverSet: true, width: 90 }),
  },
});
