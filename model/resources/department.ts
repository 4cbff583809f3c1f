import { defineResource, field, PATTERNS } from '../engine';

/**
 * Department (SPEC §3): a tree by parent whose level follows the parent (set by the server). The
 * workflow finds a department's head in `head_user_id` and walks up by `parent_id`.
 */
export const department = defineResource({
  name: 'department',
  service: 'cloudbase-system',
  scope: 'tenant',
  permissions: 'platform:department',
  path: '/platform/department',
  tree: { parent: 'parentId' },
  defaultSort: { field: 'sortNumber', order: 'asc' },
  fields: {
    code: field.code({ max: 64 }),
    name: field.text({ required: true, max: 128, search: true }),
    parentId: field.ref('department', { search: true }),
    level: field.int({ min: 1, max: 20, default: 1, form: false, io: false, serverSet: true }),
    sortNumber: field.int({ min: 0, max: 999_999, default: 0 }),
    headUserId: field.ref('app-user', { column: 'head_user_id' }),
    departmentRole: field.text({ max: 64, list: false }),
    contactPhone: field.text({ max: 20, pattern: PATTERNS.phone }),
    contactAddress: field.text({ max: 255, list: false }),
    enabled: field.bool({ default: true, search: true }),
  },
});
